// Daily clean-up of the notification tables (the Worker's `scheduled` handler, a Cron Trigger).
// Only rows that are finished with and older than the cut-off go: notices sent or dropped as
// stale, outbox rows sent, failed or dead. Anything still in flight (a pending or claimed notice,
// a queued, sending or retrying delivery) stays, whatever its age, so a slow queue loses nothing.
// The cut-off comes from the caller (the cron's scheduled time): no clock in here.
import { and, inArray, lt } from "drizzle-orm";
import { db } from "../db/handle";
import * as schema from "../db/schema";

/** How long finished notices and outbox rows are kept (the player's sent log shows them). */
export const KEEP_MS = 30 * 86_400_000;

export const DONE_NOTICE = ["sent", "stale"] as const;
export const DONE_OUTBOX = ["sent", "failed", "dead"] as const;

export interface Pruned {
  notices: number;
  outbox: number;
}

/** Delete finished rows created before `cutoff` (ms since the epoch); one D1 batch. */
export async function pruneNotifications(d1: D1Database, cutoff: number): Promise<Pruned> {
  const q = db(d1);
  const [notices, outbox] = await q.batch([
    q.delete(schema.notices).where(and(inArray(schema.notices.status, [...DONE_NOTICE]), lt(schema.notices.createdAt, cutoff))),
    q.delete(schema.outbox).where(and(inArray(schema.outbox.status, [...DONE_OUTBOX]), lt(schema.outbox.createdAt, cutoff))),
  ]);
  return { notices: notices.meta?.changes ?? 0, outbox: outbox.meta?.changes ?? 0 };
}

/** The cron's entry: keep the last KEEP_MS before the time it was scheduled for. */
export async function pruneScheduled(controller: { scheduledTime: number }, env: { DB: D1Database }): Promise<Pruned> {
  const pruned = await pruneNotifications(env.DB, controller.scheduledTime - KEEP_MS);
  console.log("pruned notifications", JSON.stringify(pruned));
  return pruned;
}
