// The operator sees dead and failed deliveries counted by channel kind and reason, behind the
// operator key (bearer header, never the query), with no address or player in the answer.
import { SELF, env } from "cloudflare:test";
import { afterEach, describe, expect, it } from "vitest";
import { reasonOf } from "../../worker/operator/deliveries";
import { ALERT_AT, alertOperator } from "../../worker/operator/alert";
import { bodyText, received, receiver } from "./correspondence";

const KEY = "op_" + crypto.randomUUID();
const URL_ = "http://muli.test/api/operator/deliveries";
const e = env as unknown as Record<string, string | undefined>;

afterEach(() => {
  delete e.OPERATOR_KEY;
});

async function outboxRow(kind: string, status: string, error: string | null, at = Date.now()) {
  await env.DB.prepare("INSERT INTO outbox (id, player_id, channel_id, channel_kind, kind, payload, status, last_error, created_at) VALUES (?, 'p_secretplayer', 1, ?, 'turn', '{}', ?, ?, ?)")
    .bind(crypto.randomUUID(), kind, status, error, at)
    .run();
}

describe("GET /api/operator/deliveries", () => {
  it("counts deliveries by channel kind and status, and failed and dead ones by reason", async () => {
    e.OPERATOR_KEY = KEY;
    await outboxRow("push", "dead", "HTTP 503");
    await outboxRow("push", "dead", "HTTP 503");
    await outboxRow("push", "failed", "HTTP 403");
    await outboxRow("push", "sent", null);
    await outboxRow("webhook", "dead", "TypeError: fetch failed for https://discord.com/api/webhooks/123/abcdefghijklmnopqrstuvwxyz0123");
    await outboxRow("webhook", "failed", "TypeError: could not reach anna@example.org");
    await outboxRow("email", "dead", "dead-lettered");
    const res = await SELF.fetch(URL_, { headers: { Authorization: `Bearer ${KEY}` } });
    const text = await res.text();
    expect(res.status, text).toBe(200);
    const body = JSON.parse(text) as { byChannel: Record<string, Record<string, number>>; failures: { channel: string; status: string; reason: string; count: number }[] };
    expect(body.byChannel.push).toEqual({ dead: 2, failed: 1, sent: 1 });
    expect(body.byChannel.webhook).toEqual({ dead: 1, failed: 1 });
    const failures = body.failures.map(({ channel, status, reason, count }) => ({ channel, status, reason, count }));
    expect(failures).toEqual(
      expect.arrayContaining([
        { channel: "push", status: "dead", reason: "HTTP 503", count: 2 },
        { channel: "push", status: "failed", reason: "HTTP 403", count: 1 },
        { channel: "webhook", status: "dead", reason: "TypeError", count: 1 },
        { channel: "webhook", status: "failed", reason: "TypeError", count: 1 },
        { channel: "email", status: "dead", reason: "dead-lettered", count: 1 },
      ]),
    );
    expect(failures[0].count).toBe(2); // most first
    for (const secret of ["discord.com", "abcdefghijklmnopqrstuvwxyz0123", "anna@example.org", "p_secretplayer"]) expect(text).not.toContain(secret);
  });

  it("is closed without OPERATOR_KEY, and refuses a missing, wrong or query key", async () => {
    const closed = await SELF.fetch(URL_, { headers: { Authorization: `Bearer ${KEY}` } });
    expect(closed.status).toBe(503);
    expect((await closed.json<{ error: { code: string } }>()).error.code).toBe("NOT_CONFIGURED");
    e.OPERATOR_KEY = KEY;
    for (const init of [{}, { headers: { Authorization: `Bearer ${KEY.slice(0, -1)}` } }, { headers: { Authorization: KEY } }]) {
      const res = await SELF.fetch(URL_, init);
      expect(res.status).toBe(401);
      expect((await res.json<{ error: { code: string } }>()).error.code).toBe("UNAUTHORIZED");
    }
    expect((await SELF.fetch(`${URL_}?key=${KEY}`)).status).toBe(401);
  });

  it("names a reason without its detail", () => {
    expect(reasonOf("HTTP 410; channel removed")).toBe("HTTP 410");
    expect(reasonOf("TimeoutError: The operation was aborted due to timeout")).toBe("TimeoutError");
    expect(reasonOf("seat link does not open")).toBe("seat link does not open");
    expect(reasonOf("mail to anna@example.org refused")).toBe("other");
    expect(reasonOf(null)).toBe("unknown");
  });
});

describe("the operator's alert (the daily cron)", () => {
  it("posts the last day's failed and dead deliveries to OPERATOR_WEBHOOK from ALERT_AT on, and nothing below", async () => {
    // A day of its own, well after the other tests' rows.
    const now = Date.now() + 10 * 24 * 3600_000;
    const path = `/hook/operator-${crypto.randomUUID().slice(0, 8)}`;
    const where = { DB: env.DB, OPERATOR_WEBHOOK: receiver + path };
    await outboxRow("webhook", "dead", "TypeError: could not reach anna@example.org", now - 25 * 3600_000); // older than a day
    for (let i = 0; i < ALERT_AT - 1; i++) await outboxRow("push", i % 2 ? "dead" : "failed", "HTTP 410", now - 3600_000);
    expect(await alertOperator(where, now)).toBe(false);
    expect(await received(path)).toHaveLength(0);

    await outboxRow("webhook", "dead", "TypeError: could not reach anna@example.org", now - 60_000);
    expect(await alertOperator({ DB: env.DB }, now)).toBe(false); // nowhere to tell
    expect(await alertOperator(where, now)).toBe(true);
    const [req] = await received(path);
    const text = bodyText(req);
    const body = JSON.parse(text) as { failed: number; byReason: Record<string, number>; content: string };
    expect(body.failed).toBe(ALERT_AT);
    expect(body.byReason).toEqual({ "push failed HTTP 410": 5, "push dead HTTP 410": 4, "webhook dead TypeError": 1 });
    expect(body.content).toContain(`${ALERT_AT} notifications failed`);
    for (const secret of ["anna@example.org", "p_secretplayer"]) expect(text).not.toContain(secret);
  });
});
