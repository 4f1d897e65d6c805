// Who plays a seat and how the table's clock runs, changed from outside the table (its host,
// its league, a linked player's settings), in the object's queue (room-core.ts).
import { fail, type Failure } from "../base/failure";
import type { TableOptions } from "../deadlines/options";
import { replaceTableOptions } from "../players/facts";
import { gameDone } from "./lifecycle";
import type { SeatRecord, TableRecord } from "./model";
import { GIVEN_AWAY, UNAUTHORIZED, type RoomCore } from "./room-core";
import { closeSocket, sendError } from "./sockets";
import { updateSeat } from "./store";

/**
 * A seat changes hands: saved, its sockets closed (their token no longer opens it; `told`: sent
 * the reason first), `also` done, the clock told, a bot woken if it is now its turn.
 */
async function giveSeat(room: RoomCore, table: TableRecord, next: SeatRecord, reason: string, told = false, also?: () => Promise<void>): Promise<void> {
  await updateSeat(room.db(table.id), table.id, next);
  table.seats = table.seats.map((s) => (s.seat === next.seat ? next : s));
  for (const ws of room.socketsOf(next.seat)) {
    if (told) sendError(ws, { code: UNAUTHORIZED.code, message: reason });
    closeSocket(ws, 4003, reason);
  }
  await also?.();
  await room.clock.refresh(table);
  await room.wakeBots(table);
}

/**
 * The host sets the table's clock (time per decision, what happens on time-out). The decision
 * now awaited keeps the time it began with: nobody already on the clock has it changed under them.
 */
export function setClock(room: RoomCore, clock: { decisionMs: number | null; onTimeout: TableOptions["onTimeout"] }): Promise<{ ok: true; options: TableOptions } | Failure> {
  return room.withTable(async (table) => {
    if (gameDone(table)) return fail(409, "WRONG_PHASE", "The game is over; its clock no longer runs.");
    const options: TableOptions = { ...table.live!.options, ...clock };
    await replaceTableOptions(room.env.DB, table.id, options);
    await room.clock.setOptions(table, options);
    return { ok: true as const, options };
  });
}

/** A league gave a seat to someone else (worker/leagues). */
export function replaceSeat(room: RoomCore, seat: SeatRecord): Promise<{ ok: true } | Failure> {
  return room.withTable(async (table) => {
    if (!table.seats[seat.seat]) return fail(404, "NOT_FOUND", "There is no such seat.");
    await giveSeat(room, table, seat, GIVEN_AWAY);
    return { ok: true as const };
  });
}

/**
 * A league's reserve takes over a seat a bot plays for now (its player left, was taken over
 * after timing out, or was removed from the league): as replaceSeat, and the seat shows who took
 * over from whom at which hand (`from`: whose the seat was, when a bot holds it under its own name).
 * Refused while the seat's own player still plays it.
 */
export function takeOverSeat(room: RoomCore, seat: SeatRecord, from?: string): Promise<{ ok: true; from: string; hand: number } | Failure> {
  return room.withTable(async (table) => {
    const old = table.seats[seat.seat];
    if (!old) return fail(404, "NOT_FOUND", "There is no such seat.");
    if (gameDone(table)) return fail(409, "WRONG_PHASE", "The game is over; its seats stay as they were.");
    if (old.bot === null && !old.leftBot && !table.live?.away.includes(seat.seat)) return fail(409, "SEAT_NOT_FREE", "This seat's player still plays it.");
    const tookOver = { from: from ?? old.name, hand: table.state.handsPlayed.length + 1 };
    await giveSeat(room, table, { ...seat, leftBot: null, tookOver }, GIVEN_AWAY);
    return { ok: true as const, ...tookOver };
  });
}

/** What the host's page shows of the seats: names, bots, when each was first opened. */
export function hostSeats(
  room: RoomCore,
): Promise<{ ok: true; phase: string; clock: Pick<TableOptions, "decisionMs" | "onTimeout">; seats: { seat: number; name: string; bot: string | null; openedAt: number | null }[] } | Failure> {
  return room.withTable(async (table) => {
    const seen = await room.seen.all();
    const { decisionMs, onTimeout } = table.live!.options;
    return {
      ok: true as const,
      phase: table.state.phase,
      clock: { decisionMs, onTimeout },
      seats: table.seats.map((s) => ({ seat: s.seat, name: s.name, bot: s.bot, openedAt: seen[s.seat] ?? null })),
    };
  });
}

/**
 * The host gives a human seat a new token (and maybe a new name: another person), or hands it
 * to a bot. The old token opens nothing from now on; its sockets are closed at once.
 */
export function hostSeat(room: RoomCore, seatNo: number, change: { tokenHash: string; name?: string } | { bot: string }): Promise<{ ok: true; name: string } | Failure> {
  return room.withTable(async (table) => {
    const old = table.seats[seatNo];
    if (!old) return fail(404, "NOT_FOUND", "There is no such seat.");
    if (old.bot !== null || old.tokenHash === null) return fail(400, "BOT_SEAT", "A bot plays this seat; it has no link.");
    if (table.state.phase === "over") return fail(409, "WRONG_PHASE", "The game is over.");
    const seat: SeatRecord = "bot" in change ? { ...old, tokenHash: null, bot: change.bot } : { ...old, tokenHash: change.tokenHash, name: change.name ?? old.name };
    const reason = "bot" in change ? "The host gave this seat to a bot." : "The host gave this seat a new link.";
    await giveSeat(room, table, seat, reason, true, async () => {
      await room.seen.clear(seatNo);
      await room.lastSeen.forget(seatNo);
    });
    return { ok: true as const, name: seat.name };
  });
}

/** A linked player's settings, seats or vacation changed (players API). */
export async function playersChanged(room: RoomCore): Promise<void> {
  await room.serial(async () => {
    const table = await room.load();
    if (table) await room.clock.refresh(table);
  });
}
