// What changed in a seat's view, for a socket that takes changes instead of whole views (its auth
// message says `"changes": true`; README, server): the fields whose JSON text differs from the
// view that socket was last sent,
// `{"type":"changes","from":<version it had>,"version":<new>,"set":{field: value, …},"items":{list: {index: element, …}, …},"unset":[field, …]}`:
// `set` replaces a field; `items` replaces or appends single elements of a list that kept its
// elements or grew (the players, the tricks, the hands played); `unset` removes a field.
// Made from the seat's own two views and nothing else, so it tells the seat nothing its whole view
// would not. The client applies it to the view it has at `from`, or reads the whole view anew.
import type { ViewPart, ViewParts } from "./view";

/** A view as one socket last received it: the fields' texts (`seen` included, if it was sent). */
export interface SentView {
  version: number;
  parts: ViewParts;
}

/** The changed elements of a list as `{"i":element,…}`, or null when the whole list is shorter. */
function changedItems(before: readonly string[], after: readonly string[]): string | null {
  if (after.length < before.length || before.length === 0) return null;
  let out = "";
  for (let i = 0; i < after.length; i++) if (i >= before.length || before[i] !== after[i]) out += `${out ? "," : ""}"${i}":${after[i]}`;
  return `{${out}}`;
}

/** The changes message from `base` to `next`, or null when the seat's view is the same. */
export function changesMessage(base: SentView, next: SentView): string | null {
  const before = new Map<string, ViewPart>();
  for (const p of base.parts) before.set(p[0], p);
  let set = "", items = "";
  for (const [k, text, elems] of next.parts) {
    const old = before.get(k);
    before.delete(k);
    if (old && old[1] === text) continue;
    const changed = old?.[2] && elems ? changedItems(old[2], elems) : null;
    // Element by element only where that is shorter than the whole list.
    if (changed !== null && changed.length < text.length) items += `${items ? "," : ""}${JSON.stringify(k)}:${changed}`;
    else set += `${set ? "," : ""}${JSON.stringify(k)}:${text}`;
  }
  if (!set && !items && before.size === 0) return null;
  const unset = before.size ? `,"unset":${JSON.stringify([...before.keys()])}` : "";
  return `{"type":"changes","from":${base.version},"version":${next.version},"set":{${set}}${items ? `,"items":{${items}}` : ""}${unset}}`;
}

/** The parts of a view sent with the visit's `seen` mark (view.ts `withSeen` adds it last). */
export const withSeenPart = (parts: ViewParts, seen: number | undefined): ViewParts => (seen === undefined ? parts : [...parts, ["seen", JSON.stringify(seen)]]);
