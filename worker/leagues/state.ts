// What the league's routes read of its games, once per request: the tables of one season (the
// outcomes of games that ended since the last read copied in), the league's rounds, and which
// tables are sealed (duplicate pools still being played, sealed.ts). One season, not all: what a
// route reads stays the size of a season however many seasons the league has played (a past
// season's tables are all decided: a season ends only with its rounds closed).
import * as store from "./store";
import type { LeagueTable, RoundRow } from "./store";
import { sealedTables } from "./sealed";
import { syncFinished } from "./outcomes";
import type { PlacementEnv } from "../db/placement";

export interface LeagueState {
  tables: LeagueTable[];
  rounds: RoundRow[];
  sealed: Set<string>;
}

/** `env`: the directory (DB) holds the league; each game's rows are read where placement put them. */
export async function leagueState(env: PlacementEnv, leagueId: string, season: number): Promise<LeagueState> {
  const [tables, rounds] = await Promise.all([store.tablesOf(env.DB, leagueId, { season }), store.roundsOf(env.DB, leagueId)]);
  await syncFinished(env, tables);
  return { tables, rounds, sealed: sealedTables(tables, rounds) };
}

/** The state again after `t` was decided here (its pool may have finished with it). */
export const afterDecision = (s: LeagueState): LeagueState => ({ ...s, sealed: sealedTables(s.tables, s.rounds) });

/** The state of the season `tableId` was played in (the current one for a table of no season of the league). */
export async function stateOfTable(env: PlacementEnv, league: { id: string; season: number }, tableId: string): Promise<LeagueState> {
  return leagueState(env, league.id, (await store.seasonOfTable(env.DB, league.id, tableId)) ?? league.season);
}
