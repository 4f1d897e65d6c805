// LINK_KEY turns without one link lost: with LINK_KEY_2 added the newest key seals and both open;
// the operator's re-seal (what scripts/link-keys.mjs calls) seals every stored value again with
// the newest key; then the old key goes and every seat link, host link, league seat, kept admin
// key and outbox link still opens. Without the re-seal, letting the old key go loses them.
import { SELF, env } from "cloudflare:test";
import { afterEach, describe, expect, it } from "vitest";
import { openLink, sealLink } from "../../worker/base/link-crypto";
import { SLICE } from "../../worker/operator/reseal";
import { BASE, getView, post } from "./helpers";
import { createPlayer, linkSeat, pauth, playerRequest } from "./correspondence";

const OPERATOR = "op_" + crypto.randomUUID();
const e = env as unknown as Record<string, string | undefined>;
const newKey = () => btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(32)))).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");

afterEach(() => {
  delete e.LINK_KEY;
  delete e.LINK_KEY_2;
  delete e.OPERATOR_KEY;
});

/** Every sealed value D1 holds (the columns the re-seal covers), each as the sealed text. */
async function sealedValues(): Promise<string[]> {
  const out: string[] = [];
  for (const [table, column] of [["player_seats", "link"], ["seat_links", "link"], ["table_hosts", "link"], ["league_seats", "link"], ["league_admins", "admin_key"]]) {
    const { results } = await env.DB.prepare(`SELECT ${column} AS v FROM ${table} WHERE ${column} IS NOT NULL`).all<{ v: string }>();
    out.push(...results.map((r) => r.v));
  }
  const { results } = await env.DB.prepare("SELECT links FROM outbox WHERE links IS NOT NULL").all<{ links: string }>();
  for (const r of results) out.push(...Object.values(JSON.parse(r.links) as Record<string, string>));
  return out;
}

/** A player's table (host link, seat links) with seat 1 linked to them, plus a league seat, an admin key and an outbox row sealed as the app seals them. */
async function world() {
  const p = await createPlayer("Rota", { language: "en" });
  const res = await post("/api/tables", { rules: { preset: "standard", players: 4 }, seats: ["Rota", "B", "C", "D"].map((name) => ({ name })) }, pauth(p.key));
  expect(res.status, await res.clone().text()).toBe(201);
  const t = await res.json<{ id: string; seats: { seat: number; token: string | null; link: string | null }[]; host: { key: string; link: string } }>();
  await linkSeat(p.key, t.id, t.seats[1].token);
  const adminKey = `lk_${crypto.randomUUID()}`;
  const seatLink = `${BASE}/t/t_league#${crypto.randomUUID()}`;
  await env.DB.batch([
    env.DB.prepare("INSERT INTO league_admins (league_id, player_id, admin_key, at) VALUES (?, ?, ?, ?)").bind(`l_${crypto.randomUUID().slice(0, 8)}`, p.id, await sealLink(adminKey), Date.now()),
    env.DB.prepare("INSERT INTO league_seats (table_id, seat, member_id, link) VALUES (?, 0, 'm_1', ?)").bind(`t_${crypto.randomUUID().slice(0, 8)}`, await sealLink(seatLink)),
    env.DB.prepare("INSERT INTO outbox (id, player_id, channel_id, channel_kind, kind, payload, links, status, created_at) VALUES (?, ?, 1, 'webhook', 'turn', '{}', ?, 'queued', ?)").bind(crypto.randomUUID(), p.id, JSON.stringify({ [`${BASE}/t/${t.id}#…`]: await sealLink(t.seats[1].link!) }), Date.now()),
  ]);
  return { p, t, secrets: [adminKey, seatLink] };
}

/** What a player and the host get back: the seat links of "My games", the host links, and the host page's seat links. */
async function linksSeen(p: { key: string }, t: { id: string; host: { key: string } }) {
  const profile = await (await playerRequest(p.key, "GET", "")).json<{ seats: { table: string; link: string }[]; hosted: { table: string; link: string }[] }>();
  const hostRes = await SELF.fetch(`${BASE}/api/tables/${t.id}/host`, { headers: { Authorization: `Bearer ${t.host.key}` } });
  const host = await hostRes.json<{ seats: { seat: number; link: string | null }[] }>();
  return { seats: profile.seats.map((s) => s.link), hosted: profile.hosted.map((h) => h.link), hostPage: host.seats.map((s) => s.link) };
}

