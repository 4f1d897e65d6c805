// What changed in a seat's view, for a socket that takes changes instead of whole views (its auth
// message says `"changes": true`; README, server): the fields whose JSON text differs from the
// view that socket was last sent, as
// `{"type":"changes","from":<version it had>,"version":<new>,"set":{field: value, …},"unset":[field, …]}`.
// Made from the seat's own two views and nothing else, so it tells the seat nothing its whole view
// would not. The client applies it to the view it has at `from`, or reads the whole view anew.
import type { ViewParts } from "./view";

/** A view as one socket last received it: the fields' texts (`seen` included, if it was sent). */
export interface SentView {
  version: number;
  parts: ViewParts;
}

/** The changes message from `base` to `next`, or null when the seat's view is the same. */
export function changesMessage(base: SentView, next: SentView): string | null {
  const before = new Map<string, string>(base.parts);
  let set = "";
  for (const [k, text] of next.parts) {
    if (before.get(k) === text) {
      before.delete(k);
      continue;
    }
    before.delete(k);
    set += `${set ? "," : ""}${JSON.stringify(k)}:${text}`;
  }
  if (!set && before.size === 0) return null;
  const unset = before.size ? `,"unset":${JSON.stringify([...before.keys()])}` : "";
  return `{"type":"changes","from":${base.version},"version":${next.version},"set":{${set}}${unset}}`;
}

/** The parts of a view sent with the visit's `seen` mark (view.ts `withSeen` adds it last). */
export const withSeenPart = (parts: ViewParts, seen: number | undefined): ViewParts => (seen === undefined ? parts : [...parts, ["seen", JSON.stringify(seen)]]);
