// Daily clean-up of the notification tables (the Worker's `scheduled` handler, a Cron Trigger).
// Only rows that are finished with and older than the cut-off go: notices sent or dropped as
// stale, outbox rows sent, failed or dead. Anything still in flight (a pending or claimed notice,
// a queued, sending or retrying delivery) stays, whatever its age, so a slow queue loses nothing.
// The cut-off comes from the caller (the cron's scheduled time): no clock in here. Besides the
// age, each player keeps at most KEEP_PER_PLAYER finished outbox rows (the sent log shows 20),
// and escalations (worker/notify/escalation.ts) go with the same cut-off: theirs is a day at most.
import { and, inArray, lt, sql } from "drizzle-orm";
import { db } from "../db/handle";
import * as schema from "../db/schema";
import { logEvent } from "../base/log";

/** How long finished notices and outbox rows are kept (the player's sent log shows them). */
export const KEEP_MS = 30 * 86_400_000;

export const DONE_NOTICE = ["sent", "stale"] as const;
export const DONE_OUTBOX = ["sent", "failed", "dead"] as const;
/** Finished outbox rows kept per player, whatever their age. */
export const KEEP_PER_PLAYER = 100;

export interface Pruned {
  notices: number;
  outbox: number;
  escalations: number;
}

/** Delete finished rows created before `cutoff` (ms since the epoch); one D1 batch. */
export async function pruneNotifications(d1: D1Database, cutoff: number): Promise<Pruned> {
  const q = db(d1);
  const done = DONE_OUTBOX.map((s) => `'${s}'`).join(", ");
  const [notices, outbox, beyond, escalations] = await q.batch([
    q.delete(schema.notices).where(and(inArray(schema.notices.status, [...DONE_NOTICE]), lt(schema.notices.createdAt, cutoff))),
    q.delete(schema.outbox).where(and(inArray(schema.outbox.status, [...DONE_OUTBOX]), lt(schema.outbox.createdAt, cutoff))),
    q.run(
      sql.raw(
        `DELETE FROM outbox WHERE id IN (SELECT id FROM (SELECT id, row_number() OVER (PARTITION BY player_id ORDER BY created_at DESC, id) AS n FROM outbox WHERE status IN (${done})) WHERE n > ${KEEP_PER_PLAYER})`,
      ),
    ),
    q.delete(schema.escalations).where(lt(schema.escalations.createdAt, cutoff)),
  ]);
  return { notices: notices.meta?.changes ?? 0, outbox: (outbox.meta?.changes ?? 0) + (beyond.meta?.changes ?? 0), escalations: escalations.meta?.changes ?? 0 };
}

/** The cron's entry: keep the last KEEP_MS before the time it was scheduled for. */
export async function pruneScheduled(controller: { scheduledTime: number }, env: { DB: D1Database }): Promise<Pruned> {
  const pruned = await pruneNotifications(env.DB, controller.scheduledTime - KEEP_MS);
  logEvent("info", "notify.pruned", { count: { ...pruned } });
  return pruned;
}
