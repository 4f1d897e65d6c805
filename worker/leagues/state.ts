// What the league's routes read of its games, once per request: every table of the league (the
// outcomes of games that ended since the last read copied in), its rounds, and which tables are
// sealed (duplicate pools still being played, sealed.ts).
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
export async function leagueState(env: PlacementEnv, leagueId: string): Promise<LeagueState> {
  const [tables, rounds] = await Promise.all([store.tablesOf(env.DB, leagueId), store.roundsOf(env.DB, leagueId)]);
  await syncFinished(env, tables);
  return { tables, rounds, sealed: sealedTables(tables, rounds) };
}

/** The state again after `t` was decided here (its pool may have finished with it). */
export const afterDecision = (s: LeagueState): LeagueState => ({ ...s, sealed: sealedTables(s.tables, s.rounds) });
