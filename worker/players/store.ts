// D1 reads and writes of players, their seats and channels.
import { and, desc, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import { db } from "../db/handle";
import * as schema from "../db/schema";
import * as tableSchema from "../db/table-schema";
import { openLinkOrNull, sealLink } from "../base/link-crypto";
import { readPlaced, type PlacementEnv } from "../db/placement";
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
  const rows = await readPlaced(env, tableId, (d1) =>
    db(d1)
      .select({ seat: tableSchema.seats.seat, name: tableSchema.seats.name })
      .from(tableSchema.seats)
      .where(and(eq(tableSchema.seats.tableId, tableId), eq(tableSchema.seats.tokenHash, tokenHash))),
  );
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

/** Finished seats "My games" shows with the running ones; older ones come a page at a time. */
export const FINISHED_SHOWN = 10;
const FINISHED_PAGE_MAX = 50;

type LinkedRow = { table: string; seat: number; link: string; finishedAt: number | null };

/**
 * The player's seats with their links opened: the player's own browser (signed in with the key)
 * takes its seats' tokens from them. A link that does not open comes back empty (logged). Every
 * running seat and the newest `FINISHED_SHOWN` finished ones (one link opened per row, so a
 * player's history does not make every read longer); `moreFinished`: where `finishedSeatsOf`
 * goes on (null: no more).
 */
export async function seatsOf(env: PlacementEnv, playerId: string) {
  const mine = eq(schema.playerSeats.playerId, playerId);
  const cols = { table: schema.playerSeats.tableId, seat: schema.playerSeats.seat, link: schema.playerSeats.link, finishedAt: schema.playerSeats.finishedAt };
  const q = db(env.DB);
  const [running, finished] = await q.batch([
    q.select(cols).from(schema.playerSeats).where(runningSeatOf(playerId)).orderBy(desc(schema.playerSeats.linkedAt)),
    q.select(cols).from(schema.playerSeats).where(and(mine, isNotNull(schema.playerSeats.finishedAt))).orderBy(...NEWEST).limit(FINISHED_SHOWN + 1),
  ]);
  const rows = await withTables(env, [...running, ...finished.slice(0, FINISHED_SHOWN)]);
  return { seats: await opened(rows), moreFinished: finished.length > FINISHED_SHOWN ? cursorOf(finished[FINISHED_SHOWN - 1]) : null };
}

/**
 * The tables of the player's running seats, newest seat first: what a change of theirs (vacation,
 * auto-play) is told to. The seats only, no link opened and no table read: a game that ended since
 * is marked finished by its archive soon after, and telling it meanwhile changes nothing.
 */
export async function runningTablesOf(d1: D1Database, playerId: string): Promise<string[]> {
  const ps = schema.playerSeats;
  const rows = await db(d1).select({ table: ps.tableId }).from(ps).where(runningSeatOf(playerId)).orderBy(desc(ps.linkedAt));
  return [...new Set(rows.map((r) => r.table))];
}

/** A seat of the player's whose game has not been marked finished: "My games"' running part. */
const runningSeatOf = (playerId: string) => and(eq(schema.playerSeats.playerId, playerId), isNull(schema.playerSeats.finishedAt));

/** Finished seats, newest first; seats finished in the same millisecond by table and seat. */
const NEWEST = [desc(schema.playerSeats.finishedAt), desc(schema.playerSeats.tableId), desc(schema.playerSeats.seat)] as const;
const cursorOf = (r: LinkedRow): string => `${r.finishedAt}:${r.table}:${r.seat}`;

/** Where a page of finished seats starts: after the seat a cursor names (`moreFinished`); null if it names none. */
export function parseCursor(cursor: string): { at: number; table: string; seat: number } | null {
  const m = /^(\d{1,15}):([A-Za-z0-9_-]{1,64}):(\d{1,2})$/.exec(cursor);
  return m ? { at: Number(m[1]), table: m[2], seat: Number(m[3]) } : null;
}

/** A page of the player's finished seats, newest first, after the seat `after` names. */
export async function finishedSeatsOf(env: PlacementEnv, playerId: string, after: { at: number; table: string; seat: number }, limit: number) {
  const n = Math.max(1, Math.min(FINISHED_PAGE_MAX, limit));
  const ps = schema.playerSeats;
  const rows = await db(env.DB)
    .select({ table: ps.tableId, seat: ps.seat, link: ps.link, finishedAt: ps.finishedAt })
    .from(ps)
    .where(and(eq(ps.playerId, playerId), sql`(${ps.finishedAt}, ${ps.tableId}, ${ps.seat}) < (${after.at}, ${after.table}, ${after.seat})`))
    .orderBy(...NEWEST)
    .limit(n + 1);
  return { seats: await opened(await withTables(env, rows.slice(0, n))), moreFinished: rows.length > n ? cursorOf(rows[n - 1]) : null };
}

const opened = (rows: (LinkedRow & { name: string; phase: string })[]) =>
  Promise.all(rows.map(async ({ finishedAt: _, ...r }) => ({ ...r, link: (await openLinkOrNull(r.link, `${r.table}:${r.seat}`)) ?? "" })));

/**
 * Each seat's name and its table's phase, from the table's own database. A running seat whose
 * game is over is marked finished here (a table archived before the mark existed, or whose
 * archive has not run yet), so it leaves the running read.
 */
async function withTables(env: PlacementEnv, linked: LinkedRow[]) {
  const ids = linked.map((r) => r.table);
  const [phase, names] = await Promise.all([phasesOf(env, ids), seatNamesOf(env, ids)]);
  const name = new Map(names.map((s) => [`${s.tableId}:${s.seat}`, s.name]));
  const over = [...new Set(linked.filter((r) => r.finishedAt === null && phase.get(r.table) === "over").map((r) => r.table))];
  if (over.length) await markFinished(env.DB, over);
  // As the join it replaces: a seat whose table or seat row is gone is not listed.
  return linked.flatMap((r) => {
    const n = name.get(`${r.table}:${r.seat}`);
    const p = phase.get(r.table);
    return n === undefined || p === undefined ? [] : [{ ...r, name: n, phase: p }];
  });
}

/** The seats at these tables are finished (their games are over): out of the running read. */
export async function markFinished(d1: D1Database, tableIds: string[], now = timeNow()): Promise<void> {
  for (let i = 0; i < tableIds.length; i += 50) {
    await db(d1)
      .update(schema.playerSeats)
      .set({ finishedAt: now })
      .where(and(inArray(schema.playerSeats.tableId, tableIds.slice(i, i + 50)), isNull(schema.playerSeats.finishedAt)));
  }
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
