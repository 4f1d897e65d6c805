// Reserves (worker/leagues/reserves.ts): a member offers to take over seats (POST /:id/reserve),
// and the admin gives a free seat to a reserve (POST /:id/tables/:tableId/seats/:seat/reserve),
// logged in the admin log. Mounted beside the other league routes under /api/leagues.
import { Hono } from "hono";
import * as v from "valibot";
import type { Env } from "../base/env";
import { raise } from "../base/failure";
import { seatReserve } from "../leagues/reserves";
import { logAndNotify } from "../leagues/news";
import { stateOfTable } from "../leagues/state";
import { leagueTable, refuseIfDecided, refuseSecondPoolSeat, seatAt } from "../leagues/table-admin";
import * as store from "../leagues/store";
import type { MemberRow } from "../leagues/store";
import { jsonBody } from "./json-body";
import { loadAdmin, loadLeague } from "./league-access";
import { publicOrigin } from "./public-origin";
import { timeNow } from "../base/clock";

export const reserveRoutes = new Hono<{ Bindings: Env }>();

const OfferSchema = v.object({ reserve: v.boolean("reserve: true or false.") });
const SeatSchema = v.object({ member: v.pipe(v.string(), v.maxLength(40)) });

reserveRoutes.post("/:id/reserve", jsonBody(OfferSchema), async (c) => {
  const { league, role } = await loadLeague(c);
  if (role.kind !== "member") return raise(403, "MEMBERS_ONLY", "Only a member of the league can offer to be a reserve.");
  const { reserve } = c.req.valid("json");
  await store.updateMember(c.env.DB, role.member.id, { reserve });
  if (reserve !== role.member.reserve) {
    const now = timeNow();
    await logAndNotify(c.env.DB, league, now, null, [store.noticeRow(league, null, reserve ? "reserveOffered" : "reserveWithdrawn", { member: role.member.id, name: role.member.name }, now)]);
  }
  return c.json({ member: role.member.id, reserve });
});

/** Who held a seat before their removal (or leaving the league) gave it to a bot, from the league's notices. */
async function releasedFrom(d1: D1Database, leagueId: string, tableId: string, seat: number, members: MemberRow[]): Promise<MemberRow | null> {
  for (const n of await store.noticesFor(d1, leagueId, null, 200)) {
    if (n.kind !== "memberRemoved" && n.kind !== "memberBanned") continue;
    const d = JSON.parse(n.data) as { member: string; seats?: { tableId: string; seat: number }[] };
    if (d.seats?.some((x) => x.tableId === tableId && x.seat === seat)) return members.find((m) => m.id === d.member) ?? null;
  }
  return null;
}

reserveRoutes.post("/:id/tables/:tableId/seats/:seat/reserve", jsonBody(SeatSchema), async (c) => {
  const { league, members } = await loadAdmin(c);
  const state = await stateOfTable(c.env, league, c.req.param("tableId"));
  const t = leagueTable(state, c.req.param("tableId"));
  const seat = seatAt(t, c.req.param("seat"));
  const body = c.req.valid("json");
  refuseIfDecided(t);
  const reserve = members.find((m) => m.id === body.member && m.status === "active");
  if (!reserve) return raise(404, "NOT_FOUND", "There is no such member in this league.");
  if (!reserve.reserve) raise(409, "NOT_RESERVE", `${reserve.name} has not offered to be a reserve.`);
  if (t.holders.includes(reserve.id)) raise(409, "ALREADY_SEATED", `${reserve.name} has a seat at this table already.`);
  await refuseSecondPoolSeat(c.env.DB, league, state, t, reserve);
  // The member the seat was taken from: its holder, or (a bot holds it since a removal or a
  // leaving) the member whose removal handed it to the bot.
  const from = members.find((m) => m.id === (t.holders[seat] ?? null)) ?? (await releasedFrom(c.env.DB, league.id, t.tableId, seat, members));
  const now = timeNow();
  const { takenOver } = await seatReserve(c.env, league, t, seat, reserve, from, publicOrigin(c), now);
  const data = { tableId: t.tableId, round: t.round, table: t.no, seat, from: from?.id ?? null, fromName: takenOver.fromName, to: reserve.id, toName: reserve.name, hand: takenOver.hand };
  await logAndNotify(c.env.DB, league, now, { action: "reserveSeated", data }, [
    ...(from ? [store.noticeRow(league, from.id, "seatTaken", { tableId: t.tableId, round: t.round, seat }, now)] : []),
    store.noticeRow(league, reserve.id, "seatGiven", { tableId: t.tableId, round: t.round, seat }, now),
    store.noticeRow(league, null, "reserveSeated", data, now),
  ]);
  return c.json({ tableId: t.tableId, seat, member: reserve.id, name: reserve.name, tookOver: { fromName: takenOver.fromName, hand: takenOver.hand } });
});
