// The cards played between two views of a table: what the newer view's trick (or, when a trick
// was completed meanwhile, the last trick and then the new trick) adds to the older one. Pure.
import type { TableView } from "../api/tables";

type Played = { seat: number; card: string };

export function plays(before: TableView, after: TableView): Played[] {
  if (after.version <= before.version) return [];
  const seen = new Set(before.trick.map((p) => p.card));
  const out: Played[] = [];
  // A trick that ended between the views shows up as the last trick of the newer one.
  const lastIsNew = (after.lastTrick?.length ?? 0) > 0 && !sameTrick(before.lastTrick ?? [], after.lastTrick ?? []);
  if (lastIsNew) for (const p of after.lastTrick!) if (!seen.has(p.card)) out.push(p);
  const base = lastIsNew ? new Set<string>() : seen;
  for (const p of after.trick) if (!base.has(p.card)) out.push(p);
  return out;
}

const sameTrick = (a: Played[], b: Played[]) => a.length === b.length && a.every((p, i) => p.card === b[i].card);
