// Starting a league round: the next number claimed (a second start stops there), the members
// seated (worker/leagues/seating.ts), one game per table through the table server, and a notice
// for each member seated.
import type { Env } from "../base/env";
import { raise } from "../base/failure";
import { createLeagueGame, releaseSeats } from "./games";
import { poolId, poolsOf, rotate } from "./duplicate";
import { newSeed } from "../table/tokens";
import { rulesFor } from "./rules";
import { SeatingError } from "./seating";
import { seatByDivision } from "./division-seating";
import { divisionSettings, placeActive } from "./division-seasons";
import * as store from "./store";
import { noticeRow, type LeagueRow, type MemberRow } from "./store";
import { timeNow } from "../base/clock";

const DAY_MS = 86_400_000;

/**
 * Start the next round of the league's season (`asked`: the number the admin expects, if any).
 * `duplicate`: tables of the same size share a deal pool, their members seated rotated (duplicate.ts).
 */
export async function startRound(env: Env, league: LeagueRow, members: MemberRow[], base: string, asked?: number, duplicate = false) {
  const rounds = (await store.roundsOf(env.DB, league.id)).filter((r) => r.season === league.season);
  if (rounds.some((r) => r.closedAt === null)) raise(409, "ROUND_OPEN", "Close the current round before starting the next.");
  const no = rounds.length + 1;
  if (asked !== undefined && asked !== no) raise(409, "ROUND_EXISTS", `Round ${asked} has been started already; the next is ${no}.`);
  const active = members.filter((m) => m.status === "active");
  const sizes = [3, 4, 5].filter((n) => rulesFor(league, n));
  const all = await store.tablesOf(env.DB, league.id);
  const tables = all.filter((t) => t.season === league.season);
  // With divisions, each division is seated among itself (division-seating.ts).
  const divisions = divisionSettings(league) ? await placeActive(env.DB, league, members, all) : null;
  let seated;
  try {
    seated = seatByDivision({
      members: active.map((m) => m.id),
      tableSize: league.tableSize,
      allowBots: league.allowBots,
      maxSeats: Math.max(league.tableSize, ...sizes),
      history: tables.map((t) => t.holders),
      seasonRounds: league.seasonRounds,
      roundsPlayed: rounds.length,
      seed: `${league.id}:${league.season}`,
      random: Math.random,
    }, tables, divisions);
  } catch (e) {
    if (e instanceof SeatingError) return raise(409, "NOT_ENOUGH_MEMBERS", e.message);
    throw e;
  }
  const now = timeNow();
  const deadline = now + league.roundDays * DAY_MS;
  // The round's key claims it: a second start (a double click, two admins) stops here.
  if (!(await store.claimRound(env.DB, { leagueId: league.id, season: league.season, no, startedAt: now, deadline, closedAt: null, duplicate }))) {
    raise(409, "ROUND_EXISTS", `Round ${no} has been started already.`);
  }
  const seating = seated.map((s) => s.seats);
  const byId = new Map(active.map((m) => [m.id, m]));
  const created: store.NewLeagueTable[] = [];
  try {
    const places = poolsOf(seating.map((seats) => seats.length));
    const seeds = new Map<number, string>();
    for (const [i, sitting] of seating.entries()) {
      const rules = rulesFor(league, sitting.length);
      if (!rules) raise(409, "INVALID_RULES", `The league's rules do not allow a table of ${sitting.length}.`);
      const size = sitting.length;
      if (duplicate && !seeds.has(size)) seeds.set(size, newSeed());
      const pool = duplicate ? { id: poolId(league.id, league.season, no, size), seed: seeds.get(size)! } : undefined;
      const seats = duplicate ? rotate(sitting, places[i].place) : sitting;
      const game = await createLeagueGame(env, league, rules!, seats.map((m) => (m ? byId.get(m)! : null)), base, pool);
      created.push({ tableId: game.tableId, season: league.season, round: no, no: i + 1, seats, links: game.links, division: seated[i].division });
    }
    const notices = created.flatMap((t) =>
      t.seats.flatMap((m) =>
        m ? [noticeRow(league, m, "roundStarted", { season: league.season, round: no, tableId: t.tableId, with: t.seats.filter((o) => o !== m).map((o) => (o ? byId.get(o)!.name : "Bot")), deadline }, now)] : [],
      ),
    );
    await store.insertRoundTables(env.DB, league.id, created, notices);
  } catch (e) {
    // Give the number back so the admin can start the round again (games made so far are left unused).
    await store.dropRound(env.DB, league.id, league.season, no);
    throw e;
  }
  // A member removed while the round was being seated: their removal marks them removed before it
  // looks for their seats, and these tables are in D1 now, so one of the two sees the other.
  const gone = new Set((await store.membersOf(env.DB, league.id)).filter((m) => m.status !== "active").map((m) => m.id));
  if (created.some((t) => t.seats.some((m) => m && gone.has(m)))) {
    const fresh = (await store.tablesOf(env.DB, league.id)).filter((t) => created.some((x) => x.tableId === t.tableId));
    for (const m of gone) await releaseSeats(env, league, fresh, m, base);
    for (const t of created) t.seats = t.seats.map((m) => (m && gone.has(m) ? null : m));
  }
  return { no, deadline, created, byId };
}
