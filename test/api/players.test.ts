import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createTable, FOUR_HUMANS, post } from "./helpers";
import { addChannel, createPlayer, linkSeat, playerRequest, receiver } from "./correspondence";

describe("players", () => {
  it("are created with a secret key (and no sign-in link carrying it); only the key's hash is stored", async () => {
    const p = await createPlayer("Anna", { timeZone: "Europe/Vienna" });
    expect(p.key).toMatch(/^pk_/);
    expect(p).not.toHaveProperty("signInLink");
    const row = await env.DB.prepare("SELECT * FROM players WHERE id = ?").bind(p.id).first();
    expect(JSON.stringify(row)).not.toContain(p.key);
    const me = await (await playerRequest(p.key, "GET", "")).json<{ name: string; timeZone: string; vacation: { daysLeft: number } }>();
    expect(me).toMatchObject({ name: "Anna", timeZone: "Europe/Vienna", vacation: { daysLeft: 21 } });
  });

  it.each([
    ["no key", ""],
    ["a malformed key", "nope"],
    ["an unknown key", "pk_" + "A".repeat(32)],
  ])("refuse %s with 401", async (_, key) => {
    const res = await playerRequest(key, "GET", "");
    expect(res.status).toBe(401);
    expect((await res.json<{ error: { code: string } }>()).error.code).toBe("UNAUTHORIZED");
  });

  it.each([
    ["an unknown time zone", { timeZone: "Mars/Olympus" }],
    ["quiet hours that are not times", { quietHours: { start: "25:00", end: "07:00" } }],
    ["an empty name", { name: "  " }],
  ])("refuse settings with %s (400, nothing changed)", async (_, patch) => {
    const p = await createPlayer();
    const res = await playerRequest(p.key, "PATCH", "", patch);
    expect(res.status).toBe(400);
    const me = await (await playerRequest(p.key, "GET", "")).json<{ name: string; timeZone: string; quietHours: unknown }>();
    expect(me).toMatchObject({ name: "Anna", timeZone: "UTC", quietHours: null });
  });

  it("keep quiet hours, time zone and auto-play", async () => {
    const p = await createPlayer();
    const res = await playerRequest(p.key, "PATCH", "", { timeZone: "America/New_York", quietHours: { start: "22:30", end: "07:00" }, autoPlay: false });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ timeZone: "America/New_York", quietHours: { start: "22:30", end: "07:00" }, autoPlay: false });
  });

  it("link a seat by opening its link, and not with a wrong token", async () => {
    const p = await createPlayer();
    const t = await createTable();
    await linkSeat(p.key, t.id, t.seats[2].token);
    const me = await (await playerRequest(p.key, "GET", "")).json<{ seats: { table: string; seat: number; name: string; link: string }[] }>();
    expect(me.seats).toEqual([expect.objectContaining({ table: t.id, seat: 2, name: "Clara", link: t.seats[2].link })]);
    const bad = await playerRequest(p.key, "POST", "/seats", { table: t.id, token: "x".repeat(32) });
    expect(bad.status).toBe(404);
  });

  it("take vacation days from a yearly budget", async () => {
    const p = await createPlayer();
    const ok = await playerRequest(p.key, "POST", "/vacation", { days: 5 });
    expect(ok.status).toBe(200);
    const me = await ok.json<{ vacation: { until: string; daysLeft: number } }>();
    expect(me.vacation.daysLeft).toBe(16);
    expect(Date.parse(me.vacation.until) - Date.now()).toBeGreaterThan(4.9 * 86_400_000);
    const tooMany = await playerRequest(p.key, "POST", "/vacation", { days: 30 });
    expect(tooMany.status).toBe(400);
    expect((await tooMany.json<{ error: { code: string } }>()).error.code).toBe("VACATION_NOT_ALLOWED");
    const back = await (await playerRequest(p.key, "DELETE", "/vacation")).json<{ vacation: { until: string | null; daysLeft: number } }>();
    // Back within seconds: one hour begun counts, the rest returns to the budget.
    expect(back.vacation).toEqual({ until: null, daysLeft: 20, hoursLeft: 21 * 24 - 1 });
  });
});

