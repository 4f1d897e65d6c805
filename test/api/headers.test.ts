// Security headers on every answer of the Worker, and the pages' copy of them (web/public/_headers).
import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { API_HEADERS, PAGE_HEADERS } from "../../worker/api/headers";
import { EXPECTED_API_HEADERS, EXPECTED_PAGE_HEADERS } from "../expected-headers";
import pagesFile from "../../web/public/_headers?raw";
import { BASE, createTable, post } from "./helpers";

function expectApiHeaders(res: Response, what: string): void {
  for (const [k, v] of Object.entries(EXPECTED_API_HEADERS)) expect(res.headers.get(k), `${what}: ${k}`).toBe(v);
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

  it("are the ones written down, in the Worker's constants too", () => {
    expect(API_HEADERS).toEqual(EXPECTED_API_HEADERS);
    expect(PAGE_HEADERS).toEqual(EXPECTED_PAGE_HEADERS);
  });

  it("of the pages (web/public/_headers) are the ones written down, with no inline script allowed", () => {
    const lines = pagesFile.split("\n").filter((l: string) => /^\s+\S+:/.test(l));
    const parsed = Object.fromEntries(lines.map((l: string) => [l.slice(0, l.indexOf(":")).trim(), l.slice(l.indexOf(":") + 1).trim()]));
    expect(parsed).toEqual(EXPECTED_PAGE_HEADERS);
    expect(pagesFile).toMatch(/^\/\*$/m);
    const csp = parsed["Content-Security-Policy"];
    expect(csp).toMatch(/script-src 'self'(;|$)/);
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(csp).toContain("frame-ancestors 'none'");
  });
});
