// GET /api/health checks each piece for real: 200 only when D1, R2, a table's object, the queue
// and the configuration all answer; a missing or broken one turns it 503 with that check named.
import { SELF, createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { app } from "../../worker/api/app";
import type { Env } from "../../worker/base/env";

interface Body {
  ok: boolean;
  checks: Record<string, { ok: boolean; ms: number; detail: string }>;
}

const REQUIRED = ["d1", "r2", "tables", "queue", "config"];

/** /api/health of the Worker with `change` applied to its bindings. */
async function healthWith(change: Partial<Record<keyof Env | "DB2" | "LINK_KEY_DEV", unknown>>): Promise<{ status: number; body: Body; text: string }> {
  const e = { ...env, ...change } as unknown as Env;
  for (const [k, v] of Object.entries(change)) if (v === undefined) delete (e as unknown as Record<string, unknown>)[k];
  const ctx = createExecutionContext();
  const res = await app.fetch(new Request("http://x/api/health"), e, ctx);
  await waitOnExecutionContext(ctx);
  const text = await res.text();
  return { status: res.status, body: JSON.parse(text) as Body, text };
}

const rejecting = (message: string) => () => Promise.reject(new Error(message));

/** No secret of the test environment appears in a health answer. */
function expectNoSecret(text: string) {
  for (const secret of [env.LINK_KEY_DEV, env.VAPID_PRIVATE_KEY, "operator-secret-for-the-test"]) expect(text).not.toContain(secret!);
}

describe("GET /api/health", () => {
  it("answers 200 naming every check, each with its time, when every piece answers", async () => {
    const res = await SELF.fetch("http://x/api/health");
    const text = await res.text();
    expect(res.status).toBe(200);
    const body = JSON.parse(text) as Body;
    expect(body.ok).toBe(true);
    expect(Object.keys(body.checks)).toEqual(expect.arrayContaining([...REQUIRED, "push", "email"]));
    for (const name of REQUIRED) {
      expect(body.checks[name].ok, name).toBe(true);
      expect(body.checks[name].ms).toBeGreaterThanOrEqual(0);
    }
    expect(body.checks.d1.detail).toMatch(/migrations up to \d{4}_/);
    expect(body.checks.push.detail).toBe("configured");
    expect(body.checks.email.detail).toBe("configured");
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    expectNoSecret(text);
  });

  const broken: [string, string, Record<string, unknown>, RegExp][] = [
    ["d1", "the directory database is missing", { DB: undefined }, /DB is not bound/],
    ["d1", "the directory database does not answer", { DB: { prepare: () => ({ first: rejecting("D1_ERROR: no such database"), all: rejecting("D1_ERROR") }) } }, /no such database/],
    ["d1", "a table database named by TABLE_DATABASES is missing", { TABLE_DATABASES: "DB:0-127 DB9:128-255" }, /DB9 is not bound/], // DB9: bound in no layout (the split one binds DB2)
    ["r2", "the bucket is missing", { RECORDS: undefined }, /RECORDS is not bound/],
    ["r2", "the bucket does not answer", { RECORDS: { head: rejecting("The specified bucket does not exist.") } }, /bucket does not exist/],
    ["tables", "the table objects are missing", { TABLES: undefined }, /TABLES is not bound/],
    ["tables", "a table's object does not answer", { TABLES: { getByName: () => ({ fetch: rejecting("Durable Object reset") }) } }, /Durable Object reset/],
    ["queue", "the queue is missing", { NOTIFY: undefined }, /NOTIFY is not bound/],
    ["queue", "the queue refuses", { NOTIFY: { send: rejecting("Queue send failed: queue does not exist") } }, /queue does not exist/],
    ["config", "no LINK_KEY is set", { LINK_KEY_DEV: undefined }, /no LINK_KEY/],
    ["config", "a LINK_KEY is not 32 bytes", { LINK_KEY: "c2hvcnQ" }, /LINK_KEY is not 32 bytes/],
    ["config", "TABLE_DATABASES is malformed", { TABLE_DATABASES: "DB:0-100" }, /slot 101 has no database/],
  ];

  for (const [check, what, change, detail] of broken) {
    it(`answers 503 naming ${check} when ${what}`, async () => {
      const { status, body, text } = await healthWith({ ...change, OPERATOR_KEY: "operator-secret-for-the-test" });
      expect(status).toBe(503);
      expect(body.ok).toBe(false);
      expect(body.checks[check].ok).toBe(false);
      expect(body.checks[check].detail).toMatch(detail);
      // Only what is broken fails (a malformed TABLE_DATABASES breaks both D1 and the configuration).
      const failing = Object.keys(body.checks).filter((k) => !body.checks[k].ok);
      expect(failing.every((k) => k === check || (k === "d1" || k === "config"))).toBe(true);
      expectNoSecret(text);
    });
  }

  it("reports push and e-mail as not configured without failing", async () => {
    const { status, body } = await healthWith({ VAPID_PRIVATE_KEY: undefined, EMAIL_FROM: undefined });
    expect(status).toBe(200);
    expect(body.checks.push).toMatchObject({ ok: true, detail: "not configured" });
    expect(body.checks.email).toMatchObject({ ok: true, detail: "not configured" });
  });
});