interface Report {
  sealing: string;
  keys: string[];
  resealed: number;
  remaining: number;
  unopenable: number;
  cursor: string | null;
}
/** One call of the re-seal: a slice from `cursor` (the pass's start without one). */
async function reseal(cursor?: string | null): Promise<Report> {
  const res = await SELF.fetch(`${BASE}/api/operator/link-keys/reseal`, { method: "POST", headers: { Authorization: `Bearer ${OPERATOR}`, "Content-Type": "application/json" }, body: JSON.stringify(cursor ? { cursor } : {}) });
  expect(res.status, await res.clone().text()).toBe(200);
  return res.json();
}
/** A whole pass, as scripts/link-keys.mjs makes it: slices until the cursor is null; the values re-sealed, the calls made, the last report. */
async function pass(from: string | null = null): Promise<{ resealed: number; calls: number; last: Report }> {
  let [resealed, calls, cursor] = [0, 0, from];
  for (;;) {
    const r = await reseal(cursor);
    [resealed, calls, cursor] = [resealed + r.resealed, calls + 1, r.cursor];
    if (!cursor) return { resealed, calls, last: r };
    expect(r.remaining).toBeGreaterThanOrEqual(1); // not at the end: not known to be done
    expect(calls).toBeLessThan(1000);
  }
}
/** `n` more league seats sealed with the key that seals now: their sealed values and the links inside. */
async function moreSeats(n: number): Promise<string[]> {
  const links = Array.from({ length: n }, () => `${BASE}/t/t_more#${crypto.randomUUID()}`);
  const table = `t_${crypto.randomUUID().slice(0, 12)}`;
  await env.DB.batch(await Promise.all(links.map(async (link, seat) => env.DB.prepare("INSERT INTO league_seats (table_id, seat, member_id, link) VALUES (?, ?, 'm_1', ?)").bind(table, seat, await sealLink(link)))));
  return links;
}

