// The operator hears of deliveries that keep failing: the daily cron counts the deliveries that
// failed or died in the last day, and when there are ALERT_AT or more, posts the counts (by
// channel kind and reason, nothing about players) to OPERATOR_WEBHOOK, the operator's own
// channel (a Discord, Slack or ntfy URL; a secret, since such URLs carry their token).
import type { Env } from "../base/env";
import { logEvent } from "../base/log";
import { reasonOf } from "./deliveries";

const DAY_MS = 24 * 3600_000;
/** Failed or dead deliveries in a day from which the operator is told. */
export const ALERT_AT = 10;

export interface Alert {
  failed: number;
  byReason: Record<string, number>;
}

/** The last day's failed and dead deliveries by `channel status reason`, or null below ALERT_AT. */
export async function failingDeliveries(d1: D1Database, now: number): Promise<Alert | null> {
  const { results } = await d1
    .prepare("SELECT channel_kind AS channel, status, last_error AS error, count(*) AS n FROM outbox WHERE status IN ('failed', 'dead') AND created_at >= ? GROUP BY channel_kind, status, last_error")
    .bind(now - DAY_MS)
    .all<{ channel: string; status: string; error: string | null; n: number }>();
  const byReason: Record<string, number> = {};
  let failed = 0;
  for (const r of results) {
    const key = `${r.channel} ${r.status} ${reasonOf(r.error)}`;
    byReason[key] = (byReason[key] ?? 0) + r.n;
    failed += r.n;
  }
  return failed >= ALERT_AT ? { failed, byReason } : null;
}

/** The cron's part: tell the operator, if there is something to tell and somewhere to tell it. */
export async function alertOperator(env: Pick<Env, "DB" | "OPERATOR_WEBHOOK">, now: number): Promise<boolean> {
  if (!env.OPERATOR_WEBHOOK) return false;
  const alert = await failingDeliveries(env.DB, now);
  if (!alert) return false;
  const lines = Object.entries(alert.byReason).map(([k, n]) => `${n} × ${k}`);
  const text = `Muli: ${alert.failed} notifications failed in the last 24 hours.\n${lines.join("\n")}\nGET /api/operator/deliveries for the counts.`;
  try {
    // `content` for Discord, `text` for Slack; ntfy shows the body as it is.
    const res = await fetch(env.OPERATOR_WEBHOOK, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ content: text, text, ...alert }), signal: AbortSignal.timeout(10_000) });
    await res.body?.cancel();
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    return true;
  } catch (e) {
    logEvent("error", "operator.alert_failed", { count: { failed: alert.failed } }, e);
    return false;
  }
}
