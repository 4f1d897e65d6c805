// The league page's divisions (pure): for a season, each division's standings among its members,
// how each member came into it (up, down, new) and where they stand for the season's end.
import { zones, type Move } from "./divisions";
import type { DivisionRow } from "./division-store";
import { computeStandings, type Standing, type TableResult } from "./standings";
import type { LeagueRow, MemberRow } from "./store";

export interface DivisionView {
  no: number;
  standings: (Standing & { move: Move; zone: "up" | "down" | null })[];
}

/**
 * null when the season has no divisions. Active members not placed yet (joined since the round
 * began) are shown in the lowest division as new: that is where the next round seats them.
 */
export function divisionsView(league: Pick<LeagueRow, "divisionMoves">, members: MemberRow[], rows: DivisionRow[], results: TableResult[]): DivisionView[] | null {
  if (!rows.length) return null;
  const count = Math.max(...rows.map((r) => r.division));
  const placed = new Map(rows.map((r) => [r.memberId, r]));
  const byDivision = Array.from({ length: count }, (_, d) =>
    members.filter((m) => placed.get(m.id)?.division === d + 1 || (d + 1 === count && !placed.has(m.id) && m.status === "active")),
  );
  const tables = byDivision.map((ms) =>
    computeStandings(
      ms.map((m) => ({ id: m.id, name: m.name, removed: m.status !== "active" })),
      results,
    ),
  );
  const active = new Set(members.filter((m) => m.status === "active").map((m) => m.id));
  const sizes = tables.map((s) => s.filter((r) => active.has(r.member)).length);
  return tables.map((standings, d) => {
    const z = zones(sizes, d + 1, league.divisionMoves);
    let k = 0;
    return {
      no: d + 1,
      standings: standings.map((r) => ({
        ...r,
        move: placed.has(r.member) ? placed.get(r.member)!.move : "new",
        zone: active.has(r.member) ? z[k++] : null,
      })),
    };
  });
}
