// The operator sees dead and failed deliveries counted by channel kind and reason, behind the
// operator key (bearer header, never the query), with no address or player in the answer.
import { SELF, env } from "cloudflare:test";
import { afterEach, describe, expect, it } from "vitest";
import { reasonOf } from "../../worker/operator/deliveries";

const KEY = "op_" + crypto.randomUUID();
const URL_ = "http://muli.test/api/operator/deliveries";
const e = env as unknown as Record<string, string | undefined>;

afterEach(() => {
  delete e.OPERATOR_KEY;
});

async function outboxRow(kind: string, status: string, error: string | null) {
  await env.DB.prepare("INSERT INTO outbox (id, player_id, channel_id, channel_kind, kind, payload, status, last_error, created_at) VALUES (?, 'p_secretplayer', 1, ?, 'turn', '{}', ?, ?, ?)")
    .bind(crypto.randomUUID(), kind, status, error, Date.now())
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
