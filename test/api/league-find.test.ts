// A league you can find (issue 18): the invite shows the league before joining (API.md Additions,
// "A league seen before joining"), and "My leagues" follows the player to every device.
import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { BASE, auth, post, startRound } from "./helpers";

interface Created {
  id: string;
  adminKey: string;
  invite: string;
}

const get = (path: string, key?: string | null) => SELF.fetch(BASE + path, { headers: key ? auth(key) : {} });

async function newPlayer(name: string): Promise<string> {
  const res = await post("/api/players", { name });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json<{ key: string }>()).key;
}

async function createLeague(headers: Record<string, string> = {}, extra: Record<string, unknown> = {}): Promise<Created> {
  const res = await post(
    "/api/leagues",
    { name: "Stammtisch", description: "Dienstags im Goldenen Hirschen", rules: { preset: "murln", mustPlayAt: 4 }, tableSize: 4, roundDays: 5, decisionHours: 24, ...extra },
    headers,
  );
  expect(res.status, await res.clone().text()).toBe(201);
  return res.json();
}

describe("the league seen before joining", () => {
  it("shows name, description, every rule resolved, table size, days per round and the member count to the invite", async () => {
    const l = await createLeague();
    for (const name of ["Anna", "Bernd"]) expect((await post(`/api/leagues/${l.id}/join`, { invite: l.invite, name })).status).toBe(201);
    const res = await get(`/api/leagues/${l.id}/preview`, l.invite);
    expect(res.status).toBe(200);
    const p = await res.json<Record<string, unknown> & { rules: Record<string, unknown> }>();
    expect(p).toMatchObject({ name: "Stammtisch", description: "Dienstags im Goldenen Hirschen", tableSize: 4, daysPerRound: 5, members: 2 });
    // Every option resolved: the preset's own values and the house rule, for the table size.
    expect(p.rules).toMatchObject({ preset: "murln", players: 4, deck: 33, startPoints: 21, mustPlayAt: 4, stayHome: 2 });
    // Nothing more than the invite needs: no keys, no names, no links.
    const text = JSON.stringify(p);
    expect(text).not.toContain(l.adminKey);
    expect(text).not.toContain(l.invite);
    expect(text).not.toContain("Anna");
    expect(text).not.toMatch(/\/t\//);
  });

  it("is 404 for a wrong invite, no invite, an old invite, another league's invite and an unknown league", async () => {
    const l = await createLeague();
    const other = await createLeague();
    const refused = [
      await get(`/api/leagues/${l.id}/preview`, "not-the-invite"),
      await get(`/api/leagues/${l.id}/preview`),
      await get(`/api/leagues/${l.id}/preview`, other.invite),
      await get(`/api/leagues/${l.id}/preview`, l.adminKey),
      await get(`/api/leagues/l_AAAAAAAAAAAAAAAA/preview`, l.invite),
      await get(`/api/leagues/nonsense/preview`, l.invite),
    ];
    // A rotated invite opens nothing any more.
    expect((await post(`/api/leagues/${l.id}/invite`, {}, auth(l.adminKey))).status).toBe(200);
    refused.push(await get(`/api/leagues/${l.id}/preview`, l.invite));
    for (const res of refused) {
      expect(res.status).toBe(404);
      expect((await res.json<{ error: { code: string } }>()).error.code).toBe("NOT_FOUND");
    }
  });
});

describe("my leagues", () => {
  it("lists the leagues a player made (with the admin key) and joined, on any device, and follows a new admin key", async () => {
    const ada = await newPlayer("Ada");
    const bea = await newPlayer("Bea");
    const made = await createLeague(auth(ada), { name: "Ada's club" });
    const joined = await createLeague({}, { name: "Bea's club" });
    expect((await post(`/api/leagues/${joined.id}/join`, { invite: joined.invite, name: "Ada" }, auth(ada))).status).toBe(201);
    expect((await post(`/api/leagues/${made.id}/join`, { invite: made.invite, name: "Bea" }, auth(bea))).status).toBe(201);

    type Mine = { leagues: { id: string; name: string; member: string | null; adminKey: string | null; tables: { tableId: string; running: boolean }[] }[] };
    const mine = await (await get("/api/players/me/leagues", ada)).json<Mine>();
    expect(mine.leagues.map((x) => x.name)).toEqual(["Ada's club", "Bea's club"]);
    expect(mine.leagues[0]).toMatchObject({ id: made.id, member: null, adminKey: made.adminKey });
    expect(mine.leagues[1]).toMatchObject({ id: joined.id, adminKey: null });
    expect(mine.leagues[1].member).toMatch(/^m_/);
    // Bea sees only her membership, not Ada's admin key.
    const beas = await (await get("/api/players/me/leagues", bea)).json<Mine>();
    expect(beas.leagues).toHaveLength(1);
    expect(beas.leagues[0]).toMatchObject({ id: made.id, adminKey: null });

    // A new admin key: the player keeps the new one, and the old one opens nothing.
    const rotated = await (await post(`/api/leagues/${made.id}/admin-key`, {}, auth(made.adminKey))).json<{ adminKey: string; invite: { code: string } }>();
    const after = await (await get("/api/players/me/leagues", ada)).json<Mine>();
    expect(after.leagues[0].adminKey).toBe(rotated.adminKey);
    expect((await get(`/api/leagues/${made.id}`, after.leagues[0].adminKey!)).status).toBe(200);

    // A league table the member sits at is listed with the league.
    for (const name of ["Cleo", "Dan"]) expect((await post(`/api/leagues/${made.id}/join`, { invite: rotated.invite.code, name })).status).toBe(201);
    await startRound(made.id, rotated.adminKey);
    const beaAgain = await (await get("/api/players/me/leagues", bea)).json<Mine>();
    expect(beaAgain.leagues[0].tables).toHaveLength(1);
    expect(beaAgain.leagues[0].tables[0]).toMatchObject({ running: true });
    expect(beaAgain.leagues[0].tables[0].tableId).toMatch(/^t_/);
  });

  it("needs a player key", async () => {
    expect((await get("/api/players/me/leagues")).status).toBe(401);
  });
});
