// A league round started in slices, each one invocation within the CPU budget (README "CPU per
// invocation"): the round's row is claimed `starting` by the request (rounds.ts), then the
// league's round object (round-room.ts) runs one slice per alarm: the seating's annealing a few
// thousand steps at a time, each table prepared (its id and seat keys kept, sealed) and then made,
// and last the league's rows (tables, seats, notices, log entry, the row no longer starting) in
// one batch. The job is plain data kept between slices; every slice is safe to run again after
// a failure: a table is made under the id kept for it, and one already there is not made twice.
import type { Env } from "../base/env";
import { sealLink, openLink } from "../base/link-crypto";
import { logEvent } from "../base/log";
import { newSeed } from "../table/tokens";
import { tableMarksOf } from "../players/table-rows";
import { createLeagueGame, prepareGame, releaseSeats, BOT_NAME } from "./games";
import { poolId, poolsOf, rotate } from "./duplicate";
import { rulesFor } from "./rules";
import { finishSeating, seasonPlan, startSeating, stepSeating, type SeatedTable, type SeatingJob } from "./seating";
import type { SeatingTask } from "./division-seating";
import * as store from "./store";
import { noticeRow, type LeagueRow, type MemberRow } from "./store";

/** Annealing steps per slice: ~2–3 ms of CPU for 40 members in workerd (bench:cpu, "round slice"). */
export const SEATING_STEPS = 4_000;

interface JobTable {
  tableId: string;
  seats: SeatedTable;
  division: number | null;
  /** Per seat: the token's hash and the sealed link (null for bots). */
  keys: ({ tokenHash: string; sealed: string } | null)[];
  made: boolean;
}

export interface RoundJob {
  leagueId: string;
  season: number;
  no: number;
  duplicate: boolean;
  base: string;
  startedAt: number;
  deadline: number;
  tasks: SeatingTask[];
  seating: (SeatingJob | null)[];
  taskAt: number;
  /** Seated, in table order; then prepared and made one by one. */
  seated: { seats: SeatedTable; division: number | null }[] | null;
  tables: JobTable[];
  /** Duplicate rounds: the deal pool's seed per table size. */
  poolSeeds: Record<number, string>;
  step: "seat" | "tables" | "commit" | "guard" | "done";
}

/** The season's plans kept between rounds (by plan key: seed, members, shapes), in the round object. */
export interface PlanShelf {
  get(key: string): Promise<string[][][] | undefined>;
  put(key: string, plan: string[][][]): Promise<void>;
}

export function newJob(league: LeagueRow, no: number, duplicate: boolean, base: string, startedAt: number, deadline: number, tasks: SeatingTask[]): RoundJob {
  return { leagueId: league.id, season: league.season, no, duplicate, base, startedAt, deadline, tasks, seating: tasks.map(() => null), taskAt: 0, seated: null, tables: [], poolSeeds: {}, step: "seat" };
}

/** One slice of the job (in place); whether the job is done. */
export async function roundSlice(env: Env, job: RoundJob, shelf: PlanShelf): Promise<boolean> {
  if (job.step === "seat") await seatSlice(job, shelf);
  else if (job.step === "tables") await tableSlice(env, job);
  else if (job.step === "commit") await commitSlice(env, job);
  else if (job.step === "guard") await guardSlice(env, job);
  return job.step === "done";
}

async function seatSlice(job: RoundJob, shelf: PlanShelf): Promise<void> {
  const i = job.taskAt;
  const task = job.tasks[i];
  const input = { ...task.input, random: Math.random };
  let s = job.seating[i];
  if (!s) {
    s = startSeating(input);
    // A season's plan from an earlier round of it: followed without a walk.
    const kept = await shelf.get(s.planKey);
    if (kept) s = startSeating(input, kept);
    job.seating[i] = s;
  }
  if (!stepSeating(s, input, SEATING_STEPS)) return;
  const plan = seasonPlan(s);
  if (plan) await shelf.put(s.planKey, plan);
  job.taskAt++;
  if (job.taskAt < job.tasks.length) return;
  job.seated = job.tasks.flatMap((t, k) => finishSeating(job.seating[k]!, { ...t.input, random: Math.random }).map((seats) => ({ seats, division: t.division })));
  job.seating = job.tasks.map(() => null); // done with: the job stays small
  job.step = "tables";
}

async function leagueOf(env: Env, job: RoundJob): Promise<{ league: LeagueRow; byId: Map<string, MemberRow> }> {
  const [league, members] = await Promise.all([store.leagueById(env.DB, job.leagueId), store.membersOf(env.DB, job.leagueId)]);
  if (!league) throw new Error("the league of a round being started is gone");
  return { league, byId: new Map(members.map((m) => [m.id, m])) };
}

