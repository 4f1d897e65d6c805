// Seating a round division by division: each division's members are seated among themselves,
// planned over the season from that division's own tables (seating.ts), and the tables numbered
// on through the divisions, top first.
import { SeatingError, seatRound, type SeatedTable, type SeatingInput } from "./seating";
import type { DivisionRow } from "./division-store";
import type { LeagueTable } from "./store";

export interface SeatedInDivision {
  seats: SeatedTable;
  /** null: the league has no divisions. */
  division: number | null;
}

/**
 * `base`: the seating input as without divisions (all active members, the season's tables);
 * `divisions`: the season's placements (null: no divisions).
 */
export function seatByDivision(base: SeatingInput, tables: LeagueTable[], divisions: DivisionRow[] | null): SeatedInDivision[] {
  if (!divisions) return seatRound(base).map((seats) => ({ seats, division: null }));
  const active = new Set(base.members);
  const count = Math.max(0, ...divisions.map((r) => r.division));
  const out: SeatedInDivision[] = [];
  for (let d = 1; d <= count; d++) {
    const members = divisions.filter((r) => r.division === d && active.has(r.memberId)).map((r) => r.memberId);
    if (!members.length) continue;
    const own = tables.filter((t) => t.division === d);
    try {
      const seated = seatRound({
        ...base,
        members,
        history: own.map((t) => t.holders),
        roundsPlayed: new Set(own.map((t) => t.round)).size,
        seed: `${base.seed ?? ""}:${d}`,
      });
      out.push(...seated.map((seats) => ({ seats, division: d })));
    } catch (e) {
      if (e instanceof SeatingError) throw new SeatingError(`Division ${d}: ${e.message}`);
      throw e;
    }
  }
  return out;
}
