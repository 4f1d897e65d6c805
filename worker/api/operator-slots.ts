// The operator's routes for moving a slot range to another tables' database while Muli runs
// (/api/operator/slots/*, behind OPERATOR_KEY as every operator route; README "Past one
// database"). scripts/slots-move.mjs calls them until the move and the check are through.
import { Hono } from "hono";
import * as v from "valibot";
import type { Env } from "../base/env";
import { FailureError } from "../base/failure";
import { checkStep, moveStep } from "../operator/slots";
import { jsonBody } from "./json-body";

const BINDING = v.pipe(v.string(), v.regex(/^[A-Za-z_][A-Za-z0-9_]{0,63}$/, "from and to are D1 binding names."));
const SlotRequest = v.object({
  from: BINDING,
  to: BINDING,
  range: v.pipe(v.string(), v.maxLength(7)),
  after: v.optional(v.pipe(v.string(), v.maxLength(100))),
});

export const slots = new Hono<{ Bindings: Env }>();

/** One step of a move: up to 100 of the source's tables scanned, those of the range moved (each by its own object). */
slots.post("/move", jsonBody(SlotRequest), async (c) => {
  const r = await moveStep(c.env, c.req.valid("json"));
  if ("code" in r) throw new FailureError(r);
  return c.json(r);
});

/** One step of the check: up to 1000 ids of each database counted (left in the source, in the target, in both). */
slots.post("/check", jsonBody(SlotRequest), async (c) => {
  const r = await checkStep(c.env, c.req.valid("json"));
  if ("code" in r) throw new FailureError(r);
  return c.json(r);
});
