// Starting a league round: the request checks it can be seated, claims the next number (a second
// start stops there) with the round `starting`, and hands the work to the league's round object,
// which does it in slices (round-job.ts, round-room.ts) and tells the request when it is done;
// the request answers the round as it stands then.
import type { Env } from "../base/env";
import { raise } from "../base/failure";
import { rulesFor } from "./rules";
import { SeatingError, tableShapes } from "./seating";
import { seatingTasks } from "./division-seating";
import { divisionSettings, placeActive } from "./division-seasons";
import { newJob, roundSlice, type PlanShelf, type RoundJob } from "./round-job";
import type { RoundRoom } from "./round-room";
import { BOT_NAME } from "./games";
import * as store from "./store";
import type { LeagueRow, MemberRow } from "./store";
import { timeNow } from "../base/clock";

const DAY_MS = 86_400_000;

/**
 * Claim the next round of the league's season (`asked`: the number the admin expects, if any) and
 * make the job that starts it. `duplicate`: tables of the same size share a deal pool, their
 * members seated rotated (duplicate.ts).
 */
export async function claimRound(env: Env, league: LeagueRow, members: MemberRow[], base: string, asked?: number, duplicate = false): Promise<RoundJob> {
  const rounds = (await store.roundsOf(env.DB, league.id)).filter((r) => r.season === league.season);
  if (rounds.some((r) => r.closedAt === null)) raise(409, "ROUND_OPEN", "Close the current round before starting the next.");
  const no = rounds.length + 1;
  if (asked !== undefined && asked !== no) raise(409, "ROUND_EXISTS", `Round ${asked} has been started already; the next is ${no}.`);
  const active = members.filter((m) => m.status === "active");
  const sizes = [3, 4, 5].filter((n) => rulesFor(league, n));
  const tables = await store.tablesOf(env.DB, league.id, { season: league.season });
  // With divisions, each division is seated among itself (division-seating.ts).
  const divisions = divisionSettings(league) ? await placeActive(env.DB, league, members, league.season > 1 ? await store.tablesOf(env.DB, league.id, { season: league.season - 1 }) : tables) : null;
  let tasks;
  try {
    tasks = seatingTasks(
      {
        members: active.map((m) => m.id),
        tableSize: league.tableSize,
        allowBots: league.allowBots,
        maxSeats: Math.max(league.tableSize, ...sizes),
        history: tables.map((t) => t.holders),
        seasonRounds: league.seasonRounds,
        roundsPlayed: rounds.length,
        seed: `${league.id}:${league.season}`,
      },
      tables,
      divisions,
    );
  } catch (e) {
    if (e instanceof SeatingError) return raise(409, "NOT_ENOUGH_MEMBERS", e.message);
    throw e;
  }
  for (const t of tasks)
    for (const shape of tableShapes(new Set(t.input.members).size, t.input.tableSize, t.input.allowBots, t.input.maxSeats)) {
      if (!rulesFor(league, shape.seats)) raise(409, "INVALID_RULES", `The league's rules do not allow a table of ${shape.seats}.`);
    }
  const now = timeNow();
  const deadline = now + league.roundDays * DAY_MS;
  // The round's key claims it: a second start (a double click, two admins) stops here.
  if (!(await store.claimRound(env.DB, { leagueId: league.id, season: league.season, no, startedAt: now, deadline, closedAt: null, duplicate, starting: true }))) {
    raise(409, "ROUND_EXISTS", `Round ${no} has been started already.`);
  }
  return newJob(league, no, duplicate, base, now, deadline, tasks);
}

/**
 * Run the job's slices in the league's round object; true once done within `waitMs`. Without
 * the object's binding (a bench's Worker), the slices run here, one after another.
 */
export async function runRound(env: Env, job: RoundJob, waitMs: number): Promise<boolean> {
  if (!env.ROUNDS) {
    const plans = new Map<string, string[][][]>();
    const shelf: PlanShelf = { get: async (k) => plans.get(k), put: async (k, p) => void plans.set(k, p) };
    while (!(await roundSlice(env, job, shelf)));
    return true;
  }
  const room = (env.ROUNDS as unknown as DurableObjectNamespace<RoundRoom>).getByName(job.leagueId);
  return room.begin(job, waitMs);
}

/**
 * A round as the start answers it: `status` "starting" while its tables are being made (none
 * listed yet), "open" once they are; null when there is no such round.
 */
export async function roundAnswer(env: Env, league: LeagueRow, season: number, no: number) {
  const round = (await store.roundsOf(env.DB, league.id)).find((r) => r.season === season && r.no === no);
  if (!round) return null;
  // Starting: no tables yet, so nothing more to read.
  const [members, tables] = round.starting ? [[], []] : await Promise.all([store.membersOf(env.DB, league.id), store.tablesOf(env.DB, league.id, { season, round: no })]);
  const byId = new Map(members.map((m) => [m.id, m]));
  return {
    season,
    no,
    deadline: round.deadline,
    duplicate: round.duplicate,
    status: round.starting ? ("starting" as const) : ("open" as const),
    tables: tables.map((t) => ({ tableId: t.tableId, no: t.no, seats: t.holders.map((m, seat) => ({ seat, member: m, name: m ? (byId.get(m)?.name ?? BOT_NAME) : BOT_NAME })) })),
  };
}
