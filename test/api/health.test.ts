import { SELF } from "cloudflare:test";
import { expect, it } from "vitest";

it("answers /api/health", async () => {
  const res = await SELF.fetch("http://x/api/health");
  expect(res.status).toBe(200);
  expect(await res.json()).toMatchObject({ ok: true });
});