/** A table prepared (its id and keys kept) in one slice, made in the next. */
async function tableSlice(env: Env, job: RoundJob): Promise<void> {
  const seated = job.seated!;
  const i = job.tables.findIndex((t) => !t.made);
  const { league, byId } = await leagueOf(env, job);
  const places = poolsOf(seated.map((s) => s.seats.length));
  if (i < 0) {
    if (job.tables.length === seated.length) {
      job.step = "commit";
      return;
    }
    const k = job.tables.length;
    const seats = job.duplicate ? rotate(seated[k].seats, places[k].place) : seated[k].seats;
    const prepared = await prepareGame(job.base, seats.map((m) => (m ? byId.get(m) ?? null : null)));
    const keys = await Promise.all(prepared.keys.map(async (key) => (key ? { tokenHash: key.tokenHash, sealed: await sealLink(key.link) } : null)));
    job.tables.push({ tableId: prepared.tableId, seats, division: seated[k].division, keys, made: false });
    return;
  }
  const t = job.tables[i];
  // Tried before and made then (the slice failed after): not made twice.
  if ((await tableMarksOf(env, [t.tableId])).has(t.tableId)) {
    t.made = true;
    return;
  }
  const size = t.seats.length;
  const rules = rulesFor(league, size);
  if (!rules) throw new Error(`the league's rules do not allow a table of ${size}`);
  if (job.duplicate) job.poolSeeds[size] ??= newSeed();
  const pool = job.duplicate ? { id: poolId(league.id, job.season, job.no, size), seed: job.poolSeeds[size] } : undefined;
  const keys = await Promise.all(t.keys.map(async (k) => (k ? { tokenHash: k.tokenHash, link: await openLink(k.sealed) } : null)));
  await createLeagueGame(env, league, rules, t.seats.map((m) => (m ? byId.get(m) ?? null : null)), { tableId: t.tableId, keys }, pool);
  t.made = true;
}

/** The league's rows in one batch; done already when the round no longer reads as starting. */
async function commitSlice(env: Env, job: RoundJob): Promise<void> {
  const round = (await store.roundsOf(env.DB, job.leagueId)).find((r) => r.season === job.season && r.no === job.no);
  if (round?.starting) {
    const { league, byId } = await leagueOf(env, job);
    const name = (m: string | null) => (m ? byId.get(m)?.name ?? BOT_NAME : BOT_NAME);
    const tables = job.tables.map((t, i) => ({ tableId: t.tableId, season: job.season, round: job.no, no: i + 1, seats: t.seats, sealed: t.keys.map((k) => k?.sealed ?? null), division: t.division }));
    const notices = tables.flatMap((t) =>
      t.seats.flatMap((m) =>
        m ? [noticeRow(league, m, "roundStarted", { season: job.season, round: job.no, tableId: t.tableId, with: t.seats.filter((o) => o !== m).map(name), deadline: job.deadline }, job.startedAt)] : [],
      ),
    );
    const log = { leagueId: league.id, action: "roundStarted", data: JSON.stringify({ season: job.season, round: job.no, tables: tables.length, ...(job.duplicate ? { duplicate: true } : {}) }), at: job.startedAt, undoUntil: null };
    await store.commitRound(env.DB, league.id, job.season, job.no, tables, notices, log);
  }
  job.step = "guard";
}

/**
 * A member removed while the round was being seated: their removal marks them removed before it
 * looks for their seats, and these tables are in D1 now, so one of the two sees the other.
 */
async function guardSlice(env: Env, job: RoundJob): Promise<void> {
  const { league, byId } = await leagueOf(env, job);
  const gone = new Set([...byId.values()].filter((m) => m.status !== "active").map((m) => m.id));
  if (job.tables.some((t) => t.seats.some((m) => m && gone.has(m)))) {
    const ids = new Set(job.tables.map((t) => t.tableId));
    const fresh = (await store.tablesOf(env.DB, league.id, { season: job.season, round: job.no })).filter((t) => ids.has(t.tableId));
    for (const m of gone) await releaseSeats(env, league, fresh, m, job.base);
  }
  job.step = "done";
}

/** A job that keeps failing: its round is given back (the admin may start it again), as before slices. */
export async function abandon(env: Env, job: RoundJob, e: unknown): Promise<void> {
  logEvent("error", "league.round_start_failed", { leagueId: job.leagueId }, e);
  const round = (await store.roundsOf(env.DB, job.leagueId)).find((r) => r.season === job.season && r.no === job.no);
  if (round?.starting) await store.dropRound(env.DB, job.leagueId, job.season, job.no);
}
