// What the league's routes read of its games, once per request: the tables of one season (the
// outcomes of games that ended since the last read copied in), the league's rounds, and which
// tables are sealed (duplicate pools still being played, sealed.ts). One season, not all: what a
// route reads stays the size of a season however many seasons the league has played (a past
// season's tables are all decided: a season ends only with its rounds closed).
import * as store from "./store";
import type { LeagueTable, RoundRow } from "./store";
import { sealedTables } from "./sealed";
import { syncFinished, type GameRow } from "./outcomes";
import type { PlacementEnv } from "../db/placement";

export interface LeagueState {
  tables: LeagueTable[];
  rounds: RoundRow[];
  sealed: Set<string>;
  /** The games of the tables read that are still running (their outcome null after the sync). */
  games: Map<string, GameRow>;
}

/** `env`: the directory (DB) holds the league; each game's rows are read where placement put them. */
export async function leagueState(env: PlacementEnv, leagueId: string, season: number, round?: number): Promise<LeagueState> {
  const [tables, rounds] = await Promise.all([store.tablesOf(env.DB, leagueId, { season, round }), store.roundsOf(env.DB, leagueId)]);
  const games = await syncFinished(env, tables);
  return { tables, rounds, sealed: sealedTables(tables, rounds), games };
}

/**
 * One round's part of the state: its tables only. Enough for what concerns a round or one table of
 * it (deciding, a seat, closing): a duplicate pool never spans rounds (sealed.ts), so whether a
 * table is sealed reads the same; and it stays the size of a round however long the season runs.
 */
export const roundState = (env: PlacementEnv, leagueId: string, season: number, round: number): Promise<LeagueState> => leagueState(env, leagueId, season, round);

/**
 * The season's tables still running (no outcome: a round closes only once every table of it is
 * decided, so these are the open round's), the games that ended since copied in. What a member's
 * seats are handed over from, when they leave or come back: not the whole season.
 */
export async function runningTables(env: PlacementEnv, leagueId: string, season: number): Promise<LeagueTable[]> {
  const tables = await store.tablesOf(env.DB, leagueId, { season, running: true });
  await syncFinished(env, tables);
  return tables;
}

/** The state again after `t` was decided here (its pool may have finished with it). */
export const afterDecision = (s: LeagueState): LeagueState => ({ ...s, sealed: sealedTables(s.tables, s.rounds) });

/**
 * The state of the round `tableId` was played in (roundState); for a table of no round of the
 * league, the current season's (where it is not found: 404 from leagueTable).
 */
export async function stateOfTable(env: PlacementEnv, league: { id: string; season: number }, tableId: string): Promise<LeagueState> {
  const at = await store.roundOfTable(env.DB, league.id, tableId);
  return at ? roundState(env, league.id, at.season, at.round) : leagueState(env, league.id, league.season);
}
