// Table talk over HTTP (API.md Additions "Table talk"): POST/GET /api/tables/:id/chat, plus
// (additive) unread counts, read marks, mute and notify settings, hiding and reporting.
import { Hono, type Context } from "hono";
import * as v from "valibot";
import { readBody } from "./body";
import type { Env } from "../base/env";
import { FailureError, raise } from "../base/failure";
import { issueMessage } from "../base/input";
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
tableChatRoutes.post("/:id/chat", async (c) => run(c, { op: "post", input: await readBody(c, PostSchema, "INVALID_MESSAGE") }));
tableChatRoutes.post("/:id/chat/read", async (c) => run(c, { op: "read", upTo: (await readBody(c, ReadSchema, "INVALID_REQUEST")).upTo }));
tableChatRoutes.patch("/:id/chat/settings", async (c) => run(c, { op: "settings", ...(await readBody(c, SettingsSchema, "INVALID_REQUEST")) }));
tableChatRoutes.post("/:id/chat/:message/hide", (c) => run(c, { op: "hide", message: messageId(c) }));
tableChatRoutes.post("/:id/chat/:message/report", async (c) => {
  const message = messageId(c);
  return run(c, { op: "report", message, reason: await reportReason(c) });
});

/** A report's optional reason: an empty body reports without one. */
export async function reportReason(c: Context): Promise<string> {
  const raw = await c.req.text();
  let data: unknown = {};
  try {
    if (raw.trim()) data = JSON.parse(raw);
  } catch {
    raise(400, "INVALID_REQUEST", "The request body is not valid JSON.");
  }
  const parsed = v.safeParse(ReportSchema, data);
  return parsed.success ? parsed.output.reason : raise(400, "INVALID_REQUEST", issueMessage(parsed.issues));
}
