// A duplicate round's pool is sealed while any of its tables is still being played: its tables
// are dealt the same cards, so whatever one of them did (points, hands played, places, who is to
// act, whether it ended, a reserve's hand) would tell the others about deals they still have to
// play. Outside a sealed table (to its own players it stays as it is) the league shows its seats
// only, and standings, divisions and exports count it once the whole pool is over.
import type { LeagueTable, RoundRow } from "./store";
import { resultsOf } from "./store";
import type { TableResult } from "./standings";

/** A table's pool within its league: tables of one size in one duplicate round (duplicate.ts's poolId). */
const poolKey = (t: LeagueTable) => `${t.season}:${t.round}:${t.holders.length}`;

const duplicateRounds = (rounds: RoundRow[]) => new Set(rounds.filter((r) => r.duplicate).map((r) => `${r.season}:${r.no}`));

/** The other tables of `t`'s duplicate pool (none outside a duplicate round). */
export function poolMates(tables: LeagueTable[], rounds: RoundRow[], t: LeagueTable): LeagueTable[] {
  if (!duplicateRounds(rounds).has(`${t.season}:${t.round}`)) return [];
  return tables.filter((x) => x.tableId !== t.tableId && poolKey(x) === poolKey(t));
}

/**
 * The ids of every table of a duplicate pool that is still being played (a table is over once it
 * has an outcome: finished, scored or annulled; `tables` must have been synced first).
 */
export function sealedTables(tables: LeagueTable[], rounds: RoundRow[]): Set<string> {
  const duplicate = duplicateRounds(rounds);
  const pools = new Map<string, LeagueTable[]>();
  for (const t of tables) if (duplicate.has(`${t.season}:${t.round}`)) pools.set(poolKey(t), [...(pools.get(poolKey(t)) ?? []), t]);
  const sealed = new Set<string>();
  for (const pool of pools.values()) if (pool.some((t) => t.outcome === null)) for (const t of pool) sealed.add(t.tableId);
  return sealed;
}

/** The results that count for standings and exports: none of a sealed table's yet. */
export const shownResults = (tables: LeagueTable[], sealed: Set<string>): TableResult[] => resultsOf(tables.filter((t) => !sealed.has(t.tableId)));

/**
 * A notice's or log entry's data, without what tells of play at a sealed table: the hand at which
 * a reserve took a seat over.
 */
export function sealedData<D extends Record<string, unknown>>(data: D, sealed: Set<string>): D {
  if (typeof data.tableId !== "string" || !sealed.has(data.tableId) || !("hand" in data)) return data;
  const out: Record<string, unknown> = { ...data };
  delete out.hand;
  return out as D;
}
