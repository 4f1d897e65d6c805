// Creating a league round's games through the same table server as any table (the TableRoom
// Durable Object), and handing a seat to someone else. Every human seat gets a token of its own,
// like any table's seat: a member's key (a league key, or the key of their whole player account)
// never opens a table, so it never stands in a link, a socket or a turn message. The seat's link
// is kept sealed in league_seats and shown to its holder on the league page.
import { createGame, type Rules } from "../engine";
import type { Env } from "../base/env";
import { FailureError } from "../base/failure";
import { hashToken, newToken } from "../base/secrets";
import { newSeed, newTableId } from "../table/tokens";
import type { SeatRecord, TableRecord } from "../table/model";
import { tableStub } from "../table/stub";
import { announcePoolEnd } from "../table/pool";
import { saveTableOptions } from "../players/facts";
import { DEFAULT_TABLE_OPTIONS, HOUR_MS } from "../deadlines/options";
import { linkSeat, unlinkSeat } from "../players/store";
import type { LeagueRow, LeagueTable, MemberRow } from "./store";
import { setSeatHolder } from "./store";

export const BOT_NAME = "Bot";

/** A human seat's own secret: a fresh token, its hash for the table, and its link. */
export interface SeatKey {
  tokenHash: string;
  link: string;
}

/** A seat's link: its own token in the fragment. */
export const tableLink = (origin: string, tableId: string, token: string) => `${origin}/t/${tableId}#${token}`;

export async function newSeatKey(origin: string, tableId: string): Promise<SeatKey> {
  const token = newToken();
  return { tokenHash: await hashToken(token), link: tableLink(origin, tableId, token) };
}

export const seatFor = (seat: number, holder: MemberRow | null, botLevel: string, key: SeatKey | null): SeatRecord =>
  holder && key ? { seat, name: holder.name, tokenHash: key.tokenHash, bot: null } : { seat, name: BOT_NAME, tokenHash: null, bot: botLevel };

/** A table of a round before it is made: its id and each human seat's key, kept (sealed) by the round's start between slices. */
export interface PreparedGame {
  tableId: string;
  keys: (SeatKey | null)[];
}

export async function prepareGame(origin: string, holders: (MemberRow | null)[]): Promise<PreparedGame> {
  const tableId = newTableId();
  return { tableId, keys: await Promise.all(holders.map((h) => (h ? newSeatKey(origin, tableId) : null))) };
}

/**
 * One game of a round, made with the id and keys prepared for it. In a duplicate round the table is
 * of a deal pool: the pool's seed, and no cut (dealing version 1), so that every table of the pool
 * is dealt the same cards. Every write here is safe to repeat (a slice tried again).
 */
export async function createLeagueGame(env: Env, league: LeagueRow, rules: Rules, holders: (MemberRow | null)[], prepared: PreparedGame, pool?: { id: string; seed: string }): Promise<void> {
  const { tableId: id, keys } = prepared;
  const table: TableRecord = {
    id,
    version: 0,
    state: pool ? createGame(rules, { seed: pool.seed, v: 1 }) : createGame(rules, { seed: newSeed(), v: 2 }),
    seats: holders.map((h, seat) => seatFor(seat, h, league.botLevel, keys[seat])),
    ...(pool ? { pool: pool.id } : {}),
  };
  // League games are played without hints, so a row is stored even without a decision clock.
  await saveTableOptions(env.DB, id, {
    ...DEFAULT_TABLE_OPTIONS,
    decisionMs: league.decisionHours ? league.decisionHours * HOUR_MS : DEFAULT_TABLE_OPTIONS.decisionMs,
    hints: false,
  });
  // Members who joined with their player hear of their turns like at any of their tables.
  for (const [seat, h] of holders.entries()) {
    if (h?.playerId) await linkSeat(env.DB, { tableId: id, seat, playerId: h.playerId, link: keys[seat]!.link });
  }
  const created = await tableStub(env, id).start(table);
  if (!created.ok) throw new FailureError(created);
}

/**
 * Give a seat of a running game to another member (with a new token: whoever held the link before
 * is shut out) or a bot, and record the new holder with the seat's link. Returns the link.
 */
export async function handOver(env: Env, tableId: string, seat: number, holder: MemberRow | null, botLevel: string, origin: string): Promise<string | null> {
  const key = holder ? await newSeatKey(origin, tableId) : null;
  if (holder?.playerId) await linkSeat(env.DB, { tableId, seat, playerId: holder.playerId, link: key!.link });
  else await unlinkSeat(env.DB, tableId, seat);
  const done = await tableStub(env, tableId).replaceSeat(seatFor(seat, holder, botLevel, key));
  if (!done.ok) throw new FailureError(done);
  await setSeatHolder(env.DB, tableId, seat, holder?.id ?? null, key?.link ?? null);
  return key?.link ?? null;
}

/**
 * A table the admin decided while it was still being played ends there (its Durable Object ends
 * the game as an agreed end would, marked `by: "league"`): no move is played at it any more.
 */
export async function endDecidedTable(env: Env, tableId: string, outcome: "score" | "annul"): Promise<void> {
  const done = await tableStub(env, tableId).endByLeague(outcome);
  if (!done.ok) throw new FailureError(done);
}

/**
 * A table decided by the admin (scored as it stood, or annulled) counts as finished for its
 * duplicate pool: if that finishes the pool, its tables waiting for it show their reveal now.
 */
export const poolTableDecided = (env: Env, tableId: string): Promise<boolean> => announcePoolEnd(env, tableId, (id) => tableStub(env, id));

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
 * league's level at once, so their link stops opening it and the game goes on without the admin.
 * `tables` must have had their finished games copied (syncFinished) first: a game that is over
 * keeps its holders, and with them its result.
 */
export async function releaseSeats(env: Env, league: LeagueRow, tables: LeagueTable[], memberId: string, origin: string): Promise<HeldSeat[]> {
  const held = seatsHeldBy(tables, memberId);
  for (const h of held) await handOver(env, h.tableId, h.seat, null, league.botLevel, origin);
  return held;
}
