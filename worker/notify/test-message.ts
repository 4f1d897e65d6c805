// The settings page's test button: one message to one channel, now (no quiet hours, no digest),
// at most one per channel every 30 seconds so the button cannot flood someone's webhook.
import { db } from "../db/handle";
import * as schema from "../db/schema";
import type { NotifyEnv } from "../base/env";
import type { ChannelRow } from "../players/store";
import { testMessage } from "./compose";
import { enqueue, outboxRow } from "./pipeline";
import { timeNow } from "../base/clock";

export const TEST_INTERVAL_MS = 30_000;

/** Queue a test message; null when one was sent to this channel within the interval. */
export async function sendTestMessage(
  env: NotifyEnv & { DB: D1Database },
  player: { id: string; language: string },
  channel: ChannelRow,
  settingsUrl: string,
  now = timeNow(),
): Promise<{ outboxId: string } | null> {
  const recent = await env.DB.prepare("SELECT count(*) AS n FROM outbox WHERE channel_id = ? AND kind = 'test' AND created_at > ?").bind(channel.id, now - TEST_INTERVAL_MS).first<{ n: number }>();
  if ((recent?.n ?? 0) > 0) return null;
  const row = outboxRow(`test:${crypto.randomUUID()}`, player.id, channel, testMessage(player.language, settingsUrl), now);
  await db(env.DB).insert(schema.outbox).values(row);
  await enqueue(env, [{ type: "deliver", outboxId: row.id }]);
  return { outboxId: row.id };
}