describe("channels", () => {
  it.each([
    ["a URL that is not one", { kind: "webhook", url: "not a url" }],
    ["an ftp URL", { kind: "webhook", url: "ftp://example.com/hook" }],
    ["an unknown format", { kind: "webhook", url: "https://example.com/hook", format: "slack" }],
    ["an ntfy URL without topic", { kind: "webhook", url: "https://ntfy.sh/", format: "ntfy" }],
    ["a push subscription with a short key", { kind: "push", subscription: { endpoint: "https://push.example/x", keys: { p256dh: "AAAA", auth: "AAAAAAAAAAAAAAAAAAAAAA" } } }],
    ["an e-mail address that is not one", { kind: "email", address: "anna" }],
    ["an unknown kind", { kind: "pigeon" }],
  ])("refuse %s (400, nothing stored)", async (_, channel) => {
    const p = await createPlayer();
    const res = await playerRequest(p.key, "POST", "/channels", channel);
    expect(res.status).toBe(400);
    expect((await res.json<{ error: { code: string; message: string } }>()).error.message.length).toBeGreaterThan(3);
    const n = await env.DB.prepare("SELECT count(*) AS n FROM channels WHERE player_id = ?").bind(p.id).first<{ n: number }>();
    expect(n!.n).toBe(0);
  });

  it("are listed without their secrets and can be removed", async () => {
    const p = await createPlayer();
    const id = await addChannel(p.key, { kind: "webhook", url: `${receiver}/hook/secret-path`, format: "json" });
    const me = await (await playerRequest(p.key, "GET", "")).json<{ channels: { id: number; kind: string; label: string }[] }>();
    expect(me.channels).toEqual([expect.objectContaining({ id, kind: "webhook" })]);
    expect(JSON.stringify(me.channels)).not.toContain("secret-path");
    expect((await playerRequest(p.key, "DELETE", `/channels/${id}`)).status).toBe(204);
    expect((await playerRequest(p.key, "DELETE", `/channels/${id}`)).status).toBe(404);
  });

  it("cannot be created with a player's own channels route by another player", async () => {
    const a = await createPlayer("A");
    const b = await createPlayer("B");
    const id = await addChannel(a.key, { kind: "webhook", url: `${receiver}/hook/a` });
    expect((await playerRequest(b.key, "DELETE", `/channels/${id}`)).status).toBe(404);
    expect((await playerRequest(b.key, "POST", `/channels/${id}/test`)).status).toBe(404);
  });
});

describe("table options", () => {
  it("accept a clock and auto-play opt-out, and refuse bad ones", async () => {
    const t = await createTable({ ...FOUR_HUMANS, clock: { hours: 24, onTimeout: "takeover" }, autoPlay: false });
    const row = await env.DB.prepare("SELECT * FROM table_options WHERE table_id = ?").bind(t.id).first();
    expect(row).toMatchObject({ decision_ms: 24 * 3_600_000, on_timeout: "takeover", auto_play: 0 });
    // A short clock is whole minutes from five (0.25: 15 minutes); not 0, 4 minutes or a part of a minute.
    const short = await createTable({ ...FOUR_HUMANS, clock: { hours: 0.25 } });
    expect(await env.DB.prepare("SELECT decision_ms FROM table_options WHERE table_id = ?").bind(short.id).first()).toMatchObject({ decision_ms: 15 * 60_000 });
    for (const clock of [{ hours: 0 }, { hours: 4 / 60 }, { hours: 1.501 }, { hours: 24, onTimeout: "panic" }]) {
      const res = await post("/api/tables", { ...FOUR_HUMANS, clock });
      expect(res.status).toBe(400);
    }
  });
});

describe("player settings edge cases", () => {
  it("an empty change is a harmless 200", async () => {
    const p = await createPlayer();
    const res = await playerRequest(p.key, "PATCH", "", {});
    expect(res.status).toBe(200);
    expect((await res.json<{ name: string }>()).name).toBe("Anna");
  });
});

describe("the test button", () => {
  it("sends at most one test message per channel every 30 seconds", async () => {
    const p = await createPlayer();
    const id = await addChannel(p.key, { kind: "webhook", url: `${receiver}/hook/rl-${crypto.randomUUID()}` });
    expect((await playerRequest(p.key, "POST", `/channels/${id}/test`)).status).toBe(202);
    const again = await playerRequest(p.key, "POST", `/channels/${id}/test`);
    expect(again.status).toBe(429);
    expect((await again.json<{ error: { code: string } }>()).error.code).toBe("RATE_LIMITED");
  });
});
