// What a duplicate round adds to the league page (beside page.ts, which it leaves as it is): each
// round says whether it is played duplicate, and `field` lists the score against the field of every
// member who has played a compared deal, best first (empty without a finished duplicate pool).
import type { FieldScore } from "./duplicate";
import type { MemberRow, RoundRow } from "./store";

/** A member's line of the score against the field. */
export interface FieldRow {
  member: string;
  name: string;
  score: number;
  boards: number;
}

type WithField<P extends { rounds: { season: number; no: number }[] }> = Omit<P, "rounds"> & { rounds: (P["rounds"][number] & { duplicate: boolean })[]; field: FieldRow[] };

export function withField<P extends { rounds: { season: number; no: number }[] }>(page: P, rounds: RoundRow[], field: FieldScore[], members: MemberRow[]): WithField<P> {
  const duplicate = new Set(rounds.filter((r) => r.duplicate).map((r) => `${r.season}:${r.no}`));
  const names = new Map(members.map((m) => [m.id, m.name]));
  return {
    ...page,
    rounds: page.rounds.map((r) => ({ ...r, duplicate: duplicate.has(`${r.season}:${r.no}`) })),
    field: field.map((f) => ({ member: f.member, name: names.get(f.member) ?? "?", score: f.score, boards: f.boards })),
  };
}
