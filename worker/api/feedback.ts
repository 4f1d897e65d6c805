// POST /api/feedback: the client's settings page sends rule wishes and problem reports here.
import { Hono } from "hono";
import { insertFeedback } from "../feedback/store";
import { jsonBody } from "./json-body";
import type { Env } from "../base/env";
import { FeedbackSchema } from "./schemas";
import { spend } from "./quota";
import { tooMany } from "../base/failure";

/** Rows the feedback box keeps at most (5 KB each: ~50 MB); then it is full until read and emptied. */
export const MAX_FEEDBACK_ROWS = 10_000;

export const feedback = new Hono<{ Bindings: Env }>();

feedback.post("/", jsonBody(FeedbackSchema), async (c) => {
  const body = c.req.valid("json");
  await spend(c, "feedback");
  const stored = await c.env.DB.prepare("SELECT count(*) AS n FROM feedback").first<{ n: number }>();
  if ((stored?.n ?? 0) >= MAX_FEEDBACK_ROWS) tooMany(86_400, "The feedback box is full just now; please try again tomorrow.", "FEEDBACK_FULL");
  const id = await insertFeedback(c.env.DB, { kind: body.kind, text: body.text, contact: body.contact || null });
  return c.json({ id }, 201);
});
