// The admin's rules for one table of the league: finding it and its seat, deciding it (scored as
// it stands, or annulled) and giving a seat to another member or a bot. A member never gets a
// seat at a second table of a duplicate pool: they would know the deals there (sealed.ts).
import type { Env } from "../base/env";
import { raise } from "../base/failure";
import { BOT_NAME, endDecidedTable, handOver, poolTableDecided } from "./games";
import { logAndNotify } from "./news";
import { poolMates } from "./sealed";
import { afterDecision, type LeagueState } from "./state";
import * as store from "./store";
import { gamesFor, resultOf } from "./outcomes";
import type { LeagueRow, LeagueTable, MemberRow } from "./store";
import { timeNow } from "../base/clock";

/** The league's table `tableId` (404 otherwise). */
export function leagueTable(state: LeagueState, tableId: string | undefined): LeagueTable {
  const t = state.tables.find((x) => x.tableId === tableId);
  return t ?? raise(404, "NOT_FOUND", "There is no such table in this league.");
}

/** The seat numbered `param` at `t` (404 otherwise). */
export function seatAt(t: LeagueTable, param: string | undefined): number {
  const seat = Number(param);
  if (!Number.isInteger(seat) || seat < 0 || seat >= t.holders.length) raise(404, "NOT_FOUND", "There is no such seat at this table.");
  return seat;
}

/** A table whose game has an outcome keeps its seats as they were. */
export function refuseIfDecided(t: LeagueTable): void {
  if (t.outcome !== null) raise(409, "ALREADY_DECIDED", "This table is over; its seats stay as they were.");
}

/**
 * Refuse a seat at `t` to `member` if they hold, or ever held, a seat at another table of its
 * duplicate pool (N2 of the probe): seated rotated, they would know another place's cards in
 * every deal. Every way a seat changes hands (the admin's, a reserve's) asks this first.
 */
export async function refuseSecondPoolSeat(d1: D1Database, league: LeagueRow, state: LeagueState, t: LeagueTable, member: MemberRow): Promise<void> {
  const mates = poolMates(state.tables, state.rounds, t);
  if (!mates.length) return;
  const seated = mates.some((m) => m.holders.includes(member.id)) || (await store.everSeatedAt(d1, league.id, mates.map((m) => m.tableId))).has(member.id);
  if (seated) raise(409, "POOL_SEATED", `${member.name} has a seat at another table of this duplicate round, whose deals are the same: they cannot sit here too.`);
}

/**
 * The admin decides a table: scored as it stands or annulled. Its game ends there (ended by the
 * league), and if that finishes its duplicate pool the pool's waiting tables show their reveal.
 * The result is answered only if it tells nobody anything: not while its pool is still sealed.
 */
export async function decide(env: Env, league: LeagueRow, state: LeagueState, t: LeagueTable, outcome: "score" | "annul") {
  if (t.outcome !== null) raise(409, "ALREADY_DECIDED", `This table is ${t.outcome} already.`);
  const now = timeNow();
  let result: store.StoredSeatResult[] | null = null;
  if (outcome === "score") {
    const g = (await gamesFor(env, [t.tableId])).get(t.tableId);
    if (!g) return raise(404, "NOT_FOUND", "This table's game is gone.");
    result = resultOf(g.state, t.holders, t.takenOver);
  }
  const how = outcome === "score" ? "scored" : "annulled";
  if (!(await store.decideTable(env.DB, t.tableId, how, result, now))) raise(409, "ALREADY_DECIDED", "This table has been decided already.");
  Object.assign(t, { outcome: how, result: result && JSON.stringify(result), decidedAt: now });
  await endDecidedTable(env, t.tableId, outcome);
  await poolTableDecided(env, t.tableId);
  const data = { tableId: t.tableId, round: t.round, table: t.no, outcome: how };
  await logAndNotify(env.DB, league, now, { action: "tableDecided", data }, [store.noticeRow(league, null, "tableDecided", { tableId: t.tableId, round: t.round, outcome: how }, now)]);
  const sealed = afterDecision(state).sealed.has(t.tableId);
  return { tableId: t.tableId, outcome: how, result: sealed ? null : result, ...(sealed ? { sealed: true } : {}) };
}

/** Give `seat` of `t` to `holder` (null: a bot of the league's level), logged and told. */
export async function giveSeat(env: Env, league: LeagueRow, members: MemberRow[], state: LeagueState, t: LeagueTable, seat: number, holder: MemberRow | null, origin: string) {
  refuseIfDecided(t);
  if (holder) {
    if (t.holders.includes(holder.id)) raise(409, "ALREADY_SEATED", `${holder.name} has a seat at this table already.`);
    await refuseSecondPoolSeat(env.DB, league, state, t, holder);
  } else if (t.holders[seat] === null) raise(409, "ALREADY_SEATED", "A bot holds this seat already.");
  await handOver(env, t.tableId, seat, holder, league.botLevel, origin);
  const now = timeNow();
  const before = t.holders[seat];
  const nameOf = (id: string | null) => (id ? (members.find((m) => m.id === id)?.name ?? "?") : BOT_NAME);
  const to = holder?.id ?? null;
  await logAndNotify(env.DB, league, now, { action: "seatGiven", data: { tableId: t.tableId, round: t.round, table: t.no, seat, from: before, fromName: nameOf(before), to, toName: nameOf(to) } }, [
    ...(before ? [store.noticeRow(league, before, "seatTaken", { tableId: t.tableId, round: t.round, seat }, now)] : []),
    ...(holder ? [store.noticeRow(league, holder.id, "seatGiven", { tableId: t.tableId, round: t.round, seat }, now)] : []),
  ]);
  return { tableId: t.tableId, seat, member: to, name: holder?.name ?? BOT_NAME };
}