describe("turning LINK_KEY", () => {
  it("loses no link: add a key, re-seal, let the old key go", async () => {
    const A = env.LINK_KEY_DEV!;
    const B = newKey();
    e.LINK_KEY = A; // the key the club has used so far (the same one local development sealed with)
    e.OPERATOR_KEY = OPERATOR;
    const { p, t, secrets } = await world();
    const before = await linksSeen(p, t);
    expect(before.seats.length).toBeGreaterThan(0);
    expect(before.hosted.length).toBeGreaterThan(0);
    expect(before.hostPage.filter(Boolean).length).toBe(4);
    for (const link of [...before.seats, ...before.hosted]) expect(link).toMatch(/#.+/);

    // A new key: it seals what is stored from now on; the old one still opens what it sealed.
    e.LINK_KEY_2 = B;
    const fresh = await sealLink("https://x/t/y#z");
    await expect(openLink(fresh, B)).resolves.toBe("https://x/t/y#z");
    await expect(openLink(fresh, A)).rejects.toThrow();
    expect(await linksSeen(p, t)).toEqual(before);

    // The re-seal: everything stored is sealed with the newest key, in a pass of one call or several.
    const first = await pass();
    expect(first.last).toMatchObject({ sealing: "LINK_KEY_2", keys: ["LINK_KEY_2", "LINK_KEY"], remaining: 0, unopenable: 0, cursor: null });
    expect(first.resealed).toBeGreaterThanOrEqual(10); // 4 seat links, the host link, 1 player seat, league seat, admin key, outbox
    expect((await pass()).resealed).toBe(0);

    // The old key goes: every value opens with the new key alone, and nothing the players see changed.
    delete e.LINK_KEY;
    const values = await sealedValues();
    expect(values.length).toBeGreaterThanOrEqual(10);
    for (const v of values) await expect(openLink(v, B)).resolves.toBeTruthy();
    const opened = await Promise.all(values.map((v) => openLink(v)));
    for (const s of secrets) expect(opened).toContain(s);
    expect(await linksSeen(p, t)).toEqual(before);
    const view = await getView(t.id, new URL(before.seats[0]).hash.slice(1));
    expect(view.status).toBe(200);
  });

  it("goes in slices: interrupted mid-way and resumed, every value is re-sealed once and opens with the new key alone", async () => {
    const A = env.LINK_KEY_DEV!;
    const B = newKey();
    e.LINK_KEY = A;
    e.OPERATOR_KEY = OPERATOR;
    await world();
    const links = await moreSeats(3 * SLICE);
    // What the key A opens (values an earlier test of this file left under a key gone since are lost already).
    const opens = async (v: string, key: string) => openLink(v, key).then(() => true, () => false);
    const mine = async (key: string) => {
      const out: string[] = [];
      for (const v of await sealedValues()) if (await opens(v, key)) out.push(v);
      return out;
    };
    const old = (await mine(A)).length;
    expect(old).toBeGreaterThan(3 * SLICE);
    e.LINK_KEY_2 = B;

    // A few slices, each opening at most SLICE values; then the command is interrupted.
    const s1 = await reseal();
    expect(s1.cursor).not.toBeNull();
    expect(s1.remaining).toBeGreaterThanOrEqual(1);
    expect(s1.resealed).toBeLessThanOrEqual(SLICE);
    const s2 = await reseal(s1.cursor);
    // A slice retried (its answer lost): it finds its values sealed already and writes nothing again.
    const again = await reseal(s1.cursor);
    expect(again.resealed).toBe(0);
    expect(again.cursor).toBe(s2.cursor);
    const done = s1.resealed + s2.resealed;
    expect(done).toBeGreaterThan(0);

    // Resumed from where it stopped, then a fresh pass: the rest, each value once, then nothing.
    const rest = await pass(s2.cursor);
    expect(rest.last).toMatchObject({ remaining: 0, cursor: null });
    expect(done + rest.resealed).toBe(old);
    expect((await pass()).resealed).toBe(0);

    // The old key goes: every value opens with the new key alone; before, the old key opened none of the re-sealed.
    expect(await mine(A)).toEqual([]);
    const values = await mine(B);
    expect(values.length).toBe(old);
    delete e.LINK_KEY;
    const opened = await Promise.all(values.map((v) => openLink(v)));
    for (const l of links) expect(opened).toContain(l);
  });

  it("a cursor the server did not give is refused (400), nothing written", async () => {
    e.LINK_KEY = env.LINK_KEY_DEV!;
    e.OPERATOR_KEY = OPERATOR;
    for (const cursor of ["x", "9.1", "1.-3", "0.1.2"]) {
      const res = await SELF.fetch(`${BASE}/api/operator/link-keys/reseal`, { method: "POST", headers: { Authorization: `Bearer ${OPERATOR}`, "Content-Type": "application/json" }, body: JSON.stringify({ cursor }) });
      expect(res.status).toBe(400);
      expect((await res.json<{ error: { code: string } }>()).error.code).toBe("INVALID_CURSOR");
    }
  });

  it("without the re-seal, letting the old key go would lose the links (what the re-seal prevents)", async () => {
    e.LINK_KEY = env.LINK_KEY_DEV!;
    const { p, t } = await world();
    const before = await linksSeen(p, t);
    e.LINK_KEY_2 = newKey();
    delete e.LINK_KEY;
    const after = await linksSeen(p, t);
    expect(after.seats).not.toEqual(before.seats);
    expect(after.hostPage.filter(Boolean)).toHaveLength(0);
  });

  it("the re-seal is the operator's: no key, a wrong key or a key in the query is refused", async () => {
      const url = `${BASE}/api/operator/link-keys/reseal`;
    expect((await SELF.fetch(url, { method: "POST", headers: { Authorization: `Bearer ${OPERATOR}` } })).status).toBe(503);
    e.OPERATOR_KEY = OPERATOR;
    expect((await SELF.fetch(url, { method: "POST" })).status).toBe(401);
    expect((await SELF.fetch(url, { method: "POST", headers: { Authorization: `Bearer ${OPERATOR}x` } })).status).toBe(401);
    expect((await SELF.fetch(`${url}?key=${OPERATOR}`, { method: "POST" })).status).toBe(401);
  });
});
