// A member removed by the admin, or leaving by themselves, loses their seats at the league's
// running tables at once: a bot of the league's level takes each, the old key opens nothing any
// more (view, action, socket), the bot plays on, and the admin may still give the seat to someone.
import { SELF, env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { tableDb, act, auth, BASE, chooseAction, getView, joinAll, post, stored, view, startRound } from "./helpers";
import { TestSocket } from "./socket";

interface Created {
  id: string;
  adminKey: string;
  invite: string;
}

interface LeagueTableView {
  tableId: string;
  status: string;
  seats: { seat: number; member: string | null; name: string; bot: string | null }[];
}

interface Page {
  members: { id: string; status: string }[];
  standings: { member: string; removed: boolean; games: number; history: { tableId: string }[] }[];
  rounds: { tables: LeagueTableView[] }[];
  notices: { kind: string; data: Record<string, unknown> }[];
}

const NAMES = ["Anna", "Bernd", "Clara", "Dora", "Emil", "Franz"];

const del = (path: string, key: string) => SELF.fetch(BASE + path, { method: "DELETE", headers: auth(key) });

/** The token of the seat a member holds at a table, from the link on their league page. */
async function seatToken(l: Created, key: string, tableId: string): Promise<string> {
  const res = await SELF.fetch(`${BASE}/api/leagues/${l.id}`, { headers: auth(key) });
  const p = await res.json<{ rounds: { tables: { tableId: string; link: string | null }[] }[] }>();
  const link = p.rounds.flatMap((r) => r.tables).find((t) => t.tableId === tableId)?.link;
  if (!link) throw new Error(`no link to ${tableId} on this member's page`);
  return new URL(link).hash.slice(1);
}

async function page(l: Created, key = l.adminKey): Promise<Page> {
  const res = await SELF.fetch(`${BASE}/api/leagues/${l.id}`, { headers: auth(key) });
  expect(res.status, await res.clone().text()).toBe(200);
  return res.json();
}

/** Six members at two tables of three; bots (when there are any) play at random, so quickly. */
async function leagueWithRound() {
  const res = await post("/api/leagues", { name: "Stammtisch", rules: { preset: "standard", startPoints: 2 }, tableSize: 3, decisionHours: null, botLevel: "random" });
  expect(res.status).toBe(201);
  const l = await res.json<Created>();
  const keyOf = await joinAll(l, NAMES);
  await startRound(l.id, l.adminKey);
  const tables = (await page(l)).rounds[0].tables;
  const tokenOf = (member: string, tableId: string) => seatToken(l, keyOf.get(member)!, tableId);
  return { l, keyOf, tables, tokenOf };
}

/** The member whose turn it is at a table, and their seat. */
async function toAct(t: LeagueTableView) {
  const s = await stored(t.tableId);
  const seat = s.state.toAct[0];
  return { seat, member: t.seats[seat].member!, version: s.version };
}

/** The old key opens nothing at this table: view, action and socket are refused (401: nothing applied). */
async function expectLockedOut(tableId: string, key: string) {
  const s = await stored(tableId);
  expect((await getView(tableId, key)).status).toBe(401);
  const res = await act(tableId, key, s.version, { type: "pass" });
  expect(res.status).toBe(401);
  expect((await res.json<{ error: { code: string } }>()).error.code).toBe("UNAUTHORIZED");
  const ws = await TestSocket.open(tableId, key);
  expect(ws).toBeInstanceOf(Response);
  expect((ws as Response).status).toBe(401);
}

/** Wait until the table has moved past `version` with nobody but the bots acting. */
async function botMoved(tableId: string, version: number, seat: number) {
  for (let i = 0; i < 200; i++) {
    const s = await stored(tableId);
    if (s.version > version) {
      const row = await tableDb(tableId).prepare("SELECT seat FROM actions WHERE table_id = ? AND version = ?").bind(tableId, version + 1).first<{ seat: number }>();
      expect(row?.seat).toBe(seat);
      return;
    }
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`the bot at seat ${seat} of ${tableId} did not move`);
}

/** Play a table to its end: members with their seats' tokens, bots on their own (the table's alarm). */
async function playOut(tableId: string, holders: (string | null)[], tokenOf: (member: string, tableId: string) => Promise<string>, salt: string) {
  for (let i = 0; i < 5000; i++) {
    const s = await stored(tableId);
    if (s.state.phase === "over") return;
    const member = holders[s.state.toAct[0]];
    if (member === null) {
      await new Promise((r) => setTimeout(r, 20));
      continue;
    }
    const key = await tokenOf(member, tableId);
    const res = await act(tableId, key, s.version, await chooseAction(await view(tableId, key), s.state, salt));
    expect(res.status, await res.clone().text()).toBe(200);
  }
  throw new Error(`${tableId} did not end`);
}

describe("removing a member from a league with running tables", () => {
  it("hands their seat to a bot that plays on; the admin can still give it to another member", async () => {
    const { l, keyOf, tables, tokenOf } = await leagueWithRound();
    const [t1, t2] = tables;
    const gone = await toAct(t1);
    const goneKey = await tokenOf(gone.member, t1.tableId);
    // Their seat's token opens the seat, and a socket is open, until they are removed.
    expect((await view(t1.tableId, goneKey)).you).toBe(gone.seat);
    const sock = await TestSocket.open(t1.tableId, goneKey);
    if (!(sock instanceof TestSocket)) throw new Error(`socket refused: ${sock.status}`);
    const closed = new Promise<number>((resolve, reject) => {
      sock.ws.addEventListener("close", (e) => resolve(e.code));
      setTimeout(() => reject(new Error("the removed member's socket stayed open")), 10_000);
    });

    const res = await del(`/api/leagues/${l.id}/members/${gone.member}`, l.adminKey);
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await res.json()).toMatchObject({ status: "removed", seats: [{ tableId: t1.tableId, seat: gone.seat }] });

    expect(await closed).toBe(4003);
    await expectLockedOut(t1.tableId, goneKey);
    // It was their turn: the bot takes it without anyone else acting.
    await botMoved(t1.tableId, gone.version, gone.seat);
    // The others see the bot in that seat; so does the league page.
    const other = t1.seats.find((s) => s.member !== gone.member)!;
    const v = await view(t1.tableId, await tokenOf(other.member!, t1.tableId));
    expect(v.players.find((x) => x.seat === gone.seat)).toMatchObject({ name: "Bot", bot: "random" });
    const p = await page(l);
    expect(p.rounds[0].tables[0].seats[gone.seat]).toMatchObject({ member: null, name: "Bot", bot: "random" });
    expect(p.members.find((m) => m.id === gone.member)!.status).toBe("removed");
    expect(p.notices.find((n) => n.kind === "memberRemoved")?.data).toMatchObject({ member: gone.member, seats: [{ tableId: t1.tableId, seat: gone.seat }] });

    // The admin gives the seat to a member of the other table, whose page then links it.
    const taker = t2.seats[0].member!;
    const given = await post(`/api/leagues/${l.id}/tables/${t1.tableId}/seats/${gone.seat}`, { member: taker }, auth(l.adminKey));
    expect(given.status, await given.clone().text()).toBe(200);
    expect((await view(t1.tableId, await tokenOf(taker, t1.tableId))).you).toBe(gone.seat);
    await expectLockedOut(t1.tableId, goneKey);

    // Both tables are played to their end; the game counts for who held the seat at the end.
    const holders1 = t1.seats.map((s) => (s.seat === gone.seat ? taker : s.member));
    await playOut(t1.tableId, holders1, tokenOf, "removed-1");
    await playOut(t2.tableId, t2.seats.map((s) => s.member), tokenOf, "removed-2");
    const end = await page(l);
    expect(end.rounds[0].tables.map((t) => t.status)).toEqual(["finished", "finished"]);
    const row = (m: string) => end.standings.find((r) => r.member === m)!;
    expect(row(gone.member)).toMatchObject({ removed: true, games: 0 });
    expect(row(taker).games).toBe(2);
    expect(row(taker).history.map((h) => h.tableId).sort()).toEqual([t1.tableId, t2.tableId].sort());
    for (const s of [...t1.seats, ...t2.seats]) if (s.member !== gone.member && s.member !== taker) expect(row(s.member!).games).toBe(1);
  }, 180_000);

  it("does the same when a member leaves by themselves, at every table they sit at", async () => {
    const { l, keyOf, tables, tokenOf } = await leagueWithRound();
    const [t1, t2] = tables;
    const leaver = await toAct(t2);
    const leaverKey = keyOf.get(leaver.member)!;
    // The admin has also given them a seat at the first table: they now sit at both.
    const seat1 = 0;
    expect((await post(`/api/leagues/${l.id}/tables/${t1.tableId}/seats/${seat1}`, { member: leaver.member }, auth(l.adminKey))).status).toBe(200);
    const leaverTokens = [await tokenOf(leaver.member, t1.tableId), await tokenOf(leaver.member, t2.tableId)];
    expect((await view(t1.tableId, leaverTokens[0])).you).toBe(seat1);

    // Someone else cannot remove them; they can leave.
    const bystander = t2.seats.find((s) => s.member !== leaver.member)!.member!;
    expect((await del(`/api/leagues/${l.id}/members/${leaver.member}`, keyOf.get(bystander)!)).status).toBe(403);
    const res = await del(`/api/leagues/${l.id}/members/${leaver.member}`, leaverKey);
    expect(res.status, await res.clone().text()).toBe(200);
    const released = (await res.json<{ seats: { tableId: string; seat: number }[] }>()).seats;
    expect(released.map((s) => `${s.tableId}:${s.seat}`).sort()).toEqual([`${t1.tableId}:${seat1}`, `${t2.tableId}:${leaver.seat}`].sort());
    // Their key no longer opens the league either, and leaving twice is refused.
    expect((await SELF.fetch(`${BASE}/api/leagues/${l.id}`, { headers: auth(leaverKey) })).status).toBe(401);
    expect((await del(`/api/leagues/${l.id}/members/${leaver.member}`, l.adminKey)).status).toBe(409);

    for (const [i, t] of [t1, t2].entries()) {
      await expectLockedOut(t.tableId, leaverTokens[i]);
      await expectLockedOut(t.tableId, leaverKey);
    }
    // Bots play once a person has opened the table: here the bystander does.
    await view(t2.tableId, await tokenOf(bystander, t2.tableId));
    await botMoved(t2.tableId, leaver.version, leaver.seat);
    const p = await page(l);
    expect(p.rounds[0].tables[0].seats[seat1]).toMatchObject({ member: null, bot: "random" });
    expect(p.rounds[0].tables[1].seats[leaver.seat]).toMatchObject({ member: null, bot: "random" });

    // The second table plays to its end with the bot; the leaver gets no game from it.
    await playOut(t2.tableId, t2.seats.map((s) => (s.seat === leaver.seat ? null : s.member)), tokenOf, "left");
    const end = await page(l);
    expect(end.rounds[0].tables[1].status).toBe("finished");
    expect(end.standings.find((r) => r.member === leaver.member)).toMatchObject({ removed: true, games: 0 });
  }, 180_000);

  it("leaves a table whose game has ended to its players: the result stays theirs", async () => {
    const { l, tables, tokenOf } = await leagueWithRound();
    const [t1] = tables;
    await playOut(t1.tableId, t1.seats.map((s) => s.member), tokenOf, "ended");
    // The game is over but the league has not looked yet (results are copied when it is read).
    const leaving = t1.seats[0].member!;
    const res = await del(`/api/leagues/${l.id}/members/${leaving}`, l.adminKey);
    expect(res.status).toBe(200);
    expect((await res.json<{ seats: unknown[] }>()).seats).toEqual([]);
    const p = await page(l);
    expect(p.rounds[0].tables[0]).toMatchObject({ status: "finished" });
    expect(p.rounds[0].tables[0].seats[0].member).toBe(leaving);
    expect(p.standings.find((r) => r.member === leaving)).toMatchObject({ removed: true, games: 1 });
  }, 180_000);
});
