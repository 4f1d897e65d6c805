// A socket that takes changes (README, server) is sent, after each change, the fields of the seat's
// view that changed since the last message: applied here to the view that socket had. A message
// that does not start from that view (a version gap) gives null: the caller reads the whole view.
import type { ApiView } from "../../../worker/table/view";

export interface ViewChanges {
  type: "changes";
  /** The version of the view these changes start from (the socket's last). */
  from: number;
  version: number;
  set: Record<string, unknown>;
  unset?: string[];
}

/** `base` with `changes` applied, or null when they do not start from it. */
export function applyChanges(base: ApiView | null, changes: ViewChanges): ApiView | null {
  if (!base || base.version !== changes.from || typeof changes.set !== "object" || changes.set === null) return null;
  const next: Record<string, unknown> = { ...base, ...changes.set };
  for (const k of changes.unset ?? []) delete next[k];
  return next as ApiView;
}
