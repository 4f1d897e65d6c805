// Writes a stranger cannot bend: only JSON, only from this site, a bounded number per address and
// player per hour and day, a bounded feedback box, and bots that wait for a person.
import { SELF, env, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { QUOTAS } from "../../worker/api/quota";
import { MAX_FEEDBACK_ROWS } from "../../worker/api/feedback";
import type { TableRoom } from "../../worker/table/room";
import { tableStub } from "../../worker/table/stub";
import { BASE, auth, createTable, post, stored, view, tableCount } from "./helpers";

const BODIES: Record<string, unknown> = {
  "/api/feedback": { kind: "problem", text: "from elsewhere" },
  "/api/tables": { rules: { preset: "standard", players: 2 }, seats: [{ name: "A" }, { name: "B" }] },
  "/api/players": { name: "Eve" },
  "/api/leagues": { name: "Elsewhere", rules: { preset: "standard" }, tableSize: 3 },
};

const raw = (path: string, body: string, headers: Record<string, string>) => SELF.fetch(BASE + path, { method: "POST", headers, body });
// Tables are counted in every tables' database (the split layout puts some in DB2).
const count = async (table: string) => (table === "tables" ? tableCount() : (await env.DB.prepare(`SELECT count(*) AS n FROM ${table}`).first<{ n: number }>())!.n);

describe("writes from another site", () => {
  it.each(Object.keys(BODIES))("%s refuses text/plain, a foreign Origin and a null Origin, and stores nothing", async (path) => {
    const body = JSON.stringify(BODIES[path]);
    const table = path.slice(5);
    const before = await count(table);
    const cases: [Record<string, string>, number, string][] = [
      [{ "Content-Type": "text/plain" }, 415, "UNSUPPORTED_MEDIA_TYPE"],
      [{ "Content-Type": "text/plain;charset=UTF-8", Origin: "https://evil.example" }, 403, "FORBIDDEN_ORIGIN"],
      [{ "Content-Type": "application/x-www-form-urlencoded" }, 415, "UNSUPPORTED_MEDIA_TYPE"],
      [{ "Content-Type": "application/json", Origin: "https://evil.example" }, 403, "FORBIDDEN_ORIGIN"],
      [{ "Content-Type": "application/json", Origin: "null" }, 403, "FORBIDDEN_ORIGIN"],
      [{ "Content-Length": String(body.length) }, 415, "UNSUPPORTED_MEDIA_TYPE"],
    ];
    for (const [headers, status, code] of cases) {
      const res = await raw(path, body, headers);
      expect(res.status, JSON.stringify(headers)).toBe(status);
      expect((await res.json<{ error: { code: string } }>()).error.code).toBe(code);
    }
    expect(await count(table)).toBe(before);
    // This site's own pages, and clients that send no Origin (curl, the tests), may write.
    expect((await raw(path, body, { "Content-Type": "application/json", Origin: new URL(BASE).origin })).status).toBe(201);
    expect((await raw(path, body, { "Content-Type": "application/json; charset=utf-8" })).status).toBe(201);
  });

  it("refuses a cross-site DELETE too, and lets a bodiless one from this site through", async () => {
    const l = await (await post("/api/leagues", BODIES["/api/leagues"])).json<{ id: string; adminKey: string; invite: string }>();
    const m = await (await post(`/api/leagues/${l.id}/join`, { invite: l.invite, name: "Gone" })).json<{ member: { id: string } }>();
    const path = `${BASE}/api/leagues/${l.id}/members/${m.member.id}`;
    expect((await SELF.fetch(path, { method: "DELETE", headers: { ...auth(l.adminKey), Origin: "https://evil.example" } })).status).toBe(403);
    expect((await SELF.fetch(path, { method: "DELETE", headers: { ...auth(l.adminKey), Origin: new URL(BASE).origin } })).status).toBe(200);
  });
});

describe("creation bounds", () => {
  it("per address and hour: players, with Retry-After at the end of the hour", async () => {
    const ip = { "CF-Connecting-IP": "198.51.100.23" };
    let made = 0;
    let refused: Response | null = null;
    while (!refused && made <= QUOTAS.players.hour) {
      const res = await post("/api/players", { name: `P${made}` }, ip);
      if (res.status === 429) refused = res;
      else {
        expect(res.status).toBe(201);
        made++;
      }
    }
    expect(made).toBe(QUOTAS.players.hour);
    const body = await refused!.json<{ error: { code: string } }>();
    expect(body.error.code).toBe("RATE_LIMITED");
    const wait = Number(refused!.headers.get("Retry-After"));
    const toHourEnd = Math.ceil((3_600_000 - (Date.now() % 3_600_000)) / 1000);
    expect(wait).toBeGreaterThan(0);
    expect(Math.abs(wait - toHourEnd)).toBeLessThanOrEqual(2);
    // Another address is not affected.
    expect((await post("/api/players", { name: "Other" }, { "CF-Connecting-IP": "198.51.100.24" })).status).toBe(201);
  });

  it("per player and hour: leagues created with a player key, whatever the address", async () => {
    const p = await (await post("/api/players", { name: "Organiser" })).json<{ key: string }>();
    for (let i = 0; i < QUOTAS.leagues.hour; i++) {
      const res = await post("/api/leagues", { ...(BODIES["/api/leagues"] as object), name: `L${i}` }, { ...auth(p.key), "CF-Connecting-IP": `192.0.2.${i + 1}` });
      expect(res.status).toBe(201);
    }
    const over = await post("/api/leagues", BODIES["/api/leagues"], { ...auth(p.key), "CF-Connecting-IP": "192.0.2.200" });
    expect(over.status).toBe(429);
    expect(Number(over.headers.get("Retry-After"))).toBeGreaterThan(0);
  });

  it("feedback: the box holds a bounded number of rows", async () => {
    const before = await count("feedback");
    const fill = MAX_FEEDBACK_ROWS - before;
    // Fill it up in D1 directly (a recursive CTE), then one more is refused.
    await env.DB.prepare(
      "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?) INSERT INTO feedback (kind, text, contact) SELECT 'rule', 'filler', NULL FROM n",
    ).bind(fill).run();
    try {
      const res = await post("/api/feedback", { kind: "rule", text: "one more" });
      expect(res.status).toBe(429);
      expect((await res.json<{ error: { code: string } }>()).error.code).toBe("FEEDBACK_FULL");
      expect(await count("feedback")).toBe(MAX_FEEDBACK_ROWS);
    } finally {
      await env.DB.prepare("DELETE FROM feedback WHERE text = 'filler'").run();
    }
  });
});

describe("bots at a table nobody has opened", () => {
  it("wait (no alarm, no move) until a person opens it, then play", async () => {
    // Three bots and a person; find a deal where a bot is the first to act.
    let t = await createTable({ rules: { preset: "standard", players: 4 }, seats: [{ name: "Anna" }, { name: "B1", bot: "strong" }, { name: "B2", bot: "strong" }, { name: "B3", bot: "strong" }] });
    for (let i = 0; i < 20 && (await stored(t.id)).state.toAct[0] === 0; i++) {
      t = await createTable({ rules: { preset: "standard", players: 4 }, seats: [{ name: "Anna" }, { name: "B1", bot: "strong" }, { name: "B2", bot: "strong" }, { name: "B3", bot: "strong" }] });
    }
    expect((await stored(t.id)).state.toAct[0]).not.toBe(0);
    const stub = tableStub(env, t.id);
    expect(await runInDurableObject(stub, (_: TableRoom, state) => state.storage.getAlarm())).toBeNull();
    expect((await stored(t.id)).version).toBe(0);
    // Anna opens it: the bots play until it is her turn.
    await view(t.id, t.seats[0].token);
    for (let i = 0; i < 400 && !(await stored(t.id)).state.toAct.includes(0); i++) await new Promise((r) => setTimeout(r, 25));
    const after = await stored(t.id);
    expect(after.version).toBeGreaterThan(0);
    expect(after.state.toAct).toContain(0);
  });
});
