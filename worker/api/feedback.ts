// POST /api/feedback: the client's settings page sends rule wishes and problem reports here.
import { Hono } from "hono";
import { insertFeedback } from "../feedback/store";
import { readBody } from "./body";
import type { Env } from "../base/env";
import { FeedbackSchema } from "./schemas";

export const feedback = new Hono<{ Bindings: Env }>();

feedback.post("/", async (c) => {
  const body = await readBody(c, FeedbackSchema, "INVALID_REQUEST");
  const id = await insertFeedback(c.env.DB, { kind: body.kind, text: body.text, contact: body.contact || null });
  return c.json({ id }, 201);
});
