// Reserves: members who offer to take over seats others left. A seat a bot plays for now (its
// player left the table, was taken over after timing out, or was removed from the league) can go
// to a reserve instead: a new token (the old link stops), the table shows "Anna took over from
// Bert at hand 5", and the seat's whole result counts for the reserve (README, Leagues).
import type { Env } from "../base/env";
import { FailureError } from "../base/failure";
import { linkSeat, unlinkSeat } from "../players/store";
import { tableStub } from "../table/stub";
import { newSeatKey, seatFor } from "./games";
import { setSeatHolder, type LeagueRow, type LeagueTable, type MemberRow, type TakenOver } from "./store";
import { timeNow } from "../base/clock";

/**
 * Give `seat` of a running table to `reserve`. The table object checks, in its queue, that a bot
 * plays the seat now (409 SEAT_NOT_FREE otherwise) and swaps it; then the league records the new
 * holder, their link and the takeover. `from`: the member who held the seat, if any.
 */
export async function seatReserve(env: Env, league: LeagueRow, t: LeagueTable, seat: number, reserve: MemberRow, from: MemberRow | null, origin: string, now = timeNow()) {
  const key = await newSeatKey(origin, t.tableId);
  const done = await tableStub(env, t.tableId).takeOverSeat(seatFor(seat, reserve, league.botLevel, key), from?.name);
  if (!done.ok) throw new FailureError(done);
  if (reserve.playerId) await linkSeat(env.DB, { tableId: t.tableId, seat, playerId: reserve.playerId, link: key.link });
  else await unlinkSeat(env.DB, t.tableId, seat);
  const takenOver: TakenOver = { from: from?.id ?? null, fromName: done.from, hand: done.hand, at: now };
  await setSeatHolder(env.DB, t.tableId, seat, reserve.id, key.link, takenOver);
  return { link: key.link, takenOver };
}
