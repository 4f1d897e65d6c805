// A league's admin can shut people out for good: a removal that races a round's start still takes
// every seat, a ban refuses the person's next join, and invites and the admin key can be rotated.
// Concurrent joins cannot pass the member cap.
import { SELF, createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { app } from "../../worker/api/app";
import type { TableRoom } from "../../worker/table/room";
import { MAX_MEMBERS } from "../../worker/leagues/membership";
import { BASE, auth, post } from "./helpers";

interface Created {
  id: string;
  adminKey: string;
  invite: string;
}

const del = (path: string, key: string) => SELF.fetch(BASE + path, { method: "DELETE", headers: auth(key) });
const get = (path: string, key: string) => SELF.fetch(BASE + path, { headers: auth(key) });

async function createLeague(extra: Record<string, unknown> = {}): Promise<Created> {
  const res = await post("/api/leagues", { name: "Wirtshaus", rules: { preset: "standard", startPoints: 2 }, tableSize: 3, decisionHours: null, botLevel: "random", ...extra });
  expect(res.status).toBe(201);
  return res.json();
}

async function join(l: { id: string }, invite: string, name: string, headers: Record<string, string> = {}) {
  return post(`/api/leagues/${l.id}/join`, { invite, name }, headers);
}

async function members(l: Created, n: number) {
  const out: { id: string; key: string; name: string }[] = [];
  for (let i = 0; i < n; i++) {
    const name = `M${String.fromCharCode(65 + i)}x`;
    const res = await join(l, l.invite, name);
    expect(res.status, await res.clone().text()).toBe(201);
    const b = await res.json<{ member: { id: string }; key: string }>();
    out.push({ id: b.member.id, key: b.key, name });
  }
  return out;
}

/** The Worker with TABLES wrapped: `before` runs once, just before the first table is started (between two of the round's slices). */
function withHookBeforeFirstTable(before: () => Promise<void>) {
  let fired = false;
  const namespace = env.TABLES as unknown as DurableObjectNamespace<TableRoom>;
  const tables = new Proxy(namespace, {
    get(target, prop) {
      if (prop === "getByName") {
        return (name: string) => {
          const stub = target.getByName(name);
          return new Proxy(stub, {
            get(s, q) {
              if (q === "start" && !fired) {
                fired = true;
                return async (...args: Parameters<typeof s.start>) => {
                  await before();
                  return s.start(...args);
                };
              }
              // An RPC stub answers every property, `bind` too (as a remote call): call through it.
              return (...args: unknown[]) => (s as unknown as Record<string | symbol, (...a: unknown[]) => unknown>)[q](...args);
            },
          });
        };
      }
      const v = Reflect.get(target, prop);
      return typeof v === "function" ? v.bind(target) : v;
    },
  });
  // Without the round object the round's slices run in this request, through the wrapped TABLES.
  const wrapped = new Proxy(env, { get: (t, p) => (p === "TABLES" ? tables : p === "ROUNDS" ? undefined : Reflect.get(t, p)) });
  return async (path: string, init: RequestInit) => {
    const ctx = createExecutionContext();
    const res = await app.fetch(new Request(BASE + path, init), wrapped, ctx);
    await waitOnExecutionContext(ctx);
    return res;
  };
}

describe("a removal racing a round's start", () => {
  it("still takes the seat: the round checks its members again once its tables are stored", async () => {
    const l = await createLeague();
    const ms = await members(l, 9);
    const gone = ms[4];
    let removal: Response | null = null;
    // The round has read its members and is creating the first game when the removal runs, all of it.
    const fetchWith = withHookBeforeFirstTable(async () => {
      removal = await del(`/api/leagues/${l.id}/members/${gone.id}`, l.adminKey);
    });
    const round = await fetchWith(`/api/leagues/${l.id}/rounds`, { method: "POST", headers: { ...auth(l.adminKey), "Content-Type": "application/json" }, body: "{}" });
    expect(round.status, await round.clone().text()).toBe(201);
    expect(removal!.status).toBe(200);
    const body = await round.json<{ tables: { tableId: string; seats: { member: string | null }[] }[] }>();
    expect(body.tables.flatMap((t) => t.seats).some((s) => s.member === gone.id)).toBe(false);
    // In D1: the removed member holds no seat of the league, and no seat of a running league table
    // has a token any more that the league handed to them.
    const held = await env.DB.prepare("SELECT count(*) AS n FROM league_seats WHERE member_id = ?").bind(gone.id).first<{ n: number }>();
    expect(held?.n).toBe(0);
    const page = await (await get(`/api/leagues/${l.id}`, l.adminKey)).json<{ rounds: { tables: { tableId: string; seats: { member: string | null; bot: string | null }[] }[] }[] }>();
    const seats = page.rounds[0].tables.flatMap((t) => t.seats);
    expect(seats.filter((s) => s.member === null)).toHaveLength(1);
    expect(seats.filter((s) => s.member === null)[0].bot).toBe("random");
  });
});

describe("bans and rotation", () => {
  it("a banned member cannot join again, under a new name, a look-alike, with their player or from their address", async () => {
    const l = await createLeague();
    const made = await (await post("/api/players", { name: "Pia" })).json<{ key: string }>();
    const addr = { "CF-Connecting-IP": "203.0.113.50" };
    const first = await join(l, l.invite, "Troll", addr);
    expect(first.status).toBe(201);
    const troll = await first.json<{ member: { id: string } }>();
    const withPlayer = await join(l, l.invite, "Pia", auth(made.key));
    const pia = await withPlayer.json<{ member: { id: string } }>();
    for (const m of [troll.member.id, pia.member.id]) {
      const res = await post(`/api/leagues/${l.id}/members/${m}/ban`, {}, auth(l.adminKey));
      expect(res.status, await res.clone().text()).toBe(200);
      expect(await res.json()).toMatchObject({ member: m, status: "removed", banned: true });
    }
    const refused = [
      await join(l, l.invite, "Troll"),
      await join(l, l.invite, "TrоII"), // Cyrillic o, two capital I
      await join(l, l.invite, "Someone new", addr),
      await join(l, l.invite, "Another name", auth(made.key)),
    ];
    for (const r of refused) {
      expect(r.status).toBe(403);
      expect((await r.json<{ error: { code: string } }>()).error.code).toBe("BANNED");
    }
    // Anyone else still joins.
    expect((await join(l, l.invite, "Franz", { "CF-Connecting-IP": "203.0.113.51" })).status).toBe(201);
    // Only the admin bans.
    const other = await (await join(l, l.invite, "Gerti")).json<{ member: { id: string }; key: string }>();
    expect((await post(`/api/leagues/${l.id}/members/${other.member.id}/ban`, {}, auth(other.key))).status).toBe(403);
  });

  it("rotates the invite: the old one opens nothing, members stay", async () => {
    const l = await createLeague();
    const [m] = await members(l, 1);
    const res = await post(`/api/leagues/${l.id}/invite`, {}, auth(l.adminKey));
    expect(res.status).toBe(200);
    const { invite } = await res.json<{ invite: { code: string; link: string } }>();
    expect(invite.code).not.toBe(l.invite);
    expect(invite.link).toContain(`#invite=${invite.code}`);
    const old = await join(l, l.invite, "Late");
    expect(old.status).toBe(403);
    expect((await old.json<{ error: { code: string } }>()).error.code).toBe("INVALID_INVITE");
    expect((await join(l, invite.code, "Late")).status).toBe(201);
    expect((await get(`/api/leagues/${l.id}`, m.key)).status).toBe(200);
    const admin = await (await get(`/api/leagues/${l.id}`, l.adminKey)).json<{ invite: { code: string } }>();
    expect(admin.invite.code).toBe(invite.code);
    // A second rotation gives yet another invite, never an old one back.
    const again = await (await post(`/api/leagues/${l.id}/invite`, {}, auth(l.adminKey))).json<{ invite: { code: string } }>();
    expect([l.invite, invite.code]).not.toContain(again.invite.code);
    expect((await post(`/api/leagues/${l.id}/invite`, {}, auth(m.key))).status).toBe(403);
  });

  it("rotates the admin key: the old key and its invite stop working", async () => {
    const l = await createLeague();
    const res = await post(`/api/leagues/${l.id}/admin-key`, {}, auth(l.adminKey));
    expect(res.status).toBe(200);
    const next = await res.json<{ adminKey: string; adminLink: string; invite: { code: string } }>();
    expect(next.adminKey).not.toBe(l.adminKey);
    expect(next.adminLink).toContain(`#admin=${next.adminKey}`);
    expect((await get(`/api/leagues/${l.id}`, l.adminKey)).status).toBe(401);
    expect((await post(`/api/leagues/${l.id}/invite`, {}, auth(l.adminKey))).status).toBe(401);
    expect((await get(`/api/leagues/${l.id}`, next.adminKey)).status).toBe(200);
    expect((await join(l, l.invite, "Old")).status).toBe(403);
    expect((await join(l, next.invite.code, "New")).status).toBe(201);
  });
});

describe("the member cap", () => {
  it("holds against concurrent joins", async () => {
    const l = await createLeague();
    // Fill to five below the cap directly in D1, then twenty join at once.
    const now = Date.now();
    const fill = MAX_MEMBERS - 5;
    const rows = Array.from({ length: fill }, (_, i) =>
      env.DB.prepare("INSERT INTO league_members (id, league_id, name, key_hash, feed_hash, player_id, status, joined_at, name_key) VALUES (?, ?, ?, ?, ?, NULL, 'active', ?, ?)").bind(`m_fill${String(i).padStart(8, "0")}`, l.id, `F${i}`, `k${i}`, `f${i}`, now, `f${i}`),
    );
    await env.DB.batch(rows);
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => join(l, l.invite, `Rush${i}`)));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(5);
    expect(statuses.filter((s) => s === 409)).toHaveLength(15);
    const n = await env.DB.prepare("SELECT count(*) AS n FROM league_members WHERE league_id = ? AND status = 'active'").bind(l.id).first<{ n: number }>();
    expect(n?.n).toBe(MAX_MEMBERS);
  });

  it("keeps one of two look-alike names joining at once", async () => {
    const l = await createLeague();
    const results = await Promise.all([join(l, l.invite, "Sepp"), join(l, l.invite, "Ѕepp"), join(l, l.invite, "SEPP")]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409]);
  });
});
