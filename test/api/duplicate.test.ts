// A duplicate league round: the tables of one size share a deal pool, so two tables of four get
// the same seed (the same commitment) and the same deals, seat by seat; neither shows its seed,
// hands or record before both have ended (the reveal says it waits for the pool); then both do,
// their records verify and list the same deals; the league page shows the score against the field.
// The pool's end reaches the table that was waiting: its sockets are shown the reveal unasked, and
// its views read afresh. A table the admin decides (annulled) finishes its pool as well, and its
// game ends there: no move is accepted at it any more.
import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { legalActions, verifyRecord, type GameRecord } from "../../worker/engine";
import { act, auth, BASE, chooseAction, fetchOrFail, joinAll, post, stored, view, startRound } from "./helpers";
import { TestSocket } from "./socket";

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

interface Page {
  rounds: { duplicate: boolean; tables: { tableId: string; seats: { member: string | null }[] }[] }[];
  field: { member: string; name: string; score: number; boards: number }[];
}

const NAMES = ["Anna", "Bernd", "Clara", "Dora", "Emil", "Franz", "Gerti", "Hans"];

async function page(id: string, key: string): Promise<Page> {
  const res = await SELF.fetch(`${BASE}/api/leagues/${id}`, { headers: auth(key) });
  expect(res.status, await res.clone().text()).toBe(200);
  return res.json();
}

/** Play a table to its end with random legal moves, each seat through its own token. */
async function playOut(tableId: string, tokenOfSeat: Map<number, string>, salt: string) {
  for (let step = 0; step < 800; step++) {
    const s = await stored(tableId);
    if (s.state.phase === "over") return;
    const seat = s.state.toAct[0];
    const token = tokenOfSeat.get(seat)!;
    const v = await view(tableId, token);
    const res = await act(tableId, token, s.version, await chooseAction(v, s.state, `${salt}${step}`));
    expect(res.status, await res.clone().text()).toBe(200);
  }
  throw new Error("the game did not end");
}

/** A league of eight members, its first round duplicate: two tables of four, each seat's token. */
async function duplicateRound() {
  const res = await post("/api/leagues", { name: "Duplicate", rules: { preset: "standard", startPoints: 3, endAbove: 20 }, tableSize: 4, decisionHours: null, allowBots: false });
  expect(res.status).toBe(201);
  const l = await res.json<{ id: string; adminKey: string; invite: string }>();
  const keyOf = await joinAll(l, NAMES);
  const started = await startRound(l.id, l.adminKey, { duplicate: true });
  expect(started.body.duplicate).toBe(true);
  const round = (await page(l.id, l.adminKey)).rounds[0];
  expect(round.duplicate).toBe(true);
  expect(round.tables.length).toBe(2);
  const [ta, tb] = round.tables;

  // Each seat's token from its holder's own league page.
  const tokens = async (t: (typeof round.tables)[number]) => {
    const out = new Map<number, string>();
    for (const [seat, s] of t.seats.entries()) {
      const p = await page(l.id, keyOf.get(s.member!)!);
      const link = (p.rounds[0].tables.find((x) => x.tableId === t.tableId) as unknown as { link: string }).link;
      out.set(seat, new URL(link).hash.slice(1));
    }
    return out;
  };
  return { l, keyOf, ta, tb, tokA: await tokens(ta), tokB: await tokens(tb) };
}

/** The socket's first view (from message `from` on) that shows the reveal's seed. */
const revealed = (sock: TestSocket, from: number) => sock.next((m) => m.type === "view" && typeof (m.view?.reveal as { seed?: string } | undefined)?.seed === "string", from, 60_000);

