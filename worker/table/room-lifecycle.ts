// How a game at a table begins, ends and begins again, in the object's queue (room-core.ts): the
// table is stored; a seat leaves, asks for a rematch, proposes or declines an end by agreement; the league ends it.
// Each change first checks the cache against D1 (`true`: RoomCore.current), as no version guards it.
import { fail, type Failure } from "../base/failure";
import { broadcast } from "./sockets";
import { insertTable, setRematch, updateSeat } from "./store";
import { agree, endAsItStands, gameDone, rematchDealer, rematchSeats, standInLevel, standingProposal } from "./lifecycle";
import type { EndProposal, TableEnd, TableRecord } from "./model";
import { rematchFor, type Rematch } from "./rematch";
import { KEYS, SEAT_LEFT, type RoomCore } from "./room-core";
import { leagueEndRefused } from "./league-end";
import { timeNow } from "../base/clock";

/** A new table (its id the name of this object): stored in D1, its clock and bots started. */
export function start(room: RoomCore, table: TableRecord): Promise<{ ok: true } | Failure> {
  return room.serial(async () => {
    if (table.id !== room.id) return fail(500, "INTERNAL", "A table was started on another table's object.");
    await insertTable(await room.placeNew(table.id), table);
    await room.keepId(table.id);
    await room.clock.attach(table);
    room.table = table;
    await room.wakeBots(table);
    return { ok: true as const };
  });
}

/** POST /leave: from now on a bot of the table's level plays the seat to the end; the others see it. */
export function leave(room: RoomCore, tokenHash: string): Promise<{ ok: true; seat: number; bot: string } | Failure> {
  return room.seated(tokenHash, async (table, seat) => {
    if (gameDone(table)) return fail(409, "WRONG_PHASE", "The game is over; there is nothing to leave.");
    const s = table.seats[seat];
    if (s.leftBot) return fail(409, "ALREADY_LEFT", "You have already left this game; a bot plays your seat.");
    const left = { ...s, leftBot: standInLevel(table) };
    await updateSeat(room.db(table.id), table.id, left);
    table.seats = table.seats.map((x) => (x.seat === seat ? left : x));
    await room.personArrived(table, seat);
    await room.clock.refresh(table); // the seat's clock stops; every socket sees who left
    await room.wakeBots(table);
    return { ok: true as const, seat, bot: left.leftBot };
  }, true);
}

/**
 * POST /rematch, once the game is over: the first seat to ask makes the new table (same seats
 * and rules, the next dealer deals), every seat that asks gets its own new link. In the object's
 * queue, so seats asking at once make one table.
 */
export function rematch(room: RoomCore, tokenHash: string, origin: string): Promise<({ ok: true } & Rematch) | Failure> {
  return room.seated(tokenHash, async (table, seat) => {
    if (!gameDone(table)) return fail(409, "WRONG_PHASE", "A rematch can be asked for once the game is over.");
    const r = await rematchFor(room.env, table, seat, origin, {
      door: (id) => room.other(id),
      dealer: rematchDealer(table.state),
      seats: rematchSeats(table.seats),
      keep: async (id) => {
        if (!(await setRematch(room.db(table.id), table.id, id))) return false;
        table.rematch = id;
        broadcast(room.sockets(), table); // the old table points to the new one
        return true;
      },
    });
    if (!r.ok) room.forget(); // e.g. another writer's rematch: take D1's word for it next time
    return r;
  }, true);
}

/**
 * The table's league decided it (scored as it stood, or annulled) while it was being played: the
 * game ends here as an agreed end would, so nobody plays on at a table that no longer counts
 * (in a duplicate pool, the others' reveal would show its deals). A game already over stays so.
 */
export function endByLeague(room: RoomCore, outcome: TableEnd["outcome"]): Promise<{ ok: true; ended: TableEnd | null } | Failure> {
  return room.withTable(async (table) => {
    if (gameDone(table)) return { ok: true as const, ended: table.ended ?? null };
    const end = endAsItStands(table, outcome, timeNow(), "league");
    const refused = await room.endGame(table, end);
    if (refused) return refused;
    broadcast(room.sockets(), table);
    return { ok: true as const, ended: end };
  }, true);
}

/**
 * POST /end: a seat proposes ending the game (scored as it stands, or annulled), or agrees to
 * the standing proposal; it ends when every person at the table agrees.
 */
export function proposeEnd(room: RoomCore, tokenHash: string, outcome: TableEnd["outcome"]): Promise<{ ok: true; proposal: EndProposal | null; ended: TableEnd | null } | Failure> {
  return room.seated(tokenHash, async (table, seat) => {
    if (gameDone(table)) return fail(409, "WRONG_PHASE", "The game is over already.");
    if (table.seats[seat].leftBot) return SEAT_LEFT;
    const byLeague = await leagueEndRefused(room.env.DB, table.id);
    if (byLeague) return byLeague;
    await room.personArrived(table, seat);
    const { proposal, all } = agree(table, seat, outcome);
    if (all) {
      const refused = await room.endGame(table, endAsItStands(table, outcome, timeNow()));
      if (refused) return refused;
    } else {
      table.live!.proposal = proposal;
      await room.ctx.storage.put(KEYS.proposal, proposal);
    }
    broadcast(room.sockets(), table);
    return { ok: true as const, proposal: standingProposal(table), ended: table.ended ?? null };
  }, true);
}

/** DELETE /end: a person at the table declines (or withdraws) the standing proposal. */
export function declineEnd(room: RoomCore, tokenHash: string): Promise<{ ok: true } | Failure> {
  return room.seated(tokenHash, async (table, seat) => {
    if (!standingProposal(table)) return fail(409, "NO_PROPOSAL", "Nobody has proposed to end this game.");
    if (table.seats[seat].leftBot) return SEAT_LEFT;
    table.live!.proposal = null;
    await room.ctx.storage.delete(KEYS.proposal);
    broadcast(room.sockets(), table);
    return { ok: true as const };
  }, true);
}
