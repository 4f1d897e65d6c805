// A league's message board (/api/leagues/:id/board): the same rules as a table's chat (bounds,
// reactions, the rate limit per author, unread counts, muting, reporting) for the league's
// active members and its admin; only the admin hides. Guests of a public league read nothing.
import { Hono, type Context } from "hono";
import { jsonBody } from "./json-body";
import type { Env } from "../base/env";
import { FailureError, raise } from "../base/failure";
import { apiMessage, hide, history, post, report, PostSchema, ReadSchema, ReportSchema } from "../chat/rooms";
import * as store from "../chat/store";
import type { ChatRow } from "../chat/store";
import { messageId } from "./chat";
import { loadLeague } from "./league-access";
import * as v from "valibot";

type Ctx = Context<{ Bindings: Env }>;

export const boardRoutes = new Hono<{ Bindings: Env }>();

/** The admin reads and writes as "admin"; a member by their member id. */
const ADMIN = "admin";

async function who(c: Ctx) {
  const { league, role } = await loadLeague(c);
  if (role.kind === "guest") return raise(403, "MEMBERS_ONLY", "Only the league's members read its board.");
  return role.kind === "admin"
    ? { room: league.id, reader: ADMIN, name: "Admin", admin: true }
    : { room: league.id, reader: role.member.id, name: role.member.name, admin: false };
}

const boardMessage = (row: ChatRow) => ({ ...apiMessage(row), member: row.author === ADMIN ? null : row.author });

const no = { "Cache-Control": "private, no-store" };

boardRoutes.get("/:id/board", async (c) => {
  const w = await who(c);
  const h = await history(c.env.DB, w.room, w.reader);
  return c.json({ messages: h.rows.map(boardMessage), unread: h.unread, lastRead: h.lastRead, muted: h.muted, moderator: w.admin }, 200, no);
});

boardRoutes.get("/:id/board/unread", async (c) => {
  const w = await who(c);
  const state = await store.readerOf(c.env.DB, w.room, w.reader);
  return c.json({ unread: await store.unreadCount(c.env.DB, w.room, w.reader), muted: state.muted }, 200, no);
});

boardRoutes.post("/:id/board", jsonBody(PostSchema, "INVALID_MESSAGE"), async (c) => {
  const w = await who(c);
  const done = await post(c.env.DB, w.room, w.reader, w.name, c.req.valid("json"));
  if (!done.ok) throw new FailureError(done);
  return c.json(boardMessage(done.row), 201);
});

boardRoutes.post("/:id/board/read", jsonBody(ReadSchema), async (c) => {
  const w = await who(c);
  const { upTo } = c.req.valid("json");
  await store.updateReader(c.env.DB, w.room, w.reader, { lastRead: upTo });
  return c.json({ unread: await store.unreadCount(c.env.DB, w.room, w.reader) });
});

boardRoutes.patch("/:id/board/settings", jsonBody(v.object({ muted: v.boolean() })), async (c) => {
  const w = await who(c);
  const { muted } = c.req.valid("json");
  await store.updateReader(c.env.DB, w.room, w.reader, { muted });
  return c.json({ muted });
});

boardRoutes.post("/:id/board/:message/hide", async (c) => {
  const w = await who(c);
  if (!w.admin) raise(403, "FORBIDDEN", "Only the league's admin may hide a message.");
  const id = messageId(c);
  const done = await hide(c.env.DB, w.room, id);
  if (!done.ok) throw new FailureError(done);
  return c.json({ id, hidden: true });
});

boardRoutes.post("/:id/board/:message/report", jsonBody(ReportSchema), async (c) => {
  const w = await who(c);
  const id = messageId(c);
  const done = await report(c.env.DB, w.room, id, `${w.admin ? "the admin" : `member ${w.reader}`} (${w.name})`, c.req.valid("json").reason);
  if (!done.ok) throw new FailureError(done);
  return c.json({ id: done.id }, 201);
});
