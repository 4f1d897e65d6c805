// What the operator sees of notifications (GET /api/operator/deliveries): how many deliveries
// went, are under way, failed or died, by channel kind, and the failed and dead ones by reason.
// Counts only: no player, address or message. The outbox keeps finished rows 30 days
// (worker/notify/prune.ts), so that is the window these counts cover. Beside them, the kinds of
// channel players registered that this server does not send by now (e-mail not set up, say):
// those get no message and no failed row, so the count of such channels is what tells.
import { scrub } from "../base/log";
import type { NotifyEnv } from "../base/env";
import { unavailableKind } from "../notify/channels";

export interface DeliveryCounts {
  /** Per channel kind: rows by status (queued, sending, retry, sent, failed, dead). */
  byChannel: Record<string, Record<string, number>>;
  /** Failed and dead rows by channel kind and reason, most first. */
  failures: { channel: string; status: string; reason: string; count: number; lastAt: number }[];
  /** Kinds players have channels of that this server does not offer: the reason's code and how many channels wait. */
  unavailable: { channel: string; reason: string; channels: number }[];
}

/**
 * A delivery's error as a reason to count: "HTTP 410", "channel removed", or an exception's
 * name; never its detail, which may hold a receiver's address.
 */
export function reasonOf(error: string | null): string {
  if (!error) return "unknown";
  const http = /^HTTP \d{3}/.exec(error);
  if (http) return http[0];
  const named = /^([A-Za-z]*Error|[a-z][a-z -]{2,40})(?=:|;|$)/.exec(error);
  return named ? scrub(named[1]) : "other";
}

export async function deliveryCounts(env: NotifyEnv & { DB: D1Database }): Promise<DeliveryCounts> {
  const d1 = env.DB;
  const [statuses, failures, kinds] = await d1.batch<Record<string, unknown>>([
    d1.prepare("SELECT channel_kind AS channel, status, count(*) AS n FROM outbox GROUP BY channel_kind, status"),
    d1.prepare("SELECT channel_kind AS channel, status, last_error AS error, count(*) AS n, max(created_at) AS lastAt FROM outbox WHERE status IN ('failed', 'dead') GROUP BY channel_kind, status, last_error"),
    d1.prepare("SELECT kind AS channel, count(*) AS n FROM channels GROUP BY kind"),
  ]);
  const byChannel: DeliveryCounts["byChannel"] = {};
  for (const r of statuses.results as { channel: string; status: string; n: number }[]) (byChannel[r.channel] ??= {})[r.status] = r.n;
  // Errors that differ only in detail count as one reason.
  const merged = new Map<string, DeliveryCounts["failures"][number]>();
  for (const r of failures.results as { channel: string; status: string; error: string | null; n: number; lastAt: number }[]) {
    const reason = reasonOf(r.error);
    const key = `${r.channel}\n${r.status}\n${reason}`;
    const known = merged.get(key);
    if (known) {
      known.count += r.n;
      known.lastAt = Math.max(known.lastAt, r.lastAt);
    } else merged.set(key, { channel: r.channel, status: r.status, reason, count: r.n, lastAt: r.lastAt });
  }
  const unavailable = (kinds.results as { channel: string; n: number }[]).flatMap((r) => {
    const reason = unavailableKind(env, r.channel);
    return reason ? [{ channel: r.channel, reason, channels: r.n }] : [];
  });
  return { byChannel, failures: [...merged.values()].sort((a, b) => b.count - a.count), unavailable };
}
