// Leagues through the API: creating and joining, permissions, rounds that cannot double, a whole
// round played through the table API ending in the standings, the admin's decisions, exports.
import { SELF, env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { BASE, act, auth, chooseAction, fetchOrFail, post, startRound as openRound, stored, view } from "./helpers";

interface Created {
  id: string;
  adminKey: string;
  adminLink: string;
  invite: string;
  inviteLink: string;
}

interface Page {
  league: { id: string; name: string; rules: Record<string, unknown>; resolvedRules: { players: number; startPoints: number } | null; season: number };
  you: { role: string; member?: string };
  members: { id: string; name: string; status: string }[];
  fairness: { pairMin: number; pairMax: number };
  standings: { member: string; name: string; removed: boolean; rank: number; games: number; wins: number; avgPlace: number | null; points: number; rating: { mu: number; sigma: number; ordinal: number } | null; history: { tableId: string; place: number }[] }[];
  rounds: {
    no: number;
    deadline: number;
    closedAt: number | null;
    tables: { tableId: string; status: string; hands: number | null; seats: { seat: number; member: string | null; name: string; points: number | null; place: number | null }[]; waitingFor: { seat: number; name: string }[]; link: string | null }[];
  }[];
  notices: { kind: string; data: Record<string, unknown> }[];
  feeds: { csv: string; ics: string };
  invite: { code: string } | null;
}

const NAMES = ["Anna", "Bernd", "Clara", "Dora", "Emil", "Franz"];
// Few start points: a game between random players ends within a few hands.
const RULES = { preset: "standard", startPoints: 2 };

const get = (path: string, key?: string | null) => SELF.fetch(BASE + path, { headers: key ? auth(key) : {} });
const del = (path: string, key: string) => SELF.fetch(BASE + path, { method: "DELETE", headers: auth(key) });

async function createLeague(extra: Record<string, unknown> = {}): Promise<Created> {
  const res = await post("/api/leagues", { name: "Stammtisch", description: "Dienstags im Goldenen Hirschen", rules: RULES, tableSize: 3, decisionHours: null, ...extra });
  expect(res.status, await res.clone().text()).toBe(201);
  return res.json();
}

async function join(l: Created, name: string): Promise<{ id: string; key: string }> {
  const res = await post(`/api/leagues/${l.id}/join`, { invite: l.invite, name });
  expect(res.status, await res.clone().text()).toBe(201);
  const body = await res.json<{ member: { id: string }; key: string }>();
  return { id: body.member.id, key: body.key };
}

async function page(l: Created, key: string | null = l.adminKey, query = ""): Promise<Page> {
  const res = await get(`/api/leagues/${l.id}${query}`, key);
  expect(res.status, await res.clone().text()).toBe(200);
  return res.json();
}

async function league(n: number, extra: Record<string, unknown> = {}) {
  const l = await createLeague(extra);
  const members = [];
  for (const name of NAMES.slice(0, n)) members.push({ name, ...(await join(l, name)) });
  return { l, members, keyOf: new Map(members.map((m) => [m.id, m.key])) };
}

const startRound = (l: Created, key = l.adminKey, body: unknown = {}) => post(`/api/leagues/${l.id}/rounds`, body, auth(key));

/** The token of the seat `key`'s member holds at `tableId`: from their league page's link. */
async function seatToken(l: Created, key: string, tableId: string): Promise<string> {
  const t = (await page(l, key)).rounds.flatMap((r) => r.tables).find((x) => x.tableId === tableId);
  expect(t?.link, `no link to ${tableId} for this member`).toMatch(new RegExp(`/t/${tableId}#`));
  const token = new URL(t!.link!).hash.slice(1);
  // A seat opens with a secret of its own, never with the member's key.
  expect(token).not.toBe(key);
  return token;
}

/** Play a table to its end through the table API, each seat with the token its holder's page links. */
async function playOut(l: Created, tableId: string, keyOf: Map<string, string>, holders: (string | null)[], salt: string): Promise<number> {
  let actions = 0;
  const tokens = new Map<string, string>();
  for (;;) {
    const s = await stored(tableId);
    if (s.state.phase === "over") return actions;
    const seat = s.state.toAct[0];
    const member = holders[seat];
    if (member === null) {
      // A bot's turn: the table's alarm plays it; wait for the version to move on.
      await new Promise((r) => setTimeout(r, 20));
      continue;
    }
    if (!tokens.has(member)) tokens.set(member, await seatToken(l, keyOf.get(member)!, tableId));
    const token = tokens.get(member)!;
    const v = await view(tableId, token);
    const action = await chooseAction(v, s.state, salt);
    const res = await act(tableId, token, s.version, action);
    expect(res.status, `${JSON.stringify(action)} → ${await res.clone().text()}`).toBe(200);
    actions++;
  }
}

describe("creating and joining a league", () => {
  it("checks the league's settings and rules", async () => {
    const bad = [
      { name: "", rules: RULES, tableSize: 4 },
      { name: "X", rules: RULES, tableSize: 6 },
      { name: "X", rules: RULES, tableSize: 4, roundDays: 0 },
      { name: "X", rules: RULES, tableSize: 4, visibility: "secret" },
    ];
    for (const body of bad) {
      const res = await post("/api/leagues", body);
      expect(res.status).toBe(400);
      expect((await res.json<{ error: { code: string } }>()).error.code).toBe("INVALID_REQUEST");
    }
    const rules = await post("/api/leagues", { name: "X", rules: { preset: "bergxi" }, tableSize: 5 });
    expect(rules.status).toBe(400);
    expect(await rules.json()).toMatchObject({ error: { code: "INVALID_RULES", option: "players" } });
    expect((await post("/api/leagues", "{nope")).status).toBe(400);
  }, 60_000);

  it("shows the rules to every member and the invite to the admin only", async () => {
    const { l, members } = await league(2);
    const admin = await page(l);
    expect(admin.you.role).toBe("admin");
    expect(admin.invite?.code).toBe(l.invite);
    expect(admin.league.rules).toEqual(RULES);
    const member = await page(l, members[0].key);
    expect(member.you).toMatchObject({ role: "member", member: members[0].id });
    expect(member.invite).toBeNull();
    expect(member.league.resolvedRules).toMatchObject({ players: 3, startPoints: 2 });
    expect(member.members.map((m) => m.name)).toEqual(["Anna", "Bernd"]);
    // Nobody's key is in anybody's page.
    const json = JSON.stringify([admin, member]);
    for (const m of members) expect(json).not.toContain(m.key);
  }, 60_000);

  it("refuses a wrong invite, a taken name and a second membership", async () => {
    const { l, members } = await league(1);
    const wrong = await post(`/api/leagues/${l.id}/join`, { invite: "nope", name: "Zoe" });
    expect(wrong.status).toBe(403);
    expect((await wrong.json<{ error: { code: string } }>()).error.code).toBe("INVALID_INVITE");
    const taken = await post(`/api/leagues/${l.id}/join`, { invite: l.invite, name: "anna" });
    expect(taken.status).toBe(409);
    const again = await post(`/api/leagues/${l.id}/join`, { invite: l.invite, name: "Anna2" }, auth(members[0].key));
    expect(again.status).toBe(409);
  }, 60_000);

  it("lets a member join with their player's key; their seats open with tokens of their own", async () => {
    const made = await post("/api/players", { name: "Dora" });
    const { id: playerId, key: playerKey } = await made.json<{ id: string; key: string }>();
    const { l } = await league(2);
    const res = await post(`/api/leagues/${l.id}/join`, { invite: l.invite, name: "Dora" }, auth(playerKey));
    expect(res.status).toBe(201);
    const body = await res.json<{ member: { id: string; player: string }; key: string | null }>();
    expect(body).toMatchObject({ member: { player: playerId }, key: null });
    expect((await page(l, playerKey)).you).toMatchObject({ role: "member", member: body.member.id });
    const started = await startRound(l);
    expect(started.status).toBe(201);
    const round = await started.json<{ tables: { tableId: string; seats: { member: string | null }[] }[] }>();
    const mine = round.tables.find((t) => t.seats.some((s) => s.member === body.member.id))!;
    // The player key opens the league page, never a table.
    expect((await get(`/api/tables/${mine.tableId}`, playerKey)).status).toBe(401);
    const v = await view(mine.tableId, await seatToken(l, playerKey, mine.tableId));
    expect(mine.seats[v.you].member).toBe(body.member.id);
    // The seat is linked to the player (their turn notices, their list of games).
    const linked = await env.DB.prepare("SELECT player_id FROM player_seats WHERE table_id = ? AND seat = ?").bind(mine.tableId, v.you).first<{ player_id: string }>();
    expect(linked?.player_id).toBe(playerId);
    // What turn messages are composed from carries the seat's token, not the player key.
    const me = await (await get("/api/players/me", playerKey)).json<{ seats: { table: string; link: string }[] }>();
    const kept = me.seats.find((x) => x.table === mine.tableId)!.link;
    expect(kept).toMatch(new RegExp(`/t/${mine.tableId}#`));
    expect(kept).not.toContain(playerKey);
    // The client links every seat it opens; a player key offered as a seat token is refused.
    const asToken = await post("/api/players/me/seats", { table: mine.tableId, token: playerKey }, auth(playerKey));
    expect(asToken.status).toBe(400);
    expect((await (await get("/api/players/me", playerKey)).json<{ seats: { link: string }[] }>()).seats.every((x) => !x.link.includes(playerKey))).toBe(true);
  }, 60_000);
});

describe("permissions", () => {
  it("hides a private league from outsiders and answers for a public one", async () => {
    const { l } = await league(3);
    expect((await get(`/api/leagues/${l.id}`)).status).toBe(404);
    expect((await get(`/api/leagues/${l.id}/standings.csv`)).status).toBe(404);
    expect((await get(`/api/leagues/${l.id}/calendar.ics?feed=guess`)).status).toBe(404);
    expect((await get(`/api/leagues/${l.id}`, "some-other-key")).status).toBe(401);
    expect((await get(`/api/leagues/l_AAAAAAAAAAAAAAAA`)).status).toBe(404);
    const pub = await createLeague({ visibility: "public" });
    const seen = await page(pub, null);
    expect(seen.you.role).toBe("guest");
    expect(seen.invite).toBeNull();
    // A key of something else (a player's, say) makes nobody a member or admin there.
    expect((await page(pub, "some-other-key")).you.role).toBe("guest");
    expect((await startRound(pub, "some-other-key")).status).toBe(403);
  }, 60_000);

  it("keeps the admin's actions to the admin", async () => {
    const { l, members } = await league(4);
    const m = members[0].key;
    expect((await startRound(l, m)).status).toBe(403);
    expect((await post(`/api/leagues/${l.id}/seasons`, {}, auth(m))).status).toBe(403);
    expect((await startRound(l)).status).toBe(201);
    const p = await page(l);
    const t = p.rounds[0].tables[0];
    expect((await post(`/api/leagues/${l.id}/tables/${t.tableId}/decide`, { outcome: "annul" }, auth(m))).status).toBe(403);
    expect((await post(`/api/leagues/${l.id}/tables/${t.tableId}/seats/0`, { member: null }, auth(m))).status).toBe(403);
    expect((await post(`/api/leagues/${l.id}/rounds/1/deadline`, { days: 2 }, auth(m))).status).toBe(403);
    expect((await post(`/api/leagues/${l.id}/rounds/1/close`, {}, auth(m))).status).toBe(403);
    // An outsider of a private league learns nothing, not even that it exists.
    expect((await post(`/api/leagues/${l.id}/rounds`, {})).status).toBe(404);
  }, 60_000);

  it("does not let a member act for another", async () => {
    const { l, members } = await league(4);
    const [anna, bernd] = members;
    expect((await del(`/api/leagues/${l.id}/members/${bernd.id}`, anna.key)).status).toBe(403);
    await startRound(l);
    const p = await page(l, anna.key);
    // Anna gets a link to her own table only, and her key opens only her own seat there.
    const tables = p.rounds[0].tables;
    const own = tables.filter((t) => t.link !== null);
    expect(own).toHaveLength(1);
    expect(own[0].seats.some((s) => s.member === anna.id)).toBe(true);
    for (const t of tables) expect((await get(`/api/tables/${t.tableId}`, anna.key)).status).toBe(401);
    const token = await seatToken(l, anna.key, own[0].tableId);
    for (const t of tables.filter((x) => x.tableId !== own[0].tableId)) expect((await get(`/api/tables/${t.tableId}`, token)).status).toBe(401);
    const v = await view(own[0].tableId, token);
    expect(own[0].seats[v.you].member).toBe(anna.id);
    // Leaving is her own business.
    expect((await del(`/api/leagues/${l.id}/members/${anna.id}`, anna.key)).status).toBe(200);
    expect((await get(`/api/leagues/${l.id}`, anna.key)).status).toBe(401);
  }, 60_000);
});

describe("rounds", () => {
  it("does not double a round started twice, one after the other or at once", async () => {
    const { l } = await league(6);
    const [a, b] = await Promise.all([startRound(l, l.adminKey, { no: 1 }), startRound(l, l.adminKey, { no: 1 })]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    const again = await startRound(l, l.adminKey, { no: 1 });
    expect(again.status).toBe(409);
    const next = await startRound(l);
    expect(next.status).toBe(409);
    expect((await next.json<{ error: { code: string } }>()).error.code).toBe("ROUND_OPEN");
    const rows = await env.DB.prepare("SELECT count(*) AS n FROM league_tables WHERE league_id = ?").bind(l.id).first<{ n: number }>();
    expect(rows?.n).toBe(2); // 6 members at tables of 3
    const p = await page(l);
    expect(p.rounds).toHaveLength(1);
    expect(p.rounds[0].tables.flatMap((t) => t.seats.map((s) => s.member)).sort()).toEqual(p.members.map((m) => m.id).sort());
    // After one round of two tables of 3: pairs at a table met once, the others not yet.
    expect(p.fairness).toMatchObject({ pairMin: 0, pairMax: 1 });
  }, 60_000);

  it("starts a round of a league of 24 (D1 binds at most 100 values a statement: the notices go in parts)", async () => {
    const l = await createLeague();
    const members = [];
    for (let i = 0; i < 24; i++) members.push(await join(l, `Mitglied ${i + 1}`));
    // Waited for until open: 24 members can take longer than the route's 20 s on a busy machine (202).
    await openRound(l.id, l.adminKey);
    const page = await (await fetchOrFail(`${BASE}/api/leagues/${l.id}`, { headers: auth(l.adminKey) })).json<{ rounds: { tables: unknown[] }[] }>();
    expect(page.rounds[0].tables).toHaveLength(8);
    // Every member was told where they sit.
    const { results } = await env.DB.prepare("SELECT count(DISTINCT member_id) AS n FROM league_notices WHERE league_id = ? AND kind = 'roundStarted'").bind(l.id).all<{ n: number }>();
    expect(results[0].n).toBe(24);
  }, 120_000);

  it("refuses to start with too few members and seats bots only where allowed", async () => {
    const lonely = await league(1);
    const res = await startRound(lonely.l);
    expect(res.status).toBe(409);
    expect((await res.json<{ error: { code: string } }>()).error.code).toBe("NOT_ENOUGH_MEMBERS");
    const { l } = await league(4, { allowBots: true, botLevel: "random" });
    const r = await (await startRound(l)).json<{ tables: { seats: { member: string | null }[] }[] }>();
    expect(r.tables).toHaveLength(2);
    expect(r.tables.every((t) => t.seats.length === 3 && t.seats.filter((s) => s.member === null).length === 1)).toBe(true);
  }, 60_000);

  it("is played through the table API to its end, and the standings follow", async () => {
    const { l, members, keyOf } = await league(6);
    expect((await startRound(l)).status).toBe(201);
    const before = await page(l);
    const tables = before.rounds[0].tables;
    expect(tables).toHaveLength(2);
    expect(before.rounds[0].tables.every((t) => t.status === "playing" && t.waitingFor.length === 1)).toBe(true);
    // A running game as the page shows it: the fields D1 picks out of its state (outcomes.ts, gamesFor).
    for (const t of tables) {
      const { state } = await stored(t.tableId);
      expect(t.hands).toBe(state.handsPlayed.length);
      expect(t.seats.map((s) => s.points)).toEqual(state.points);
      expect(t.waitingFor.map((w) => w.seat)).toEqual(state.toAct);
    }
    // Closing with tables still running is refused.
    expect((await post(`/api/leagues/${l.id}/rounds/1/close`, {}, auth(l.adminKey))).status).toBe(409);
    for (const t of tables) await playOut(l, t.tableId, keyOf, t.seats.map((s) => s.member), `league:${t.tableId}`);

    const after = await page(l, members[0].key);
    const ends = await Promise.all(tables.map((t) => stored(t.tableId)));
    expect(after.rounds[0].tables.map((t) => t.status)).toEqual(["finished", "finished"]);
    // Each member's row matches their game's end: one game, a win iff among the winners.
    for (const [i, t] of tables.entries()) {
      const end = ends[i].state;
      for (const s of t.seats) {
        const row = after.standings.find((r) => r.member === s.member)!;
        expect(row.games).toBe(1);
        expect(row.wins).toBe(end.winners!.includes(s.seat) ? 1 : 0);
        expect(row.history[0].tableId).toBe(t.tableId);
        expect(row.rating).not.toBeNull();
        const fewer = end.points.filter((p, o) => !end.winners!.includes(o) && p < end.points[s.seat]).length;
        if (!end.winners!.includes(s.seat)) expect(row.history[0].place).toBe(end.winners!.length + fewer + 1);
      }
    }
    // League points: 2 tables of 3 seats hand out 3 points each (one per pair), whatever the ties.
    expect(after.standings.reduce((a, r) => a + r.points, 0)).toBe(6);
    expect(after.standings[0].rank).toBe(1);
    expect(after.standings[0].points).toBeGreaterThanOrEqual(after.standings[5].points);
    expect((await post(`/api/leagues/${l.id}/rounds/1/close`, {}, auth(l.adminKey))).status).toBe(200);
    expect((await page(l)).rounds[0].closedAt).not.toBeNull();
    // The next round seats everyone again, at new tables.
    const second = await startRound(l);
    expect(second.status).toBe(201);
    expect((await second.json<{ no: number }>()).no).toBe(2);
  }, 180_000);
});

describe("the admin's decisions", () => {
  it("replaces a member by a bot that plays on, and by another member", async () => {
    const { l, members, keyOf } = await league(6, { botLevel: "random" });
    await startRound(l);
    const t = (await page(l)).rounds[0].tables[0];
    const leaving = t.seats[1];
    const leavingToken = await seatToken(l, keyOf.get(leaving.member!)!, t.tableId);
    expect((await get(`/api/tables/${t.tableId}`, leavingToken)).status).toBe(200);
    const res = await post(`/api/leagues/${l.id}/tables/${t.tableId}/seats/1`, { member: null }, auth(l.adminKey));
    expect(res.status, await res.clone().text()).toBe(200);
    expect((await get(`/api/tables/${t.tableId}`, leavingToken)).status).toBe(401);
    // Someone already at the table cannot take a second seat there.
    const twice = await post(`/api/leagues/${l.id}/tables/${t.tableId}/seats/1`, { member: t.seats[0].member }, auth(l.adminKey));
    expect(twice.status).toBe(409);
    // The table is played to its end with the bot in seat 1.
    const holders = t.seats.map((s) => s.member);
    holders[1] = null;
    await playOut(l, t.tableId, keyOf, holders, "replaced");
    const p = await page(l);
    expect(p.rounds[0].tables[0].status).toBe("finished");
    expect(p.standings.find((r) => r.member === leaving.member)!.games).toBe(0);

    // Another member takes a seat at the second table.
    const other = p.rounds[0].tables[1];
    const outsider = members.find((m) => !other.seats.some((s) => s.member === m.id))!;
    const before = await seatToken(l, keyOf.get(other.seats[0].member!)!, other.tableId);
    const given = await post(`/api/leagues/${l.id}/tables/${other.tableId}/seats/0`, { member: outsider.id }, auth(l.adminKey));
    expect(given.status).toBe(200);
    expect((await view(other.tableId, await seatToken(l, outsider.key, other.tableId))).you).toBe(0);
    expect((await get(`/api/tables/${other.tableId}`, before)).status).toBe(401);
    const notices = (await page(l, outsider.key)).notices.map((n) => n.kind);
    expect(notices).toContain("seatGiven");
  }, 120_000);

  it("scores an abandoned table as it stands, or annuls it", async () => {
    const { l, keyOf } = await league(6);
    await startRound(l);
    const [t1, t2] = (await page(l)).rounds[0].tables;
    // A few moves at the first table, then it is abandoned.
    for (let i = 0; i < 10; i++) {
      const s = await stored(t1.tableId);
      const key = await seatToken(l, keyOf.get(t1.seats[s.state.toAct[0]].member!)!, t1.tableId);
      const res = await act(t1.tableId, key, s.version, await chooseAction(await view(t1.tableId, key), s.state, "abandon"));
      expect(res.status).toBe(200);
    }
    const now = (await stored(t1.tableId)).state;
    const scored = await post(`/api/leagues/${l.id}/tables/${t1.tableId}/decide`, { outcome: "score" }, auth(l.adminKey));
    expect(scored.status).toBe(200);
    const again = await post(`/api/leagues/${l.id}/tables/${t1.tableId}/decide`, { outcome: "annul" }, auth(l.adminKey));
    expect(again.status).toBe(409);
    expect((await post(`/api/leagues/${l.id}/tables/${t2.tableId}/decide`, { outcome: "annul" }, auth(l.adminKey))).status).toBe(200);
    const p = await page(l);
    expect(p.rounds[0].tables.map((t) => t.status)).toEqual(["scored", "annulled"]);
    for (const s of t1.seats) {
      const row = p.standings.find((r) => r.member === s.member)!;
      expect(row.games).toBe(1);
      const better = now.points.filter((x) => x < now.points[s.seat]).length;
      expect(row.history[0].place).toBe(better + 1);
    }
    for (const s of t2.seats) expect(p.standings.find((r) => r.member === s.member)!.games).toBe(0);
    expect((await post(`/api/leagues/${l.id}/rounds/1/close`, {}, auth(l.adminKey))).status).toBe(200);
  }, 60_000);

  it("keeps a removed member's finished results", async () => {
    const { l, members, keyOf } = await league(3);
    await startRound(l);
    const t = (await page(l)).rounds[0].tables[0];
    await playOut(l, t.tableId, keyOf, t.seats.map((s) => s.member), "removed");
    const before = (await page(l)).standings.find((r) => r.member === members[2].id)!;
    expect((await del(`/api/leagues/${l.id}/members/${members[2].id}`, l.adminKey)).status).toBe(200);
    expect((await del(`/api/leagues/${l.id}/members/${members[2].id}`, l.adminKey)).status).toBe(409);
    const p = await page(l);
    const after = p.standings.find((r) => r.member === members[2].id)!;
    expect(after).toMatchObject({ removed: true, games: 1, points: before.points, wins: before.wins });
    expect(p.members.find((m) => m.id === members[2].id)!.status).toBe("removed");
    // The others' results against them stand too.
    expect(p.standings.filter((r) => r.games === 1)).toHaveLength(3);
    // The next round seats only the two left: not enough without bots.
    expect((await post(`/api/leagues/${l.id}/rounds/1/close`, {}, auth(l.adminKey))).status).toBe(200);
    expect((await startRound(l)).status).toBe(409);
  }, 120_000);

  it("extends a deadline and starts a new season", async () => {
    const { l } = await league(3);
    const r = await (await startRound(l)).json<{ deadline: number }>();
    const ext = await post(`/api/leagues/${l.id}/rounds/1/deadline`, { days: 3 }, auth(l.adminKey));
    expect(await ext.json()).toMatchObject({ deadline: r.deadline + 3 * 86_400_000 });
    expect((await post(`/api/leagues/${l.id}/rounds/1/deadline`, { days: 0 }, auth(l.adminKey))).status).toBe(400);
    expect((await post(`/api/leagues/${l.id}/seasons`, {}, auth(l.adminKey))).status).toBe(409);
    const t = (await page(l)).rounds[0].tables[0];
    await post(`/api/leagues/${l.id}/tables/${t.tableId}/decide`, { outcome: "annul" }, auth(l.adminKey));
    await post(`/api/leagues/${l.id}/rounds/1/close`, {}, auth(l.adminKey));
    expect((await post(`/api/leagues/${l.id}/rounds/1/deadline`, { days: 1 }, auth(l.adminKey))).status).toBe(409);
    // New rules come with a new season only, checked like a table's.
    const badRules = await post(`/api/leagues/${l.id}/seasons`, { rules: { preset: "nope" } }, auth(l.adminKey));
    expect(badRules.status).toBe(400);
    const s = await post(`/api/leagues/${l.id}/seasons`, { rules: { preset: "geiser" } }, auth(l.adminKey));
    expect(await s.json()).toEqual({ season: 2 });
    const p = await page(l);
    expect(p.league.season).toBe(2);
    expect(p.league.rules).toEqual({ preset: "geiser" });
    expect(p.rounds).toEqual([]);
    expect((await page(l, l.adminKey, "?season=1")).rounds).toHaveLength(1);
    expect((await startRound(l)).status).toBe(201);
  }, 60_000);
});

describe("exports", () => {
  it("serves the standings as CSV and the deadlines as iCalendar, with the feed key", async () => {
    const { l, members } = await league(3);
    const r = await (await startRound(l)).json<{ deadline: number }>();
    const p = await page(l, members[0].key);
    // Feeds are fetched without headers: their key is in the address.
    const csv = await SELF.fetch(p.feeds.csv);
    expect(csv.status).toBe(200);
    expect(csv.headers.get("Content-Type")).toContain("text/csv");
    const lines = (await csv.text()).trimEnd().split("\r\n");
    expect(lines[0]).toBe("rank,name,games,wins,avg_place,points,rating,mu,sigma,removed");
    expect(lines.slice(1).map((x) => x.split(",")[1]).sort()).toEqual(["Anna", "Bernd", "Clara"]);
    const ics = await SELF.fetch(p.feeds.ics);
    expect(ics.status).toBe(200);
    const cal = await ics.text();
    expect(cal.startsWith("BEGIN:VCALENDAR\r\n")).toBe(true);
    expect(cal).toContain(`UID:${l.id}-1-1@muli`);
    expect(cal).toContain(`DTSTART:${new Date(r.deadline).toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, "")}`);
    // A wrong feed key opens nothing of a private league.
    expect((await SELF.fetch(p.feeds.ics.replace(/feed=.*/, "feed=wrong"))).status).toBe(404);
  }, 60_000);
});
