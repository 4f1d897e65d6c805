// Divisions over a league's seasons: placing members when a season's first round is seated (and
// newcomers as they come), seating each division apart, and the next season's divisions from the
// last one's final standings (divisions.ts decides; this reads and writes).
import { raise } from "../base/failure";
import { firstDivisions, nextDivisions, type DivisionSettings } from "./divisions";
import { divisionsOf, placeMembers, type DivisionRow } from "./division-store";
import { computeStandings } from "./standings";
import * as store from "./store";
import type { LeagueRow, LeagueTable, MemberRow } from "./store";

/** The league's division settings, or null when it has no divisions. */
export function divisionSettings(league: Pick<LeagueRow, "divisionSize" | "divisionMoves" | "allowBots">): DivisionSettings | null {
  if (!league.divisionSize) return null;
  return { size: league.divisionSize, moves: league.divisionMoves, minSize: league.allowBots ? 1 : 3 };
}

/** The admin's division settings make sense together (400 otherwise). */
export function checkDivisionSettings(size: number | null, moves: number, tableSize: number): void {
  if (size === null) return;
  if (size < tableSize) raise(400, "INVALID_REQUEST", `divisionSize: at least the table size (${tableSize}).`);
  if (moves > Math.floor(size / 2)) raise(400, "INVALID_REQUEST", `divisionMoves: at most half a division (${Math.floor(size / 2)}).`);
}

const row = (league: LeagueRow, season: number, memberId: string, division: number, move: DivisionRow["move"]): DivisionRow => ({
  leagueId: league.id,
  season,
  memberId,
  division,
  move,
});

/** Members in the order of a season's standings (the order divisions begin in). */
function standingOrder(members: MemberRow[], tables: LeagueTable[], season: number): string[] {
  return computeStandings(
    members.map((m) => ({ id: m.id, name: m.name, removed: m.status !== "active" })),
    store.resultsOf(tables.filter((t) => t.season === season)),
  ).map((s) => s.member);
}

/**
 * The season's divisions, every active member placed: the first time in the order of last
 * season's standings (else in the order they joined), later newcomers in the lowest division.
 */
export async function placeActive(d1: D1Database, league: LeagueRow, members: MemberRow[], tables: LeagueTable[]): Promise<DivisionRow[]> {
  const s = divisionSettings(league)!;
  const season = league.season;
  const active = members.filter((m) => m.status === "active");
  let rows = await divisionsOf(d1, league.id, season);
  if (!rows.length) {
    const order = season > 1 ? standingOrder(active, tables, season - 1) : active.map((m) => m.id);
    rows = firstDivisions(order, s).map((p) => row(league, season, p.member, p.division, p.move));
    await placeMembers(d1, rows);
    return divisionsOf(d1, league.id, season);
  }
  const placed = new Set(rows.map((r) => r.memberId));
  const lowest = Math.max(...rows.map((r) => r.division));
  const fresh = active.filter((m) => !placed.has(m.id)).map((m) => row(league, season, m.id, lowest, "new"));
  if (fresh.length) {
    await placeMembers(d1, fresh);
    return divisionsOf(d1, league.id, season);
  }
  return rows;
}

/**
 * A new season begins (`league.season` is the season that ends): its divisions from the final
 * standings of each division of the season that ends, newcomers in the lowest.
 */
export async function divisionsForNextSeason(d1: D1Database, league: LeagueRow, s: DivisionSettings, members: MemberRow[], tables: LeagueTable[]): Promise<DivisionRow[]> {
  const ending = league.season;
  const next = ending + 1;
  const active = members.filter((m) => m.status === "active");
  const before = await divisionsOf(d1, league.id, ending);
  let placed;
  if (!before.length) {
    placed = firstDivisions(standingOrder(active, tables, ending), s);
  } else {
    const count = Math.max(...before.map((r) => r.division));
    const activeIds = new Set(active.map((m) => m.id));
    const standings = Array.from({ length: count }, (_, d) => {
      const inDivision = members.filter((m) => before.some((r) => r.memberId === m.id && r.division === d + 1));
      return standingOrder(inDivision, tables, ending).filter((id) => activeIds.has(id));
    });
    const was = new Set(before.map((r) => r.memberId));
    placed = nextDivisions(standings, active.filter((m) => !was.has(m.id)).map((m) => m.id), s);
  }
  const rows = placed.map((p) => row(league, next, p.member, p.division, p.move));
  await placeMembers(d1, rows);
  return rows;
}
