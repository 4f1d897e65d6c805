// The service worker's confirmations (API extension): `POST /api/receipts {receipt, endpoint,
// event: "shown" | "opened"}` → 204. The receipt came inside the encrypted push message; the
// endpoint is the device's own push subscription, which must be the channel the message went to,
// so a receipt is refused (404 UNKNOWN_RECEIPT) from any other device or player. The answer is
// the same empty 204 for every message: it says nothing about a table, let alone a hand.
import { Hono } from "hono";
import * as v from "valibot";
import { jsonBody } from "./json-body";
import type { Env } from "../base/env";
import { raise } from "../base/failure";
import { confirmReceipt } from "../notify/confirm";
import { RECEIPT } from "../notify/receipt";
import { timeNow } from "../base/clock";

export const receipts = new Hono<{ Bindings: Env }>();

const ReceiptSchema = v.object({
  receipt: v.pipe(v.string(), v.regex(RECEIPT, "receipt: not a receipt.")),
  endpoint: v.pipe(v.string(), v.maxLength(1000)),
  event: v.picklist(["shown", "opened"], "event: shown or opened."),
});

receipts.post("/", jsonBody(ReceiptSchema), async (c) => {
  const body = c.req.valid("json");
  if (!(await confirmReceipt(c.env.DB, body.receipt, body.endpoint, body.event, timeNow()))) {
    return raise(404, "UNKNOWN_RECEIPT", "This device was sent no message with that receipt.");
  }
  return c.body(null, 204);
});
