// Tables in a second database (issue 28; runs only in the split layout, `npm run
// test:worker:split`: slots 0-127 in DB, 128-255 in DB2). A table whose id puts it in DB2 goes
// through its whole life there, and every reader that looks at many tables finds it: a seat linked
// to a player and listed in "My games", a turn message delivered, leaving, ending by agreement,
// the archive, a rematch; a duplicate league round whose two tables lie in different databases,
// its pool finished across both, and its standings.
import { SELF, env } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { databaseNameFor } from "../../worker/db/placement";
import { flush, recordNotice } from "../../worker/notify/pipeline";
import { act, auth, BASE, chooseAction, createTable, FOUR_HUMANS, joinAll, post, stored, tableDb, view, type Created, startRound } from "./helpers";
import { addChannel, bodyText, createPlayer, eventually, linkSeat, outboxOf, playerRequest, received, receiver } from "./correspondence";

const placedIn = (tableId: string) => databaseNameFor(tableId, env.TABLE_DATABASES);
const rowIn = async (d1: D1Database, tableId: string) => (await d1.prepare("SELECT count(*) AS n FROM tables WHERE id = ?").bind(tableId).first<{ n: number }>())!.n;

/** A new table of four people whose id places it in DB2 (about every second one does). */
async function tableInDb2(): Promise<Created> {
  for (let i = 0; i < 30; i++) {
    const t = await createTable({ ...FOUR_HUMANS, autoPlay: false });
    if (placedIn(t.id) === "DB2") return t;
  }
  throw new Error("no table landed in DB2");
}

/** Random legal moves by whoever is to act, `n` times (or to the end). */
async function play(tableId: string, tokenOf: (seat: number) => string, n: number, salt: string) {
  for (let step = 0; step < n; step++) {
    const s = await stored(tableId);
    if (s.state.phase === "over") return;
    const token = tokenOf(s.state.toAct[0]);
    const res = await act(tableId, token, s.version, await chooseAction(await view(tableId, token), s.state, `${salt}${step}`));
    expect(res.status, await res.clone().text()).toBe(200);
  }
}

interface MySeat {
  table: string;
  seat: number;
  phase: string;
  link: string;
}
const myGames = async (key: string) => (await (await playerRequest(key, "GET", "")).json<{ seats: MySeat[] }>()).seats;

describe("a table in the second database", () => {
  it("is played, its turn message delivered, listed in My games, left, ended by agreement, archived and played again", async () => {
    expect(env.DB2, "the split layout binds DB2").toBeDefined();
    const t = await tableInDb2();
    const tok = (seat: number) => t.seats[seat].token!;
    // Its rows are in DB2 and nowhere else.
    expect(await rowIn(env.DB2!, t.id)).toBe(1);
    expect(await rowIn(env.DB, t.id)).toBe(0);

    // Linking a seat reads the seat's token hash in DB2; My games lists it with its phase.
    const p = await createPlayer("Zweite", { language: "en" });
    const path = `/hook/second-db-${crypto.randomUUID().slice(0, 8)}`;
    await addChannel(p.key, { kind: "webhook", url: receiver + path, format: "json" });
    await linkSeat(p.key, t.id, tok(1));
    await play(t.id, tok, 4, "db2");
    const mine = await myGames(p.key);
    expect(mine).toEqual([expect.objectContaining({ table: t.id, seat: 1, phase: (await stored(t.id)).state.phase })]);

    // A turn message for the table's current version is delivered (its version read in DB2).
    const now = await stored(t.id);
    await recordNotice(env, { type: "notice", kind: "turn", playerId: p.id, tableId: t.id, seat: 1, version: now.version, deadline: null }, Date.now());
    await flush(env, p.id, Date.now());
    const [req] = await eventually(async () => (await received(path)).length > 0 && received(path), 10_000, "the turn message");
    expect(bodyText(req)).toContain(t.id);
    await eventually(async () => (await outboxOf(p.id))[0]?.status === "sent", 5000, "outbox sent");

    // Leaving: the seat's row in DB2 says a bot plays it now.
    expect((await post(`/api/tables/${t.id}/leave`, {}, auth(tok(3)))).status).toBe(200);
    expect((await tableDb(t.id).prepare("SELECT left_bot FROM seats WHERE table_id = ? AND seat = 3").bind(t.id).first<{ left_bot: string | null }>())?.left_bot).not.toBeNull();

    // Ending by agreement (the bot is not asked): the end is written in DB2.
    await eventually(async () => (await stored(t.id)).state.toAct.every((x) => x !== 3), 8000, "the bot moved");
    for (const seat of [0, 1, 2]) {
      const res = await post(`/api/tables/${t.id}/end`, { outcome: "score" }, auth(tok(seat)));
      expect(res.status, await res.clone().text()).toBe(200);
    }
    expect((await view(t.id, tok(0))).phase).toBe("over");
    expect((await tableDb(t.id).prepare("SELECT ended FROM tables WHERE id = ?").bind(t.id).first<{ ended: string | null }>())?.ended).toContain('"score"');

    // Archived: the record in R2, the log out of DB2.
    await vi.waitFor(async () => expect(await env.RECORDS.head(`records/${t.id}.json`)).not.toBeNull(), { timeout: 15_000, interval: 50 });
    await vi.waitFor(async () => expect((await env.DB2!.prepare("SELECT count(*) AS n FROM actions WHERE table_id = ?").bind(t.id).first<{ n: number }>())!.n).toBe(0), { timeout: 15_000, interval: 50 });

    // Played again: the rematch is written on the old table's row in DB2.
    const again = await post(`/api/tables/${t.id}/rematch`, {}, auth(tok(0)));
    expect(again.status, await again.clone().text()).toBe(201);
    const next = await again.json<{ id: string }>();
    expect((await tableDb(t.id).prepare("SELECT rematch FROM tables WHERE id = ?").bind(t.id).first<{ rematch: string }>())?.rematch).toBe(next.id);
    expect((await view(t.id, tok(1))).rematch).toBe(next.id);
    // My games shows the ended game as over, and the player's new seat at the rematch.
    const after = await myGames(p.key);
    expect(after.find((s) => s.table === t.id)).toMatchObject({ seat: 1, phase: "over" });
    expect(after.some((s) => s.table === next.id && s.seat === 1)).toBe(true);
  }, 120_000);
});

