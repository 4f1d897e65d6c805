// The operator's routes (/api/operator/*), behind the OPERATOR_KEY secret the deploy sets, sent as
// `Authorization: Bearer <key>` (never in a query) and compared in constant time. Without the
// secret the routes are closed (503), not open.
import { Hono, type MiddlewareHandler } from "hono";
import type { Env } from "../base/env";
import { raise } from "../base/failure";
import { hashToken, sameHash } from "../base/secrets";
import { deliveryCounts } from "../operator/deliveries";
import * as v from "valibot";
import { resealLinks } from "../operator/reseal";
import { jsonBody } from "./json-body";
import { slots } from "./operator-slots";

const operatorOnly: MiddlewareHandler<{ Bindings: Env }> = async (c, next) => {
  const key = c.env.OPERATOR_KEY;
  if (!key) return raise(503, "NOT_CONFIGURED", "This server has no OPERATOR_KEY secret set; its operator routes are closed.");
  const given = /^Bearer (\S{1,200})$/.exec(c.req.header("Authorization") ?? "")?.[1];
  // Both hashed first: equal lengths, and the comparison says nothing of where they differ.
  if (!given || !sameHash(await hashToken(given), await hashToken(key))) return raise(401, "UNAUTHORIZED", "The operator key is required (Authorization: Bearer <key>).");
  await next();
};

export const operator = new Hono<{ Bindings: Env }>();

operator.use("*", operatorOnly);

/** Deliveries by channel kind and status, the failed and dead ones by reason, and the kinds not offered here. */
operator.get("/deliveries", async (c) => c.json(await deliveryCounts(c.env), 200, { "Cache-Control": "no-store" }));

/**
 * One slice of turning LINK_KEY: re-seal the next few stored values with the newest key, from the
 * `cursor` the call before answered (the pass's start without one). scripts/link-keys.mjs calls it
 * until a pass ends (`cursor` null) with none remaining.
 */
operator.post("/link-keys/reseal", jsonBody(v.object({ cursor: v.optional(v.pipe(v.string(), v.maxLength(40))) })), async (c) => c.json(await resealLinks(c.env.DB, c.req.valid("json").cursor)));

/** Moving a slot range to another tables' database while Muli runs (operator-slots.ts). */
operator.route("/slots", slots);
