// Every D1 read and write of chat: messages of a room (a table or a league board) and its readers.
import { and, desc, eq, gt, isNull, ne, sql } from "drizzle-orm";
import * as schema from "../db/schema";
import { db } from "../db/handle";
import { CHAT_RATE } from "./text";
import { timeNow } from "../base/clock";

export type ChatRow = typeof schema.chatMessages.$inferSelect;
export type ReaderRow = typeof schema.chatReaders.$inferSelect;

/** Messages shown when a room is opened (the newest ones). */
export const HISTORY = 200;

const m = schema.chatMessages;
const r = schema.chatReaders;

/**
 * Insert a message unless its author already wrote `CHAT_RATE.messages` in the window: the count
 * and the insert are one statement, so two requests at once cannot both slip past the limit.
 * Null when the author is over the limit.
 */
export async function insertMessage(
  d1: D1Database,
  msg: { room: string; author: string; name: string; kind: ChatRow["kind"]; text: string },
  now = timeNow(),
): Promise<ChatRow | null> {
  const row = await d1
    .prepare(
      `INSERT INTO chat_messages (room, author, name, kind, text, at)
       SELECT ?1, ?2, ?3, ?4, ?5, ?6
       WHERE (SELECT count(*) FROM chat_messages WHERE room = ?1 AND author = ?2 AND at > ?7) < ?8
       RETURNING id`,
    )
    .bind(msg.room, msg.author, msg.name, msg.kind, msg.text, now, now - CHAT_RATE.windowMs, CHAT_RATE.messages)
    .first<{ id: number }>();
  return row ? { id: row.id, ...msg, at: now, hiddenAt: null } : null;
}

/** The room's newest shown messages, oldest first. */
export async function listMessages(d1: D1Database, room: string, limit = HISTORY): Promise<ChatRow[]> {
  const rows = await db(d1).select().from(m).where(and(eq(m.room, room), isNull(m.hiddenAt))).orderBy(desc(m.id)).limit(limit);
  return rows.reverse();
}

export async function messageById(d1: D1Database, room: string, id: number): Promise<ChatRow | null> {
  return (await db(d1).select().from(m).where(and(eq(m.room, room), eq(m.id, id))))[0] ?? null;
}

/** Hide a shown message; false when there is no such message (or it was hidden already). */
export async function hideMessage(d1: D1Database, room: string, id: number, now = timeNow()): Promise<boolean> {
  const rows = await db(d1).update(m).set({ hiddenAt: now }).where(and(eq(m.room, room), eq(m.id, id), isNull(m.hiddenAt))).returning({ id: m.id });
  return rows.length > 0;
}

const NO_READER = { lastRead: 0, muted: false, notify: false };

export async function readerOf(d1: D1Database, room: string, reader: string): Promise<Pick<ReaderRow, "lastRead" | "muted" | "notify">> {
  const row = (await db(d1).select().from(r).where(and(eq(r.room, room), eq(r.reader, reader))))[0];
  return row ?? NO_READER;
}

export async function readersOf(d1: D1Database, room: string): Promise<ReaderRow[]> {
  return db(d1).select().from(r).where(eq(r.room, room));
}

/** Change a reader's settings; `lastRead` only ever moves forward. */
export async function updateReader(d1: D1Database, room: string, reader: string, patch: { lastRead?: number; muted?: boolean; notify?: boolean }): Promise<void> {
  const set: Record<string, unknown> = {};
  if (patch.lastRead !== undefined) set.lastRead = sql`max(${r.lastRead}, ${patch.lastRead})`;
  if (patch.muted !== undefined) set.muted = patch.muted;
  if (patch.notify !== undefined) set.notify = patch.notify;
  if (!Object.keys(set).length) return;
  await db(d1)
    .insert(r)
    .values({ room, reader, lastRead: patch.lastRead ?? 0, muted: patch.muted ?? false, notify: patch.notify ?? false })
    .onConflictDoUpdate({ target: [r.room, r.reader], set });
}

/** Shown messages by others newer than what `reader` has read (0 for a reader who muted the room). */
export async function unreadCount(d1: D1Database, room: string, reader: string): Promise<number> {
  const state = await readerOf(d1, room, reader);
  if (state.muted) return 0;
  const [row] = await db(d1)
    .select({ n: sql<number>`count(*)` })
    .from(m)
    .where(and(eq(m.room, room), ne(m.author, reader), gt(m.id, state.lastRead), isNull(m.hiddenAt)));
  return row?.n ?? 0;
}

export async function insertReport(d1: D1Database, f: { room: string; messageId: number; text: string }): Promise<number> {
  const [row] = await db(d1).insert(schema.feedback).values({ kind: "chat", text: f.text, contact: null, room: f.room, messageId: f.messageId }).returning({ id: schema.feedback.id });
  return row.id;
}