interface Page {
  rounds: { tables: { tableId: string; status: string; seats: { member: string | null }[] }[] }[];
  standings: { member: string; games: number }[];
}

const NAMES = ["Anna", "Bernd", "Clara", "Dora", "Emil", "Franz", "Gerti", "Hans"];

async function page(id: string, key: string): Promise<Page> {
  const res = await SELF.fetch(`${BASE}/api/leagues/${id}`, { headers: auth(key) });
  expect(res.status, await res.clone().text()).toBe(200);
  return res.json();
}

/** A league whose first, duplicate round has one table in DB and one in DB2 (tries new leagues until the ids fall so). */
async function splitDuplicateRound() {
  for (let attempt = 0; attempt < 10; attempt++) {
    const res = await post("/api/leagues", { name: "Zwei Datenbanken", rules: { preset: "standard", startPoints: 3, endAbove: 20 }, tableSize: 4, decisionHours: null, allowBots: false });
    expect(res.status).toBe(201);
    const l = await res.json<{ id: string; adminKey: string; invite: string }>();
    const keyOf = await joinAll(l, NAMES);
    await startRound(l.id, l.adminKey, { duplicate: true });
    const tables = (await page(l.id, l.adminKey)).rounds[0].tables;
    const inDb = tables.find((x) => placedIn(x.tableId) === "DB");
    const inDb2 = tables.find((x) => placedIn(x.tableId) === "DB2");
    if (inDb && inDb2) return { l, keyOf, inDb, inDb2 };
  }
  throw new Error("no round split over both databases");
}

describe("a duplicate league round over two databases", () => {
  it("finishes its pool across both and counts the game in DB2 in the standings", async () => {
    const { l, keyOf, inDb, inDb2 } = await splitDuplicateRound();
    // The same pool (the same seed) in both databases.
    const [a, b] = [await stored(inDb.tableId), await stored(inDb2.tableId)];
    expect(a.state.seed).toBe(b.state.seed);
    expect(await rowIn(env.DB2!, inDb2.tableId)).toBe(1);

    // Each seat's token from its holder's league page.
    const tokens = new Map<number, string>();
    for (const [seat, s] of inDb2.seats.entries()) {
      const mine = await page(l.id, keyOf.get(s.member!)!);
      const link = (mine.rounds[0].tables.find((x) => x.tableId === inDb2.tableId) as unknown as { link: string }).link;
      tokens.set(seat, new URL(link).hash.slice(1));
    }
    // The table in DB2 is played to its end: it waits for its pool (the table in DB runs).
    await play(inDb2.tableId, (seat) => tokens.get(seat)!, 800, "pool");
    expect((await stored(inDb2.tableId)).state.phase).toBe("over");
    expect((await view(inDb2.tableId, tokens.get(0)!)).reveal).toEqual({ waiting: "pool" });

    // The admin annuls the table in DB: the pool has finished, and the table in DB2 shows its deals.
    expect((await post(`/api/leagues/${l.id}/tables/${inDb.tableId}/decide`, { outcome: "annul" }, auth(l.adminKey))).status).toBe(200);
    await eventually(async () => typeof ((await view(inDb2.tableId, tokens.get(1)!)).reveal as { seed?: string } | undefined)?.seed === "string", 10_000, "the reveal");

    // The league read the game in DB2: finished, and its four members have played one game.
    const after = await page(l.id, l.adminKey);
    const status = new Map(after.rounds[0].tables.map((x) => [x.tableId, x.status]));
    expect(status.get(inDb2.tableId)).toBe("finished");
    expect(status.get(inDb.tableId)).toBe("annulled");
    for (const s of inDb2.seats) expect(after.standings.find((r) => r.member === s.member)?.games).toBe(1);
    for (const s of inDb.seats) expect(after.standings.find((r) => r.member === s.member)?.games).toBe(0);
  }, 300_000);
});
