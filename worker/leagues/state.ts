// What the league's routes read of its games, once per request: every table of the league (the
// outcomes of games that ended since the last read copied in), its rounds, and which tables are
// sealed (duplicate pools still being played, sealed.ts).
import * as store from "./store";
import type { LeagueTable, RoundRow } from "./store";
import { sealedTables } from "./sealed";
import { syncFinished } from "./outcomes";

export interface LeagueState {
  tables: LeagueTable[];
  rounds: RoundRow[];
  sealed: Set<string>;
}

export async function leagueState(d1: D1Database, leagueId: string): Promise<LeagueState> {
  const [tables, rounds] = await Promise.all([store.tablesOf(d1, leagueId), store.roundsOf(d1, leagueId)]);
  await syncFinished(d1, tables);
  return { tables, rounds, sealed: sealedTables(tables, rounds) };
}

/** The state again after `t` was decided here (its pool may have finished with it). */
export const afterDecision = (s: LeagueState): LeagueState => ({ ...s, sealed: sealedTables(s.tables, s.rounds) });
