// D1 reads and writes of players, their seats and channels.
import { and, desc, eq } from "drizzle-orm";
import { db } from "../db/handle";
import * as schema from "../db/schema";
import * as tableSchema from "../db/table-schema";
import { openLinkOrNull, sealLink } from "../base/link-crypto";
import { tableDatabase, type PlacementEnv } from "../db/placement";
import { playerForKeyHash } from "./devices";
import { timeNow } from "../base/clock";
import { phasesOf, seatNamesOf } from "./table-rows";

export type PlayerRow = typeof schema.players.$inferSelect;
export type ChannelRow = typeof schema.channels.$inferSelect;

export async function insertPlayer(d1: D1Database, p: { id: string; name: string; timeZone: string; language: string }, now = timeNow()): Promise<void> {
  await db(d1).insert(schema.players).values({ ...p, createdAt: now });
}

/** The player one of whose devices holds the key (worker/players/devices.ts); null if none, or revoked. */
export async function playerByKeyHash(d1: D1Database, keyHash: string): Promise<PlayerRow | null> {
  const found = await playerForKeyHash(d1, keyHash);
  return found.ok ? found.player : null;
}

export async function playerById(d1: D1Database, id: string): Promise<PlayerRow | null> {
  return (await db(d1).select().from(schema.players).where(eq(schema.players.id, id)))[0] ?? null;
}

export async function updatePlayer(d1: D1Database, id: string, patch: Partial<Omit<PlayerRow, "id" | "createdAt">>): Promise<void> {
  const set = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
  if (Object.keys(set).length) await db(d1).update(schema.players).set(set).where(eq(schema.players.id, id));
}

/** The seat whose token hashes to `tokenHash` at table `tableId`, if any. */
export async function seatByToken(env: PlacementEnv, tableId: string, tokenHash: string): Promise<{ seat: number; name: string } | null> {
  const rows = await db(tableDatabase(env, tableId))
    .select({ seat: tableSchema.seats.seat, name: tableSchema.seats.name })
    .from(tableSchema.seats)
    .where(and(eq(tableSchema.seats.tableId, tableId), eq(tableSchema.seats.tokenHash, tokenHash)));
  return rows[0] ?? null;
}

/** Links `s.link` (it carries the seat's token) to the player; only its sealed form is stored. */
export async function linkSeat(d1: D1Database, s: { tableId: string; seat: number; playerId: string; link: string }, now = timeNow()): Promise<void> {
  const link = await sealLink(s.link);
  await db(d1)
    .insert(schema.playerSeats)
    .values({ ...s, link, linkedAt: now })
    .onConflictDoUpdate({ target: [schema.playerSeats.tableId, schema.playerSeats.seat], set: { playerId: s.playerId, link, linkedAt: now } });
}

/** The seat is no longer any player's (a league gave it to a bot or a member without a player). */
export async function unlinkSeat(d1: D1Database, tableId: string, seat: number): Promise<void> {
  await db(d1).delete(schema.playerSeats).where(and(eq(schema.playerSeats.tableId, tableId), eq(schema.playerSeats.seat, seat)));
}

/**
 * The player's seats with their links opened: the player's own browser (signed in with the key)
 * takes its seats' tokens from them. A link that does not open comes back empty (logged).
 */
export async function seatsOf(env: PlacementEnv, playerId: string) {
  const rows = await seatRowsOf(env, playerId);
  return Promise.all(rows.map(async (r) => ({ ...r, link: (await openLinkOrNull(r.link, `${r.table}:${r.seat}`)) ?? "" })));
}

/** The player's seats (directory), newest first, with each seat's name and its table's phase from the table's own database. */
async function seatRowsOf(env: PlacementEnv, playerId: string) {
  const linked = await db(env.DB)
    .select({ table: schema.playerSeats.tableId, seat: schema.playerSeats.seat, link: schema.playerSeats.link })
    .from(schema.playerSeats)
    .where(eq(schema.playerSeats.playerId, playerId))
    .orderBy(desc(schema.playerSeats.linkedAt));
  const ids = linked.map((r) => r.table);
  const [phase, names] = await Promise.all([phasesOf(env, ids), seatNamesOf(env, ids)]);
  const name = new Map(names.map((s) => [`${s.tableId}:${s.seat}`, s.name]));
  // As the join it replaces: a seat whose table or seat row is gone is not listed.
  return linked.flatMap((r) => {
    const n = name.get(`${r.table}:${r.seat}`);
    const p = phase.get(r.table);
    return n === undefined || p === undefined ? [] : [{ ...r, name: n, phase: p }];
  });
}

export async function channelsOf(d1: D1Database, playerId: string): Promise<ChannelRow[]> {
  return db(d1).select().from(schema.channels).where(eq(schema.channels.playerId, playerId)).orderBy(schema.channels.id);
}

/** The new channel's id; null when the player has `cap` channels already (counted in the same statement). */
export async function insertChannel(d1: D1Database, c: { playerId: string; kind: ChannelRow["kind"]; config: string }, cap: number, now = timeNow()): Promise<number | null> {
  const row = await d1
    .prepare("INSERT INTO channels (player_id, kind, config, created_at) SELECT ?1, ?2, ?3, ?4 WHERE (SELECT count(*) FROM channels WHERE player_id = ?1) < ?5 RETURNING id")
    .bind(c.playerId, c.kind, c.config, now, cap)
    .first<{ id: number }>();
  return row?.id ?? null;
}

export async function deleteChannel(d1: D1Database, playerId: string, id: number): Promise<boolean> {
  const rows = await db(d1).delete(schema.channels).where(and(eq(schema.channels.id, id), eq(schema.channels.playerId, playerId))).returning({ id: schema.channels.id });
  return rows.length > 0;
}

export async function recentOutbox(d1: D1Database, playerId: string, limit = 20) {
  return db(d1).select().from(schema.outbox).where(eq(schema.outbox.playerId, playerId)).orderBy(desc(schema.outbox.createdAt)).limit(limit);
}
