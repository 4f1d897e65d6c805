// Creating a league round's games through the same table server as any table (the TableRoom
// Durable Object), and handing a seat to someone else. A member's seat opens with their own key
// (a league member key or their player key): the seat's token hash is the member's key hash, so
// no new secret has to reach them and nothing but hashes is stored.
import { createGame, type Rules } from "../engine";
import type { Env } from "../base/env";
import { ApiError } from "../base/failure";
import { newSeed, newTableId } from "../table/tokens";
import type { SeatRecord, TableRecord } from "../table/model";
import { tableStub } from "../table/stub";
import { saveTableOptions } from "../players/facts";
import { DEFAULT_TABLE_OPTIONS, HOUR_MS } from "../deadlines/options";
import { linkSeat, unlinkSeat } from "../players/store";
import type { LeagueRow, LeagueTable, MemberRow } from "./store";
import { setSeatHolder } from "./store";
import { tableLink } from "./page";

export const BOT_NAME = "Bot";

export const seatFor = (seat: number, holder: MemberRow | null, botLevel: string): SeatRecord =>
  holder ? { seat, name: holder.name, tokenHash: holder.keyHash, bot: null } : { seat, name: BOT_NAME, tokenHash: null, bot: botLevel };


/** One game of a round; returns its table id. */
export async function createLeagueGame(env: Env, league: LeagueRow, rules: Rules, holders: (MemberRow | null)[], origin: string): Promise<string> {
  const id = newTableId();
  const table: TableRecord = {
    id,
    version: 0,
    state: createGame(rules, { seed: newSeed() }),
    seats: holders.map((h, seat) => seatFor(seat, h, league.botLevel)),
  };
  // League games are played without hints, so a row is stored even without a decision clock.
  await saveTableOptions(env.DB, id, {
    ...DEFAULT_TABLE_OPTIONS,
    decisionMs: league.decisionHours ? league.decisionHours * HOUR_MS : DEFAULT_TABLE_OPTIONS.decisionMs,
    hints: false,
  });
  // Members who joined with their player hear of their turns like at any of their tables.
  for (const [seat, h] of holders.entries()) {
    if (h?.playerId) await linkSeat(env.DB, { tableId: id, seat, playerId: h.playerId, link: tableLink(origin, id) });
  }
  const created = await tableStub(env, id).start(table);
  if (!created.ok) throw new ApiError(created);
  return id;
}

/** Give a seat of a running game to another member or a bot. */
export async function handOver(env: Env, tableId: string, seat: number, holder: MemberRow | null, botLevel: string, origin: string): Promise<void> {
  if (holder?.playerId) await linkSeat(env.DB, { tableId, seat, playerId: holder.playerId, link: tableLink(origin, tableId) });
  else await unlinkSeat(env.DB, tableId, seat);
  const done = await tableStub(env, tableId).replaceSeat(seatFor(seat, holder, botLevel));
  if (!done.ok) throw new ApiError(done);
}

/** A seat a member holds at an undecided table of the league. */
export interface HeldSeat {
  tableId: string;
  round: number;
  seat: number;
}

/** Where `memberId` sits at tables still being played (finished or decided ones keep their holders). */
export function seatsHeldBy(tables: LeagueTable[], memberId: string): HeldSeat[] {
  return tables.flatMap((t) =>
    t.outcome === null ? t.holders.flatMap((m, seat) => (m === memberId ? [{ tableId: t.tableId, round: t.round, seat }] : [])) : [],
  );
}

/**
 * A member removed or leaving: every seat they hold at a running table goes to a bot of the
 * league's level at once, so their key stops opening it and the game goes on without the admin.
 * `tables` must have had their finished games copied (syncFinished) first: a game that is over
 * keeps its holders, and with them its result.
 */
export async function releaseSeats(env: Env, league: LeagueRow, tables: LeagueTable[], memberId: string, origin: string): Promise<HeldSeat[]> {
  const held = seatsHeldBy(tables, memberId);
  for (const h of held) {
    await handOver(env, h.tableId, h.seat, null, league.botLevel, origin);
    await setSeatHolder(env.DB, h.tableId, h.seat, null);
  }
  return held;
}
