// The admin's rules for the league's time: closing a round (once every table of it is over),
// giving a round more time, and starting the next season (new rules and divisions only then).
import { raise } from "../base/failure";
import { checkDivisionSettings, divisionSettings, divisionsForNextSeason } from "./division-seasons";
import { logAndNotify } from "./news";
import { storedRules } from "./rules";
import { leagueState, type LeagueState } from "./state";
import * as store from "./store";
import type { PlacementEnv } from "../db/placement";
import type { LeagueRow, MemberRow, RoundRow } from "./store";
import { timeNow } from "../base/clock";

const DAY_MS = 86_400_000;

/** The current season's round `no`, still open (404 / 409 otherwise). */
export function openRound(rounds: RoundRow[], league: LeagueRow, no: number): RoundRow {
  const round = rounds.find((r) => r.season === league.season && r.no === no);
  if (!round) return raise(404, "NOT_FOUND", "There is no such round in this season.");
  if (round.closedAt !== null) raise(409, "ROUND_CLOSED", "This round is closed.");
  // Its tables are still being made (round-job.ts): nothing of it can be closed or moved yet.
  if (round.starting) raise(409, "TABLES_OPEN", "This round's tables are still being made; try again in a moment.");
  return round;
}

/**
 * Close a round once every table of it is over or decided. While a duplicate pool of it is being
 * played, how many tables are open would tell which of its tables have ended: not said then.
 */
export async function closeRound(d1: D1Database, league: LeagueRow, state: LeagueState, round: RoundRow) {
  const tables = state.tables.filter((t) => t.season === round.season && t.round === round.no);
  const open = tables.filter((t) => t.outcome === null);
  if (open.length) {
    const count = tables.some((t) => state.sealed.has(t.tableId)) ? "Tables" : `${open.length} table(s)`;
    raise(409, "TABLES_OPEN", `${count} of this round are still being played: decide them first (score as they stand, or annul).`);
  }
  const now = timeNow();
  await store.updateRound(d1, league.id, round.season, round.no, { closedAt: now });
  const data = { season: round.season, round: round.no };
  await logAndNotify(d1, league, now, { action: "roundClosed", data }, [store.noticeRow(league, null, "roundClosed", data, now)]);
  return { season: round.season, no: round.no, closedAt: now };
}

export async function extendRound(d1: D1Database, league: LeagueRow, round: RoundRow, days: number) {
  const deadline = round.deadline + days * DAY_MS;
  await store.updateRound(d1, league.id, round.season, round.no, { deadline });
  const now = timeNow();
  await logAndNotify(d1, league, now, { action: "deadlineExtended", data: { season: round.season, round: round.no, days, deadline } }, [
    store.noticeRow(league, null, "deadlineExtended", { season: round.season, round: round.no, deadline }, now),
  ]);
  return { season: round.season, no: round.no, deadline };
}

export interface SeasonInput {
  rules?: Record<string, unknown>;
  divisionSize?: number | null;
  divisionMoves?: number;
}

/**
 * Start the next season (no round open), with new rules or division settings if given: they
 * change only between seasons. With divisions, the new season's are placed from the final
 * standings of the season that ends (divisions.ts).
 */
export async function startSeason(env: PlacementEnv, league: LeagueRow, members: MemberRow[], body: SeasonInput) {
  const d1 = env.DB;
  const rules = body.rules ? storedRules(body.rules, league.tableSize) : league.rules;
  const state = await leagueState(env, league.id, league.season);
  if (state.rounds.some((r) => r.closedAt === null)) raise(409, "ROUND_OPEN", "Close the current round before starting a new season.");
  const season = league.season + 1;
  const divisionSize = body.divisionSize !== undefined ? body.divisionSize : league.divisionSize;
  const divisionMoves = body.divisionMoves ?? league.divisionMoves;
  checkDivisionSettings(divisionSize, divisionMoves, league.tableSize);
  const settings = divisionSettings({ divisionSize, divisionMoves, allowBots: league.allowBots });
  const placed = settings ? (await divisionsForNextSeason(d1, league, settings, members, state.tables)).length : 0;
  await store.updateLeague(d1, league.id, { season, rules, divisionSize, divisionMoves });
  const now = timeNow();
  await logAndNotify(d1, league, now, { action: "seasonStarted", data: { season, newRules: !!body.rules, ...(settings ? { divisions: { size: divisionSize, moves: divisionMoves, placed } } : {}) } }, [
    store.noticeRow(league, null, "seasonStarted", { season }, now),
  ]);
  return { season };
}
