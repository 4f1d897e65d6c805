// Security headers on every answer of the Worker, and the pages' copy of them (web/public/_headers).
import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { API_HEADERS, PAGE_HEADERS } from "../../worker/api/headers";
import pagesFile from "../../web/public/_headers?raw";
import { BASE, createTable, post } from "./helpers";

function expectApiHeaders(res: Response, what: string): void {
  for (const [k, v] of Object.entries(API_HEADERS)) expect(res.headers.get(k), `${what}: ${k}`).toBe(v);
  expect(res.headers.get("Content-Security-Policy")).toContain("frame-ancestors 'none'");
}

describe("security headers", () => {
  it("are on every kind of API answer: success, refusal, unknown route, CSV", async () => {
    const t = await createTable();
    const answers: [string, Response][] = [
      ["health", await SELF.fetch(`${BASE}/api/health`)],
      ["view", await SELF.fetch(`${BASE}/api/tables/${t.id}`, { headers: { Authorization: `Bearer ${t.seats[0].token}` } })],
      ["401", await SELF.fetch(`${BASE}/api/tables/${t.id}`)],
      ["404", await SELF.fetch(`${BASE}/api/nothing-here`)],
      ["400", await post("/api/feedback", "{")],
      ["created", await post("/api/feedback", { kind: "rule", text: "headers" })],
    ];
    const league = await (await post("/api/leagues", { name: "Kopf", rules: { preset: "standard" }, tableSize: 3, visibility: "public" })).json<{ id: string }>();
    answers.push(["csv", await SELF.fetch(`${BASE}/api/leagues/${league.id}/standings.csv`)]);
    for (const [what, res] of answers) {
      expectApiHeaders(res, what);
      await res.body?.cancel();
    }
  });

  it("of the pages say the same as the Worker's PAGE_HEADERS, with no inline script allowed", () => {
    const lines = pagesFile.split("\n").filter((l: string) => /^\s+\S+:/.test(l));
    const parsed = Object.fromEntries(lines.map((l: string) => [l.slice(0, l.indexOf(":")).trim(), l.slice(l.indexOf(":") + 1).trim()]));
    expect(parsed).toEqual(PAGE_HEADERS);
    expect(pagesFile).toMatch(/^\/\*$/m);
    const csp = PAGE_HEADERS["Content-Security-Policy"];
    expect(csp).toMatch(/script-src 'self'(;|$)/);
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(csp).toContain("frame-ancestors 'none'");
  });
});
