// Table talk over HTTP (API.md Additions "Table talk"): POST/GET /api/tables/:id/chat, plus
// (additive) unread counts, read marks, mute and notify settings, hiding and reporting.
import { Hono, type Context } from "hono";
import { jsonBody } from "./json-body";
import type { Env } from "../base/env";
import { FailureError, raise } from "../base/failure";
import { PostSchema, ReadSchema, ReportSchema, SettingsSchema } from "../chat/rooms";
import type { ChatRequest, ChatResult } from "../table/chat";
import { bearer, tokenHash } from "./guard";
import { stubFor } from "./tables";

type Ctx = Context<{ Bindings: Env }>;

export const tableChatRoutes = new Hono<{ Bindings: Env }>();

async function run(c: Ctx, req: ChatRequest): Promise<Response> {
  const id = c.req.param("id") ?? "";
  const hash = await tokenHash(c, bearer(c));
  const r = (await stubFor(c, id).chat(hash, req)) as ChatResult;
  if (!r.ok) throw new FailureError(r);
  return c.json(r.body, r.status, { "Cache-Control": "private, no-store" });
}

export const messageId = (c: Context): number => {
  const n = Number(c.req.param("message"));
  return Number.isSafeInteger(n) && n > 0 ? n : raise(404, "NOT_FOUND", "There is no such message.");
};

tableChatRoutes.get("/:id/chat", (c) => run(c, { op: "list" }));
tableChatRoutes.get("/:id/chat/unread", (c) => run(c, { op: "unread" }));
tableChatRoutes.post("/:id/chat", jsonBody(PostSchema, "INVALID_MESSAGE"), (c) => run(c, { op: "post", input: c.req.valid("json") }));
tableChatRoutes.post("/:id/chat/read", jsonBody(ReadSchema), (c) => run(c, { op: "read", upTo: c.req.valid("json").upTo }));
tableChatRoutes.patch("/:id/chat/settings", jsonBody(SettingsSchema), (c) => run(c, { op: "settings", ...c.req.valid("json") }));
tableChatRoutes.post("/:id/chat/:message/hide", (c) => run(c, { op: "hide", message: messageId(c) }));
// A report's reason is optional: an empty body reports without one.
tableChatRoutes.post("/:id/chat/:message/report", jsonBody(ReportSchema), (c) => run(c, { op: "report", message: messageId(c), reason: c.req.valid("json").reason }));