describe("a duplicate round", () => {
  it("deals the same cards at two tables and reveals them at neither before both have ended", async () => {
    const { l, keyOf, ta, tb, tokA, tokB } = await duplicateRound();

    // The same seed, so the same commitment and the same first deal, seat by seat (no cut).
    const [sa, sb] = [await stored(ta.tableId), await stored(tb.tableId)];
    expect(sa.state.seed).toBe(sb.state.seed);
    expect(sa.state.v).toBe(1);
    expect(sa.state.phase).not.toBe("cut");
    expect(sa.state.hand.hands).toEqual(sb.state.hand.hands);
    const va = await view(ta.tableId, tokA.get(0)!);
    expect(va.commitment).toBe((await view(tb.tableId, tokB.get(0)!)).commitment);
    // Different members hold the same seat's cards at the two tables.
    expect(ta.seats[0].member).not.toBe(tb.seats[0].member);

    // Table A ends first: its reveal and record wait for the pool.
    await playOut(ta.tableId, tokA, "a");
    for (const token of tokA.values()) {
      const v = await view(ta.tableId, token);
      expect(v.phase).toBe("over");
      expect(v.reveal).toEqual({ waiting: "pool" });
      expect(JSON.stringify(v)).not.toContain(sa.state.seed);
    }
    const early = await fetchOrFail(`${BASE}/api/tables/${ta.tableId}/record`, { headers: auth(tokA.get(0)!) });
    expect(early.status).toBe(409);
    expect((await early.json<{ error: { code: string } }>()).error.code).toBe("POOL_RUNNING");
    // Table B is still running: it shows nothing either, and no field score is there yet.
    const vb = await view(tb.tableId, tokB.get(0)!);
    expect(vb.reveal).toBeUndefined();
    expect((await page(l.id, l.adminKey)).field).toEqual([]);

    // A seat of the waiting table A watches: the pool's end must reach it without a read.
    const watching = await TestSocket.open(ta.tableId, tokA.get(2)!);
    if (watching instanceof Response) throw new Error(`socket refused: ${watching.status}`);
    expect(watching.messages[0].view?.reveal).toEqual({ waiting: "pool" });
    const before = watching.messages.length;

    await playOut(tb.tableId, tokB, "b");
    const seed = sa.state.seed;
    // Pushed to table A's socket by table B's end, before anyone reads table A again.
    expect(((await revealed(watching, before)).view!.reveal as { seed: string }).seed).toBe(seed);
    watching.close();
    for (const [t, tok] of [
      [ta, tokA],
      [tb, tokB],
    ] as const) {
      const v = await view(t.tableId, tok.get(1)!);
      expect((v.reveal as { seed: string }).seed).toBe(seed);
      const rec = await fetchOrFail(`${BASE}/api/tables/${t.tableId}/record`, { headers: auth(tok.get(1)!) });
      expect(rec.status).toBe(200);
    }
    const recA = await (await fetchOrFail(`${BASE}/api/tables/${ta.tableId}/record`, { headers: auth(tokA.get(0)!) })).json<GameRecord>();
    const recB = await (await fetchOrFail(`${BASE}/api/tables/${tb.tableId}/record`, { headers: auth(tokB.get(0)!) })).json<GameRecord>();
    expect(verifyRecord(recA, await sha256Hex(recA.seed)).problems).toEqual([]);
    expect(verifyRecord(recB, await sha256Hex(recB.seed)).problems).toEqual([]);
    // Deal k is the same cards at both tables, as far as both dealt to four seats.
    const same = Math.min(recA.deals.length, recB.deals.length);
    expect(same).toBeGreaterThan(0);
    expect(recA.deals[0]).toEqual(recB.deals[0]);

    // The score against the field: every member compared, the scores summing to zero.
    const field = (await page(l.id, keyOf.get(ta.seats[0].member!)!)).field;
    expect(field.length).toBe(8);
    expect(field.every((f) => f.boards > 0)).toBe(true);
    expect(Math.abs(field.reduce((n, f) => n + f.score, 0))).toBeLessThan(0.05);
  }, 240_000);
});

describe("a duplicate round's table decided by the admin", () => {
  it("finishes the pool: the table that waited for it shows its reveal, on its socket too", async () => {
    const { l, ta, tb, tokA, tokB } = await duplicateRound();
    await playOut(ta.tableId, tokA, "c");
    const watching = await TestSocket.open(ta.tableId, tokA.get(0)!);
    if (watching instanceof Response) throw new Error(`socket refused: ${watching.status}`);
    expect(watching.messages[0].view?.reveal).toEqual({ waiting: "pool" });
    const before = watching.messages.length;

    // Table B is annulled while still being played: the pool has finished.
    const decided = await post(`/api/leagues/${l.id}/tables/${tb.tableId}/decide`, { outcome: "annul" }, auth(l.adminKey));
    expect(decided.status, await decided.clone().text()).toBe(200);
    const seed = (await stored(ta.tableId)).state.seed;
    expect(((await revealed(watching, before)).view!.reveal as { seed: string }).seed).toBe(seed);
    watching.close();
    expect(((await view(ta.tableId, tokA.get(1)!)).reveal as { seed: string }).seed).toBe(seed);
    expect((await fetchOrFail(`${BASE}/api/tables/${ta.tableId}/record`, { headers: auth(tokA.get(1)!) })).status).toBe(200);
    // Table B's game did not run to its end: it reveals nothing, and it is over (the league ended
    // it), so nobody plays on at a table whose deals the others now show.
    const b = await view(tb.tableId, tokB.get(0)!);
    expect(b.reveal).toBeUndefined();
    expect(b.phase).toBe("over");
    expect(b.ended).toMatchObject({ outcome: "annul", by: "league", winners: [] });
    const s = await stored(tb.tableId);
    const seat = s.state.toAct[0];
    // A move the engine itself would take (the view lists none any more).
    const late = await act(tb.tableId, tokB.get(seat)!, s.version, legalActions(s.state, seat)[0]);
    expect(late.status).toBe(409);
    expect((await late.json<{ error: { code: string } }>()).error.code).toBe("WRONG_PHASE");
  }, 240_000);
});
