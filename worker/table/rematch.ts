// "Play again": the new table of a finished game, made once by the old table's object (in its
// queue, so seats asking at once make one table), with the same seats, rules and options. Every
// seat that asks gets its own new link; seats with a player get theirs at once, linked to the
// player (so "My games" lists it) and told.
import { createGame } from "../engine";
import type { Env } from "../base/env";
import { fail, type Failure } from "../base/failure";
import { hashToken, newToken } from "../base/secrets";
import { DEFAULT_TABLE_OPTIONS } from "../deadlines/options";
import { saveTableOptions } from "../players/facts";
import { linkSeat } from "../players/store";
import type { SeatRecord, TableRecord } from "./model";
import { newSeed, newTableId } from "./tokens";
import { logEvent } from "../base/log";

/** The answer of POST /rematch (API.md additions); `created` decides 201 or 200. */
export interface Rematch {
  created: boolean;
  id: string;
  seat: number;
  token: string;
  link: string;
}

/** What the rematch needs of the new table's object (the room passes its own kind's stub). */
export interface TableDoor {
  start(table: TableRecord): Promise<{ ok: true } | Failure>;
  replaceSeat(seat: SeatRecord): Promise<{ ok: true } | Failure>;
}

interface Plan {
  door: (id: string) => TableDoor;
  dealer: number;
  seats: SeatRecord[];
  /** Store the new table's id on the old one; false if another writer got there first. */
  keep: (id: string) => Promise<boolean>;
}

export async function rematchFor(env: Env, table: TableRecord, seat: number, origin: string, plan: Plan): Promise<({ ok: true } & Rematch) | Failure> {
  let created = false;
  if (!table.rematch) {
    const id = newTableId();
    const next: TableRecord = { id, version: 0, state: createGame(table.state.rules, { seed: newSeed(), dealer: plan.dealer }), seats: plan.seats };
    const options = table.live?.options;
    if (options && JSON.stringify(options) !== JSON.stringify(DEFAULT_TABLE_OPTIONS)) await saveTableOptions(env.DB, id, options);
    const started = await plan.door(id).start(next);
    if (!started.ok) return started;
    if (!(await plan.keep(id))) return fail(409, "STALE_VERSION", "Another rematch was made at the same moment; ask again.");
    created = true;
    for (const s of plan.seats) {
      if (s.seat === seat || s.bot || !table.live?.players[s.seat]) continue;
      const given = await giveSeat(env, plan.door, table, id, s, origin);
      if (given.ok) await tell(env, table, id, s.seat);
    }
  }
  const given = await giveSeat(env, plan.door, table, table.rematch!, plan.seats[seat], origin);
  if (!given.ok) return given;
  return { ok: true, created, id: table.rematch!, seat, token: given.token, link: given.link };
}

/** A new token for the seat at the new table (an older one opens nothing any more). */
async function giveSeat(env: Env, door: Plan["door"], old: TableRecord, id: string, s: SeatRecord, origin: string): Promise<{ ok: true; token: string; link: string } | Failure> {
  const token = newToken();
  const link = `${origin}/t/${id}#${token}`;
  const player = old.live?.players[s.seat];
  // Linked first, so the new table's object finds the player when the seat is given.
  if (player) {
    try {
      await linkSeat(env.DB, { tableId: id, seat: s.seat, playerId: player.playerId, link });
    } catch (e) {
      // Without LINK_KEY no link is kept: the seat still plays by its link, just not from "My games" elsewhere.
      logEvent("warn", "table.rematch_unlinked", { tableId: id, seat: s.seat }, e);
    }
  }
  const done = await door(id).replaceSeat({ ...s, tokenHash: await hashToken(token) });
  if (!done.ok) return done;
  return { ok: true, token, link };
}

async function tell(env: Env, old: TableRecord, id: string, seat: number): Promise<void> {
  const player = old.live?.players[seat];
  if (!player || !env.NOTIFY) return;
  await env.NOTIFY.send({ type: "notice", kind: "rematch", playerId: player.playerId, tableId: id, seat, version: 0, deadline: null });
}
