// Rate limits (per client address, per seat token) and the body cap.
import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { FailureError } from "../../worker/base/failure";
import { tokenHash } from "../../worker/api/guard";
import { hashToken } from "../../worker/base/secrets";
import { BASE, createTable, post } from "./helpers";

describe("rate limits", () => {
  it("answers 429 RATE_LIMITED once an address has used its requests (limit 20 a minute in tests)", async () => {
    const t = await createTable();
    const get = (ip: string) =>
      SELF.fetch(`${BASE}/api/tables/${t.id}`, { headers: { "CF-Connecting-IP": ip, Authorization: `Bearer ${t.seats[0].token}` } });
    // The limiter counts in fixed windows; a window may turn over once during the loop.
    let served = 0;
    let refused: Response | null = null;
    while (served <= 40 && !refused) {
      const res = await get("203.0.113.7");
      if (res.status === 429) refused = res;
      else {
        expect(res.status).toBe(200);
        await res.body?.cancel();
        served++;
      }
    }
    expect(refused).not.toBeNull();
    expect(served).toBeGreaterThanOrEqual(20);
    expect(refused!.headers.get("Retry-After")).toBe("10");
    expect((await refused!.json<{ error: { code: string } }>()).error.code).toBe("RATE_LIMITED");
    // Another address is not affected.
    expect((await get("203.0.113.8")).status).toBe(200);
  });

  it("limits per token, keyed by the token's hash", async () => {
    const keys: string[] = [];
    const ctx = (success: boolean) =>
      ({ env: { RL_TOKEN: { limit: async ({ key }: { key: string }) => (keys.push(key), { success }) } } }) as never;
    expect(await tokenHash(ctx(true), "abc")).toBe(await hashToken("abc"));
    const refused = await tokenHash(ctx(false), "abc").catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(FailureError);
    expect((refused as FailureError).failure).toMatchObject({ status: 429, code: "RATE_LIMITED" });
    expect(keys).toEqual([await hashToken("abc"), await hashToken("abc")]);
  });
});

describe("body cap", () => {
  it("refuses an oversized body with 413 before reading it, without a Content-Length too", async () => {
    const big = JSON.stringify({ kind: "problem", text: "x".repeat(9000) });
    const res = await post("/api/feedback", big);
    expect(res.status).toBe(413);
    expect((await res.json<{ error: { code: string } }>()).error.code).toBe("PAYLOAD_TOO_LARGE");
    const stream = new ReadableStream({
      start(c) {
        for (let i = 0; i < 10; i++) c.enqueue(new TextEncoder().encode("x".repeat(1000)));
        c.close();
      },
    });
    const chunked = await SELF.fetch(`${BASE}/api/feedback`, { method: "POST", body: stream, duplex: "half", headers: { "Content-Type": "application/json" } } as RequestInit);
    expect(chunked.status).toBe(413);
  });
});
