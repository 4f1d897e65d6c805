// A socket that takes changes (README, server) is sent, after each change, what changed in the
// seat's view since its last message: applied here to the view that socket had. Changes that do
// not start from that view (a version gap) or do not fit it give null: the caller reads the whole view.
import type { ApiView } from "../../../worker/table/view";

export interface ViewChanges {
  type: "changes";
  /** The version of the view these changes start from (the socket's last). */
  from: number;
  version: number;
  /** Fields replaced whole. */
  set: Record<string, unknown>;
  /** Lists changed element by element: index → the new element (an index at the end appends). */
  items?: Record<string, Record<string, unknown>>;
  /** Fields removed. */
  unset?: string[];
}

/** `base` with `changes` applied, or null when they do not start from it or do not fit it. */
export function applyChanges(base: ApiView | null, changes: ViewChanges): ApiView | null {
  if (!base || base.version !== changes.from || typeof changes.set !== "object" || changes.set === null) return null;
  const next: Record<string, unknown> = { ...base, ...changes.set };
  for (const [k, elems] of Object.entries(changes.items ?? {})) {
    const old = next[k];
    if (!Array.isArray(old)) return null;
    const list = old.slice();
    for (const [i, x] of Object.entries(elems)) {
      const at = Number(i);
      if (!Number.isInteger(at) || at < 0 || at > list.length) return null;
      list[at] = x;
    }
    next[k] = list;
  }
  for (const k of changes.unset ?? []) delete next[k];
  return next as ApiView;
}
