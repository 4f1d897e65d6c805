// A push message confirmed by the device it went to: shown (the service worker displayed it) or
// opened (its player tapped it). A confirmed message is not sent again (worker/notify/escalation.ts).
import type { PushConfig } from "./channels/push";
import { hashReceipt } from "./receipt";

/** Records the event; false when no push message to the device at `endpoint` carries `receipt`. */
export async function confirmReceipt(d1: D1Database, receipt: string, endpoint: string, event: "shown" | "opened", now: number): Promise<boolean> {
  const row = await d1
    .prepare(`SELECT o.id, c.config FROM outbox o JOIN channels c ON c.id = o.channel_id WHERE o.receipt_hash = ? AND c.kind = 'push'`)
    .bind(await hashReceipt(receipt))
    .first<{ id: string; config: string }>();
  if (!row || (JSON.parse(row.config) as PushConfig).endpoint !== endpoint) return false;
  // Opening a message shows it too (a device may report the tap before, or without, the display).
  await d1
    .prepare(event === "opened" ? `UPDATE outbox SET opened_at = coalesce(opened_at, ?1), shown_at = coalesce(shown_at, ?1) WHERE id = ?2` : `UPDATE outbox SET shown_at = coalesce(shown_at, ?1) WHERE id = ?2`)
    .bind(now, row.id)
    .run();
  return true;
}
