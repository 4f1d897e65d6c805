// Reserves: a member offers to substitute; a seat whose player left goes to a reserve (the admin's
// action, logged): the reserve gets a new seat link, the old one stops (401), the table shows who
// took over at which hand, and the seat's result counts for the reserve (README, Leagues).
import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { act, auth, BASE, chooseAction, getView, joinAll, post, stored, view, startRound } from "./helpers";
import { elapse, eventually } from "./correspondence";

interface Created {
  id: string;
  adminKey: string;
  invite: string;
}

interface Page {
  you: { reserve?: boolean };
  members: { id: string; name: string; reserve: boolean }[];
  standings: { member: string; games: number; history: { tableId: string; tookOver?: { fromName: string; hand: number } }[] }[];
  rounds: { tables: { tableId: string; link: string | null; seats: { seat: number; member: string | null; name: string; tookOver: { fromName: string; hand: number } | null }[] }[] }[];
  adminLog: { action: string; data: Record<string, unknown> }[];
}

const NAMES = ["Anna", "Bernd", "Clara", "Dora", "Emil", "Franz"];

async function page(l: Created, key: string): Promise<Page> {
  const res = await SELF.fetch(`${BASE}/api/leagues/${l.id}`, { headers: auth(key) });
  expect(res.status, await res.clone().text()).toBe(200);
  return res.json();
}

const code = async (res: Response) => ({ status: res.status, code: (await res.json<{ error?: { code: string } }>()).error?.code });

