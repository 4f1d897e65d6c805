// Chat at a table, run by the table's Durable Object (which knows the seats and holds the
// sockets): only the table's seats read and write it; every open socket of the table gets each
// new message; a seat that asked to hear of new messages gets a notice when it has no socket
// open. Chat never touches the game: no version, no view, no clock.
import type { Env } from "../base/env";
import { fail, type Failure } from "../base/failure";
import type { NoticeMessage } from "../base/notify-messages";
import { sameHash } from "../base/secrets";
import { apiMessage, hide, history, post, report, type ApiMessage, type PostInput } from "../chat/rooms";
import * as store from "../chat/store";
import type { ChatRow } from "../chat/store";
import type { TableRecord } from "./model";
import { hostOf } from "./host-store";
import { socketInfo } from "./sockets";
import { logEvent } from "../base/log";

export type ChatRequest =
  | { op: "list" }
  | { op: "unread" }
  | { op: "post"; input: PostInput }
  | { op: "read"; upTo: number }
  | { op: "settings"; muted?: boolean; notify?: boolean }
  | { op: "hide"; message: number }
  | { op: "report"; message: number; reason: string };

/** Plain data, so it crosses the Durable Object boundary unchanged. */
export type ChatResult = { ok: true; status: 200 | 201; body: Record<string, unknown> } | Failure;

/** What the chat needs of the table's object. */
export interface ChatPlace {
  env: Env;
  sockets(tag?: string): WebSocket[];
}

export type TableMessage = ApiMessage & { seat: number };

const UNAUTHORIZED = fail(401, "UNAUTHORIZED", "This token does not open a seat at this table.");

export const tableMessage = (row: ChatRow): TableMessage => ({ ...apiMessage(row), seat: Number(row.author) });

function sendAll(place: ChatPlace, message: unknown): void {
  const text = JSON.stringify(message);
  for (const ws of place.sockets()) {
    // Every socket of this object is at this table; one without its seat's attachment gets nothing.
    if (!socketInfo(ws)) continue;
    try {
      ws.send(text);
    } catch {
      // closed meanwhile; the client reads the chat again when it reconnects
    }
  }
}

/**
 * Who may hide a message: at a league table its league's admin (by the admin key); at any other
 * table its host — by the host key, or from the seat of the player who made the table. A table
 * made without a player (or before hosts) leaves it to the first person's seat, the creator's
 * unless the create form changed it.
 */
async function mayModerate(env: Env, table: TableRecord, seat: number | null, keyHash: string): Promise<boolean> {
  const league = await env.DB.prepare(
    `SELECT l.admin_hash AS adminHash FROM league_tables lt JOIN leagues l ON l.id = lt.league_id WHERE lt.table_id = ?`,
  )
    .bind(table.id)
    .first<{ adminHash: string }>();
  if (league) return sameHash(league.adminHash, keyHash);
  const host = await hostOf(env.DB, table.id);
  if (host && sameHash(host.keyHash, keyHash)) return true;
  if (seat === null) return false;
  if (host?.playerId) return table.live?.players[seat]?.playerId === host.playerId;
  return seat === (table.seats.find((s) => s.tokenHash !== null && !s.bot)?.seat ?? null);
}

export async function tableChat(place: ChatPlace, table: TableRecord, seat: number | null, keyHash: string, req: ChatRequest): Promise<ChatResult> {
  const d1 = place.env.DB;
  const room = table.id;
  if (req.op === "hide") {
    if (!(await mayModerate(place.env, table, seat, keyHash))) {
      return seat === null ? UNAUTHORIZED : fail(403, "FORBIDDEN", "Only the table's host or the league's admin may hide a message.");
    }
    const done = await hide(d1, room, req.message);
    if (!done.ok) return done;
    sendAll(place, { type: "chatHidden", id: req.message });
    return { ok: true, status: 200, body: { id: req.message, hidden: true } };
  }
  if (seat === null) return UNAUTHORIZED;
  const reader = String(seat);
  switch (req.op) {
    case "list": {
      const h = await history(d1, room, reader);
      const moderator = await mayModerate(place.env, table, seat, keyHash);
      return { ok: true, status: 200, body: { messages: h.rows.map(tableMessage), unread: h.unread, lastRead: h.lastRead, muted: h.muted, notify: h.notify, moderator } };
    }
    case "unread": {
      const state = await store.readerOf(d1, room, reader);
      return { ok: true, status: 200, body: { unread: await store.unreadCount(d1, room, reader), muted: state.muted } };
    }
    case "read":
      await store.updateReader(d1, room, reader, { lastRead: req.upTo });
      return { ok: true, status: 200, body: { unread: await store.unreadCount(d1, room, reader) } };
    case "settings": {
      await store.updateReader(d1, room, reader, { muted: req.muted, notify: req.notify });
      const state = await store.readerOf(d1, room, reader);
      return { ok: true, status: 200, body: { muted: state.muted, notify: state.notify } };
    }
    case "report": {
      const done = await report(d1, room, req.message, `seat ${seat} (${table.seats[seat]?.name ?? ""})`, req.reason);
      return done.ok ? { ok: true, status: 201, body: { id: done.id } } : done;
    }
    case "post": {
      const done = await post(d1, room, reader, table.seats[seat]?.name ?? "", req.input);
      if (!done.ok) return done;
      const message = tableMessage(done.row);
      sendAll(place, { type: "chat", message });
      // The message is stored and sent: a queue that fails now costs a notification, not the message.
      await notifyReaders(place, table, seat, done.row.id).catch((e) => logEvent("error", "table.chat_notice_failed", { tableId: table.id }, e));
      return { ok: true, status: 201, body: { ...message } };
    }
  }
}

/** A notice for every other seat that asked for one, is linked to a player and has no socket open. */
async function notifyReaders(place: ChatPlace, table: TableRecord, author: number, messageId: number): Promise<void> {
  const queue = place.env.NOTIFY;
  if (!queue) return;
  const wanting = (await store.readersOf(place.env.DB, table.id)).filter((r) => r.notify && !r.muted && r.reader !== String(author));
  const notices: NoticeMessage[] = [];
  for (const r of wanting) {
    const seat = Number(r.reader);
    const player = table.live?.players[seat];
    if (!player || table.seats[seat]?.bot || place.sockets(`seat:${seat}`).length > 0) continue;
    notices.push({ type: "notice", kind: "chat", playerId: player.playerId, tableId: table.id, seat, version: messageId, deadline: null });
  }
  if (notices.length) await queue.sendBatch(notices.map((body) => ({ body })));
}
