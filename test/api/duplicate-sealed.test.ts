// A duplicate round tells a pool nothing before the pool is over (issue 32, N1/N2/N4): two tables
// of four share the same deals; table A plays deal 1 to its end (and is then scored by the admin,
// or a reserve takes a seat there) while table B has not played it. Nothing that depends on A's
// play (points, hands, places, who is to act, standings, the CSV, a reserve's hand in the news
// and the admin log) reaches B's members or the admin; A's own members see their table as always.
// Nobody sits at two tables of one pool; a league table ends early only by its admin.
import { SELF, env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { tableDb, act, auth, BASE, chooseAction, joinAll, post, stored, view, startRound } from "./helpers";

interface Seat {
  seat: number;
  member: string | null;
  points: number | null;
  place: number | null;
  tookOver: { hand: number } | null;
}
interface Table {
  tableId: string;
  status: string;
  sealed: boolean;
  hands: number | null;
  waitingFor: unknown[];
  decidedAt: number | null;
  link: string | null;
  seats: Seat[];
}
interface Page {
  standings: { member: string; games: number; points: number }[];
  rounds: { tables: Table[] }[];
  notices: { kind: string; data: Record<string, unknown> }[];
  adminLog: { action: string; data: Record<string, unknown> }[];
  feeds: { csv: string; ics: string };
}
interface League {
  id: string;
  adminKey: string;
  invite: string;
}

const NAMES = ["Anna", "Bernd", "Clara", "Dora", "Emil", "Franz", "Gerti", "Hans"];

async function page(l: League, key: string): Promise<Page> {
  const res = await SELF.fetch(`${BASE}/api/leagues/${l.id}`, { headers: auth(key) });
  expect(res.status, await res.clone().text()).toBe(200);
  return res.json();
}

const code = async (res: Response) => ({ status: res.status, code: (await res.json<{ error?: { code: string } }>()).error?.code });

/** Eight members, a duplicate first round: tables A and B of four, each seat's token. */
async function duplicateRound() {
  const res = await post("/api/leagues", { name: "Sealed", rules: { preset: "standard", startPoints: 15 }, tableSize: 4, decisionHours: null, allowBots: false });
  expect(res.status).toBe(201);
  const l = await res.json<League>();
  const keyOf = await joinAll(l, NAMES);
  await startRound(l.id, l.adminKey, { duplicate: true });
  const [a, b] = (await page(l, l.adminKey)).rounds[0].tables;
  const tokens = async (t: Table) => {
    const out = new Map<number, string>();
    for (const s of t.seats) {
      const own = (await page(l, keyOf.get(s.member!)!)).rounds[0].tables.find((x) => x.tableId === t.tableId)!;
      out.set(s.seat, new URL(own.link!).hash.slice(1));
    }
    return out;
  };
  return { l, keyOf, a, b, tokA: await tokens(a) };
}

/** Play table `tableId` with random legal moves until its first deal is over. */
async function playFirstDeal(tableId: string, tokenOfSeat: Map<number, string>) {
  for (let step = 0; step < 300; step++) {
    const s = await stored(tableId);
    if (s.state.handsPlayed.length >= 1 || s.state.phase === "over") return s;
    const seat = s.state.toAct[0];
    const token = tokenOfSeat.get(seat)!;
    const res = await act(tableId, token, s.version, await chooseAction(await view(tableId, token), s.state, `deal1-${step}`));
    expect(res.status, await res.clone().text()).toBe(200);
  }
  throw new Error("the first deal did not end");
}

/** Nothing of table `id`'s play in the page's row of it. */
function expectSealed(p: Page, id: string) {
  const t = p.rounds[0].tables.find((x) => x.tableId === id)!;
  expect(t.seats.map((s) => [s.points, s.place, s.tookOver])).toEqual(t.seats.map(() => [null, null, null]));
  expect(t.hands).toBeNull();
  expect(t.waitingFor).toEqual([]);
  expect(t.link).toBeNull();
  expect(t.sealed).toBe(true);
}

const icsBody = async (url: string) => (await (await SELF.fetch(url)).text()).replace(/DTSTAMP:[^\r\n]*/g, "");

describe("a duplicate pool still being played", () => {
  // retry: failed once in four runs beside another file (Dec 3); alone it passes; cause not found yet.
  it("shows its other tables' members and the admin nothing of a table's play on the league page; iCalendar and board carry none", { retry: 1, timeout: 180_000 }, async () => {
    const { l, keyOf, a, b, tokA } = await duplicateRound();
    const memberB = keyOf.get(b.seats[0].member!)!;
    const memberA = keyOf.get(a.seats[0].member!)!;
    const pageB = await page(l, memberB);
    const icsBefore = await icsBody(pageB.feeds.ics);

    // A plays deal 1 to its end; B has not moved.
    const s = await playFirstDeal(a.tableId, tokA);
    expect((await stored(b.tableId)).version).toBe(0);
    expect(s.state.points).not.toEqual([15, 15, 15, 15]);

    for (const key of [memberB, l.adminKey]) expectSealed(await page(l, key), a.tableId);
    // A's own members see their table as always; B's members see theirs.
    const own = (await page(l, memberA)).rounds[0].tables.find((x) => x.tableId === a.tableId)!;
    expect(own.sealed).toBe(false);
    expect(own.hands).toBe(s.state.handsPlayed.length);
    expect(own.seats.map((x) => x.points)).toEqual(s.state.points);
    const bOwn = (await page(l, memberB)).rounds[0].tables.find((x) => x.tableId === b.tableId)!;
    expect(bOwn.sealed).toBe(false);
    expect(bOwn.waitingFor.length).toBe(1);

    // The calendar holds round deadlines only: the same before A played and now.
    expect(await icsBody(pageB.feeds.ics)).toBe(icsBefore);
    // The board carries members' words only: nothing was posted for them.
    const board = await SELF.fetch(`${BASE}/api/leagues/${l.id}/board`, { headers: auth(memberB) });
    expect((await board.json<{ messages: unknown[] }>()).messages).toEqual([]);

    // Closing the round says tables are open, but not how many (that would tell that A ended).
    const close = await post(`/api/leagues/${l.id}/rounds/1/close`, {}, auth(l.adminKey));
    expect(close.status).toBe(409);
    expect((await close.json<{ error: { message: string } }>()).error.message).not.toMatch(/\d/);
  });

  it("counts a table of the pool in standings and the CSV only once the pool is over", async () => {
    const { l, keyOf, a, b, tokA } = await duplicateRound();
    const memberB = keyOf.get(b.seats[0].member!)!;
    const memberA = keyOf.get(a.seats[0].member!)!;
    const pageB = await page(l, memberB);
    const s = await playFirstDeal(a.tableId, tokA);
    // The admin scores A as it stands (unless its game is over already): A's result exists now,
    // and counts for nobody while B plays the same deals.
    let decided: Response | null = null;
    if (s.state.phase !== "over") {
      decided = await post(`/api/leagues/${l.id}/tables/${a.tableId}/decide`, { outcome: "score" }, auth(l.adminKey));
      expect(decided.status, await decided.clone().text()).toBe(200);
    }
    // A game over by itself (a deal can end it) is copied to the league when the league is next
    // read (worker/leagues/outcomes.ts): read it first.
    if (!decided) await page(l, l.adminKey);
    const row = await env.DB.prepare("SELECT outcome FROM league_tables WHERE table_id = ?").bind(a.tableId).first<{ outcome: string }>();
    expect(row?.outcome).toMatch(/scored|finished/);
    for (const key of [memberB, memberA, l.adminKey]) {
      const p = await page(l, key);
      expect(p.standings.map((x) => [x.games, x.points])).toEqual(p.standings.map(() => [0, 0]));
    }
    // The CSV (with B's member's feed key): every member, nobody with a game.
    const lines = (await (await SELF.fetch(pageB.feeds.csv)).text()).trim().split(/\r?\n/);
    expect(lines.length).toBe(1 + NAMES.length);
    const games = lines[0].split(",").indexOf("games");
    expect(games).toBeGreaterThanOrEqual(0);
    expect(lines.slice(1).map((line) => line.split(",")[games])).toEqual(NAMES.map(() => "0"));
    // Nor does the decision answer A's result to the admin.
    if (decided) expect(await decided.json()).toMatchObject({ outcome: "scored", result: null, sealed: true });
    expectSealed(await page(l, memberB), a.tableId);

    // B is annulled: the pool is over, and A's result counts and shows to everyone.
    expect((await post(`/api/leagues/${l.id}/tables/${b.tableId}/decide`, { outcome: "annul" }, auth(l.adminKey))).status).toBe(200);
    const after = await page(l, memberB);
    const aRow = after.rounds[0].tables.find((x) => x.tableId === a.tableId)!;
    expect(aRow.sealed).toBe(false);
    expect(aRow.seats.every((x) => x.points !== null && x.place !== null)).toBe(true);
    expect(after.standings.filter((x) => x.games === 1).length).toBe(4);
    expect((await (await SELF.fetch(pageB.feeds.csv)).text()).trim().split(/\r?\n/).slice(1).filter((line) => line.split(",")[games] === "1").length).toBe(4);
  }, 180_000);

  it("keeps a reserve's hand at a table of the pool out of the news and the admin log", async () => {
    const { l, keyOf, a, b, tokA } = await duplicateRound();
    const memberB = keyOf.get(b.seats[0].member!)!;
    await playFirstDeal(a.tableId, tokA);
    // A ninth member, who joined after the round was seated, stands in at A for a seat that left.
    const j = await post(`/api/leagues/${l.id}/join`, { invite: l.invite, name: "Ida" });
    const ida = await j.json<{ member: { id: string }; key: string }>();
    expect((await post(`/api/leagues/${l.id}/reserve`, { reserve: true }, auth(ida.key))).status).toBe(200);
    const phase = (await stored(a.tableId)).state.phase;
    if (phase === "over") return; // (a Mulatschak in deal 1 ended the game: no seat to stand in at)
    expect((await post(`/api/tables/${a.tableId}/leave`, {}, auth(tokA.get(1)!))).status).toBe(200);
    const seated = await post(`/api/leagues/${l.id}/tables/${a.tableId}/seats/1/reserve`, { member: ida.member.id }, auth(l.adminKey));
    expect(seated.status, await seated.clone().text()).toBe(200);

    for (const key of [memberB, l.adminKey]) {
      const p = await page(l, key);
      expectSealed(p, a.tableId);
      const news = p.notices.filter((n) => n.data.tableId === a.tableId);
      const log = p.adminLog.filter((e) => e.data.tableId === a.tableId);
      expect(news.map((n) => n.kind)).toContain("reserveSeated");
      expect(log.map((e) => e.action)).toContain("reserveSeated");
      for (const x of [...news.map((n) => n.data), ...log.map((e) => e.data)]) expect(x).not.toHaveProperty("hand");
    }
    // Ida sits at A now: she sees her table, the takeover's hand included.
    const hers = (await page(l, ida.key)).rounds[0].tables.find((x) => x.tableId === a.tableId)!;
    expect(hers.sealed).toBe(false);
    expect(hers.seats[1].tookOver?.hand).toBeGreaterThanOrEqual(1);
  }, 180_000);
});

describe("one member, one table of a pool", () => {
  it("refuses a seat at a second table of the pool, by the admin or as a reserve, now or after leaving the first", async () => {
    const { l, keyOf, a, b, tokA } = await duplicateRound();
    const fromA = a.seats[0].member!;
    // The admin gives B's seat to a member seated at A.
    const direct = await post(`/api/leagues/${l.id}/tables/${b.tableId}/seats/2`, { member: fromA }, auth(l.adminKey));
    expect(await code(direct)).toEqual({ status: 409, code: "POOL_SEATED" });
    // Through the reserve route, after B's seat left.
    const tokB = new URL((await page(l, keyOf.get(b.seats[3].member!)!)).rounds[0].tables.find((x) => x.tableId === b.tableId)!.link!).hash.slice(1);
    expect((await post(`/api/tables/${b.tableId}/leave`, {}, auth(tokB))).status).toBe(200);
    expect((await post(`/api/leagues/${l.id}/reserve`, { reserve: true }, auth(keyOf.get(fromA)!))).status).toBe(200);
    const reserve = await post(`/api/leagues/${l.id}/tables/${b.tableId}/seats/3/reserve`, { member: fromA }, auth(l.adminKey));
    expect(await code(reserve)).toEqual({ status: 409, code: "POOL_SEATED" });
    // A member whose seat at A went to a bot saw A's deals all the same: refused at B too.
    expect((await post(`/api/leagues/${l.id}/tables/${a.tableId}/seats/0`, { member: null }, auth(l.adminKey))).status).toBe(200);
    expect(await code(await post(`/api/leagues/${l.id}/tables/${b.tableId}/seats/3/reserve`, { member: fromA }, auth(l.adminKey)))).toEqual({ status: 409, code: "POOL_SEATED" });
    // A newcomer may sit at one table of the pool, then at no other.
    const j = await post(`/api/leagues/${l.id}/join`, { invite: l.invite, name: "Ida" });
    const ida = (await j.json<{ member: { id: string } }>()).member.id;
    expect((await post(`/api/leagues/${l.id}/tables/${a.tableId}/seats/0`, { member: ida }, auth(l.adminKey))).status).toBe(200);
    expect(await code(await post(`/api/leagues/${l.id}/tables/${b.tableId}/seats/3`, { member: ida }, auth(l.adminKey)))).toEqual({ status: 409, code: "POOL_SEATED" });
    // The refusals changed nothing: B's seats are as they were.
    const bNow = (await page(l, l.adminKey)).rounds[0].tables.find((x) => x.tableId === b.tableId)!;
    expect(bNow.seats.map((x) => x.member)).toEqual(b.seats.map((x) => x.member));
    void tokA;
  }, 120_000);
});

describe("a league table's early end", () => {
  it("is the admin's: an end by agreement is refused; one from before counts as the admin's decision would", async () => {
    const res = await post("/api/leagues", { name: "Zu dritt", rules: { preset: "standard" }, tableSize: 3, decisionHours: null, allowBots: true, botLevel: "random" });
    const l = await res.json<League>();
    const keyOf = await joinAll(l, ["Anna", "Bernd"]);
    await startRound(l.id, l.adminKey);
    const [t] = (await page(l, l.adminKey)).rounds[0].tables;
    const [m1, m2] = t.seats.filter((s) => s.member).map((s) => s.member!);
    const tok = async (m: string) => new URL((await page(l, keyOf.get(m)!)).rounds[0].tables[0].link!).hash.slice(1);
    const [tok1, tok2] = [await tok(m1), await tok(m2)];
    // The probe's way: one proposes, the other leaves, the first agrees alone. Refused at once.
    expect(await code(await post(`/api/tables/${t.tableId}/end`, { outcome: "score" }, auth(tok1)))).toEqual({ status: 409, code: "LEAGUE_TABLE" });
    expect((await post(`/api/tables/${t.tableId}/leave`, {}, auth(tok2))).status).toBe(200);
    expect(await code(await post(`/api/tables/${t.tableId}/end`, { outcome: "score" }, auth(tok1)))).toEqual({ status: 409, code: "LEAGUE_TABLE" });
    expect((await view(t.tableId, tok1)).phase).not.toBe("over");

    // A table ended by agreement before this rule (as D1 holds it): the league counts it as scored.
    const s = await stored(t.tableId);
    await tableDb(t.tableId).prepare("UPDATE tables SET ended = ? WHERE id = ?").bind(JSON.stringify({ outcome: "score", at: Date.now(), winners: [0] }), t.tableId).run();
    const p = await page(l, l.adminKey);
    const row = p.rounds[0].tables[0];
    expect(row.status).toBe("scored");
    expect(row.seats.map((x) => x.points)).toEqual(s.state.points);
    expect(row.seats[0].place).toBe(1);
    expect(p.standings.filter((x) => x.games === 1).length).toBe(2);
    expect((await post(`/api/leagues/${l.id}/rounds/1/close`, {}, auth(l.adminKey))).status).toBe(200);
  }, 60_000);
});

describe("a season's body", () => {
  it("with {\"__proto__\": …} is junk: 400, and no season starts", async () => {
    const l = await (await post("/api/leagues", { name: "Proto", rules: { preset: "standard" }, tableSize: 3 })).json<League>();
    const res = await post(`/api/leagues/${l.id}/seasons`, '{"__proto__":{"x":1}}', auth(l.adminKey));
    expect(await code(res)).toEqual({ status: 400, code: "INVALID_REQUEST" });
    const row = await env.DB.prepare("SELECT season FROM leagues WHERE id = ?").bind(l.id).first<{ season: number }>();
    expect(row?.season).toBe(1);
    expect((await post(`/api/leagues/${l.id}/seasons`, {}, auth(l.adminKey))).status).toBe(201);
  });
});