describe("reserves", () => {
  it("a reserve takes a seat whose player left: a new link, the old one shut, counted for the reserve", async () => {
    const res = await post("/api/leagues", { name: "Ersatzbank", rules: { preset: "standard", startPoints: 2 }, tableSize: 3, decisionHours: null, botLevel: "random" });
    const l = await res.json<Created>();
    const keyOf = new Map<string, string>();
    const idOf = new Map<string, string>();
    for (const name of NAMES) {
      const j = await post(`/api/leagues/${l.id}/join`, { invite: l.invite, name });
      const body = await j.json<{ member: { id: string }; key: string }>();
      keyOf.set(body.member.id, body.key);
      idOf.set(name, body.member.id);
    }
    await startRound(l.id, l.adminKey);
    const [t1, t2] = (await page(l, l.adminKey)).rounds[0].tables;
    const leaver = t1.seats[0];
    const stayer = t1.seats[1];
    const [reserveId, otherId] = t2.seats.map((s) => s.member!);
    const linkOf = async (member: string, tableId: string) => (await page(l, keyOf.get(member)!)).rounds[0].tables.find((t) => t.tableId === tableId)!.link!;
    const tokenOf = async (member: string, tableId: string) => new URL(await linkOf(member, tableId)).hash.slice(1);
    const giveSeat = (seat: number, member: string, key = l.adminKey) => post(`/api/leagues/${l.id}/tables/${t1.tableId}/seats/${seat}/reserve`, { member }, auth(key));

    // The reserve offers; the page says so.
    const offer = await post(`/api/leagues/${l.id}/reserve`, { reserve: true }, auth(keyOf.get(reserveId)!));
    expect(offer.status).toBe(200);
    expect((await page(l, keyOf.get(reserveId)!)).you.reserve).toBe(true);
    expect((await page(l, l.adminKey)).members.find((m) => m.id === reserveId)?.reserve).toBe(true);
    // The admin offers nobody: only a member can.
    expect(await code(await post(`/api/leagues/${l.id}/reserve`, { reserve: true }, auth(l.adminKey)))).toEqual({ status: 403, code: "MEMBERS_ONLY" });

    // Refused while the player still plays the seat.
    expect(await code(await giveSeat(leaver.seat, reserveId))).toEqual({ status: 409, code: "SEAT_NOT_FREE" });

    const leaverToken = await tokenOf(leaver.member!, t1.tableId);
    const left = await post(`/api/tables/${t1.tableId}/leave`, {}, auth(leaverToken));
    expect(left.status, await left.clone().text()).toBe(200);

    // Refusals: not the admin, not a reserve, a seat whose player plays on.
    expect(await code(await giveSeat(leaver.seat, reserveId, keyOf.get(reserveId)!))).toEqual({ status: 403, code: "FORBIDDEN" });
    expect(await code(await giveSeat(leaver.seat, otherId))).toEqual({ status: 409, code: "NOT_RESERVE" });
    expect(await code(await giveSeat(stayer.seat, reserveId))).toEqual({ status: 409, code: "SEAT_NOT_FREE" });

    const given = await giveSeat(leaver.seat, reserveId);
    expect(given.status, await given.clone().text()).toBe(200);
    expect(await given.json()).toMatchObject({ seat: leaver.seat, member: reserveId, tookOver: { fromName: leaver.name, hand: 1 } });
    // Taken now: a second reserve could not have it.
    expect(await code(await giveSeat(leaver.seat, reserveId))).toEqual({ status: 409, code: "ALREADY_SEATED" });

    // The old link opens nothing; the reserve's own link opens the seat, which shows the takeover.
    expect((await getView(t1.tableId, leaverToken)).status).toBe(401);
    const reserveToken = await tokenOf(reserveId, t1.tableId);
    const v = await view(t1.tableId, reserveToken);
    expect(v.you).toBe(leaver.seat);
    const reserveName = NAMES.find((n) => idOf.get(n) === reserveId)!;
    expect(v.players[leaver.seat]).toMatchObject({ name: reserveName, bot: null, left: false, tookOver: { from: leaver.name, hand: 1 } });
    // Everyone at the table sees it.
    const others = await view(t1.tableId, await tokenOf(stayer.member!, t1.tableId));
    expect(others.players[leaver.seat].tookOver).toEqual({ from: leaver.name, hand: 1 });

    // Logged, with who took over from whom.
    const p = await page(l, l.adminKey);
    expect(p.adminLog[0]).toMatchObject({ action: "reserveSeated", data: { tableId: t1.tableId, seat: leaver.seat, from: leaver.member, fromName: leaver.name, to: reserveId, toName: reserveName, hand: 1 } });
    expect(p.rounds[0].tables[0].seats[leaver.seat]).toMatchObject({ member: reserveId, tookOver: { fromName: leaver.name, hand: 1 } });

    // Counted as documented: the seat's whole result for the reserve, nothing for who left.
    const decided = await post(`/api/leagues/${l.id}/tables/${t1.tableId}/decide`, { outcome: "score" }, auth(l.adminKey));
    expect(decided.status).toBe(200);
    const after = await page(l, l.adminKey);
    const row = (m: string) => after.standings.find((r) => r.member === m)!;
    expect(row(leaver.member!).games).toBe(0);
    expect(row(reserveId).games).toBe(1);
    expect(row(reserveId).history[0]).toMatchObject({ tableId: t1.tableId, tookOver: { fromName: leaver.name, hand: 1 } });
    expect(row(stayer.member!).games).toBe(1);
    // A decided table's seats stay.
    expect(await code(await giveSeat(leaver.seat, otherId))).toEqual({ status: 409, code: "ALREADY_DECIDED" });
    // About 25 requests: past the pool's 5 s default on two busy cores (it took 3.5 to 5.2 s).
  }, 30_000);

  it("a reserve takes a seat a bot holds since its member was removed; the table names who it was", async () => {
    const res = await post("/api/leagues", { name: "Ersatz zwei", rules: { preset: "standard", startPoints: 2 }, tableSize: 3, decisionHours: null, botLevel: "random" });
    const l = await res.json<Created>();
    const keyOf = await joinAll(l, NAMES);
    await startRound(l.id, l.adminKey);
    const [t1, t2] = (await page(l, l.adminKey)).rounds[0].tables;
    const gone = t1.seats[2];
    const reserveId = t2.seats[1].member!;
    expect((await post(`/api/leagues/${l.id}/reserve`, { reserve: true }, auth(keyOf.get(reserveId)!))).status).toBe(200);
    const removed = await SELF.fetch(`${BASE}/api/leagues/${l.id}/members/${gone.member}`, { method: "DELETE", headers: auth(l.adminKey) });
    expect(removed.status).toBe(200);
    const given = await post(`/api/leagues/${l.id}/tables/${t1.tableId}/seats/${gone.seat}/reserve`, { member: reserveId }, auth(l.adminKey));
    expect(given.status, await given.clone().text()).toBe(200);
    expect((await given.json<{ tookOver: { fromName: string } }>()).tookOver.fromName).toBe(gone.name);
    const p = await page(l, keyOf.get(reserveId)!);
    const link = p.rounds[0].tables.find((t) => t.tableId === t1.tableId)!.link!;
    const v = await view(t1.tableId, new URL(link).hash.slice(1));
    expect(v.players[gone.seat]).toMatchObject({ bot: null, tookOver: { from: gone.name } });
  });

  it("a reserve takes a seat taken over after its player timed out twice", async () => {
    const res = await post("/api/leagues", { name: "Ersatz drei", rules: { preset: "standard", startPoints: 5 }, tableSize: 3, decisionHours: 1, botLevel: "random" });
    const l = await res.json<Created>();
    const keyOf = await joinAll(l, NAMES);
    await startRound(l.id, l.adminKey);
    const [t1, t2] = (await page(l, l.adminKey)).rounds[0].tables;
    const tokenOf = async (member: string) => new URL((await page(l, keyOf.get(member)!)).rounds[0].tables.find((t) => t.tableId === t1.tableId)!.link!).hash.slice(1);
    const tokens = await Promise.all(t1.seats.map((s) => tokenOf(s.member!)));
    const late = (await stored(t1.tableId)).state.toAct[0];
    const reserveId = t2.seats[0].member!;
    expect((await post(`/api/leagues/${l.id}/reserve`, { reserve: true }, auth(keyOf.get(reserveId)!))).status).toBe(200);
    const timeOut = async () => {
      const s = await stored(t1.tableId);
      expect(await elapse(t1.tableId, 3_600_000 + 1)).toBe(true);
      await eventually(async () => (await stored(t1.tableId)).version > s.version, 8000, "the timed-out decision played");
    };
    // Out of time, the others play on until it is the late seat's turn again, out of time again.
    await timeOut();
    for (let guard = 0; guard < 100; guard++) {
      const s = await stored(t1.tableId);
      if (s.state.toAct[0] === late) break;
      const seat = s.state.toAct[0];
      const v = await view(t1.tableId, tokens[seat]);
      expect((await act(t1.tableId, tokens[seat], s.version, await chooseAction(v, s.state, "late"))).status).toBe(200);
    }
    // Still its player's seat: a reserve may not have it yet.
    const ask = () => post(`/api/leagues/${l.id}/tables/${t1.tableId}/seats/${late}/reserve`, { member: reserveId }, auth(l.adminKey));
    expect(await code(await ask())).toEqual({ status: 409, code: "SEAT_NOT_FREE" });
    await timeOut();
    const given = await ask();
    expect(given.status, await given.clone().text()).toBe(200);
    expect(await given.json()).toMatchObject({ member: reserveId, tookOver: { fromName: t1.seats[late].name } });
    // The late player's link opens nothing now.
    expect((await getView(t1.tableId, tokens[late])).status).toBe(401);
  }, 60_000);
});
