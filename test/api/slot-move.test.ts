// Moving a slot range to another database while Muli runs (README "Past one database"; runs only
// in the split layout: slots 128-255 start in DB2). The configuration deploys are this test's
// changes of TABLE_DATABASES: first "DB2>DB:128-255" (moving), then "DB" (switched). Meanwhile
// players keep acting at the range's tables, and the operator's move and check routes run as
// scripts/slots-move.mjs calls them. Afterwards every acknowledged action is in DB, once, nothing
// of those tables is left in DB2, and My games, turn messages, views and actions find them.
import { SELF, env } from "cloudflare:test";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { databaseNameFor } from "../../worker/db/placement";
import { flush, recordNotice } from "../../worker/notify/pipeline";
import type { ApiView } from "../../worker/table/view";
import type { Rules } from "../../worker/engine";
import { act, BASE, chooseAction, createTable, FOUR_HUMANS, view, type Created } from "./helpers";
import { addChannel, bodyText, createPlayer, eventually, linkSeat, playerRequest, received, receiver } from "./correspondence";

const e = env as unknown as Record<string, string | undefined>;
const SPLIT = env.TABLE_DATABASES;
const MOVING = "DB:0-127 DB2>DB:128-255";
const OPERATOR = `op_${crypto.randomUUID()}`;

beforeEach(() => {
  e.OPERATOR_KEY = OPERATOR;
  e.TABLE_DATABASES = SPLIT;
});
afterEach(() => {
  e.TABLE_DATABASES = SPLIT;
});

const count = async (d1: D1Database, sql: string, id: string) => (await d1.prepare(sql).bind(id).first<{ n: number }>())!.n;
const rowsOf = async (d1: D1Database, id: string) => ({
  tables: await count(d1, "SELECT count(*) AS n FROM tables WHERE id = ?", id),
  seats: await count(d1, "SELECT count(*) AS n FROM seats WHERE table_id = ?", id),
  actions: await count(d1, "SELECT count(*) AS n FROM actions WHERE table_id = ?", id),
});

async function operatorCall<T>(path: string, body: unknown): Promise<{ status: number; body: T }> {
  const res = await SELF.fetch(`${BASE}/api/operator/slots/${path}`, { method: "POST", headers: { Authorization: `Bearer ${OPERATOR}`, "Content-Type": "application/json" }, body: JSON.stringify(body) });
  return { status: res.status, body: await res.json<T>() };
}

interface MoveStep {
  scanned: number;
  moved: number;
  already: number;
  failed: { table: string; code: string }[];
  after: string | null;
}
interface CheckStep {
  left: number;
  inTarget: number;
  inBoth: number;
  after: string | null;
}

/** What the script does: move steps until the source's ids are scanned, passes until one moves nothing. */
async function moveAll(req: { from: string; to: string; range: string }) {
  const failed: MoveStep["failed"] = [];
  let moved = 0;
  for (let pass = 0; pass < 5; pass++) {
    let after: string | undefined;
    let movedNow = 0;
    do {
      const r = await operatorCall<MoveStep>("move", { ...req, after });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      movedNow += r.body.moved;
      failed.push(...r.body.failed);
      after = r.body.after ?? undefined;
    } while (after);
    moved += movedNow;
    if (movedNow === 0) break;
  }
  return { moved, failed };
}

async function checkAll(req: { from: string; to: string; range: string }) {
  const sum = { left: 0, inTarget: 0, inBoth: 0 };
  let after: string | undefined;
  do {
    const r = await operatorCall<CheckStep>("check", { ...req, after });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    sum.left += r.body.left;
    sum.inTarget += r.body.inTarget;
    sum.inBoth += r.body.inBoth;
    after = r.body.after ?? undefined;
  } while (after);
  return sum;
}

/** New tables of four people whose ids place them in DB2 (slots 128-255). */
async function tablesInDb2(n: number): Promise<Created[]> {
  const out: Created[] = [];
  for (let i = 0; i < 60 && out.length < n; i++) {
    const t = await createTable({ ...FOUR_HUMANS, autoPlay: false });
    if (databaseNameFor(t.id, SPLIT) === "DB2") out.push(t);
  }
  expect(out.length).toBe(n);
  return out;
}

/**
 * One random legal action by whoever is to act, through the API: its new version when the server
 * acknowledged it (200), "over" when the game is, else the refusal's status.
 */
async function step(t: Created, rules: Rules, salt: string): Promise<number | "over" | { refused: number }> {
  const tok = (seat: number) => t.seats[seat].token!;
  const any = await view(t.id, tok(0));
  if (any.phase === "over") return "over";
  const seat = (any as ApiView & { toAct: number[] }).toAct[0];
  const v = await view(t.id, tok(seat));
  const res = await act(t.id, tok(seat), v.version, await chooseAction(v, { rules } as never, salt));
  await res.body?.cancel();
  return res.status === 200 ? v.version + 1 : { refused: res.status };
}

describe("moving a slot range while Muli runs", () => {
  it("copies, switches and verifies, losing no action that arrives during the move", async () => {
    expect(env.DB2, "the split layout binds DB2").toBeDefined();
    const tables = await tablesInDb2(6);
    const rules = (await view(tables[0].id, tables[0].seats[0].token!)).rules;
    const acked = new Map<string, number[]>(tables.map((t) => [t.id, []]));
    for (const t of tables) for (let i = 0; i < 3; i++) acked.get(t.id)!.push((await step(t, rules, `pre${i}`)) as number);

    // A player with a webhook, linked to seat 1 of the first table (My games, turn messages).
    const p = await createPlayer("Umzug", { language: "en" });
    const path = `/hook/slot-move-${crypto.randomUUID().slice(0, 8)}`;
    await addChannel(p.key, { kind: "webhook", url: receiver + path, format: "json" });
    await linkSeat(p.key, tables[0].id, tables[0].seats[1].token);

    // Deploy 1: the range is moving. Players keep acting while the operator's script moves it.
    e.TABLE_DATABASES = MOVING;
    let moving = true;
    let duringMove = 0;
    const refused: unknown[] = [];
    const players = tables.map(async (t, i) => {
      // At least 4 actions each, and on until the move is through; every one must be acknowledged.
      for (let n = 0; moving || n < 4; n++) {
        const v = await step(t, rules, `during${i}:${n}`);
        if (v === "over") break;
        if (typeof v === "number") acked.get(t.id)!.push(v);
        else refused.push({ table: t.id, ...v });
        if (moving) duringMove++;
      }
    });
    const move = await moveAll({ from: "DB2", to: "DB", range: "128-255" });
    moving = false;
    await Promise.all(players);
    expect(refused).toEqual([]);
    expect(duringMove, "actions arrived while the range moved").toBeGreaterThan(0);
    expect(move.failed).toEqual([]);
    expect(move.moved).toBeGreaterThanOrEqual(tables.length);

    // Verified: nothing of the range left in DB2, nothing in both.
    const check = await checkAll({ from: "DB2", to: "DB", range: "128-255" });
    expect(check.left).toBe(0);
    expect(check.inBoth).toBe(0);
    expect(check.inTarget).toBeGreaterThanOrEqual(tables.length);
    for (const t of tables) {
      const versions = acked.get(t.id)!;
      // Every acknowledged action is in DB, exactly once, and the table is at the last of them.
      expect(versions).toEqual(versions.map((_, i) => i + 1));
      const row = await env.DB.prepare("SELECT version FROM tables WHERE id = ?").bind(t.id).first<{ version: number }>();
      expect(row?.version).toBe(versions.length);
      const { results } = await env.DB.prepare("SELECT version FROM actions WHERE table_id = ? ORDER BY version").bind(t.id).all<{ version: number }>();
      expect(results.map((r) => r.version)).toEqual(versions);
      expect(await rowsOf(env.DB, t.id)).toEqual({ tables: 1, seats: 4, actions: versions.length });
      expect(await rowsOf(env.DB2!, t.id)).toEqual({ tables: 0, seats: 0, actions: 0 });
    }

    // Reads across tables find the moved table while the range is still "moving": My games, a turn message.
    const t0 = tables[0];
    const mine = async () => (await (await playerRequest(p.key, "GET", "")).json<{ seats: { table: string; seat: number; phase: string }[] }>()).seats;
    expect((await mine()).find((s) => s.table === t0.id)).toMatchObject({ seat: 1 });
    const now = await view(t0.id, t0.seats[1].token!);
    await recordNotice(env, { type: "notice", kind: "turn", playerId: p.id, tableId: t0.id, seat: 1, version: now.version, deadline: null }, Date.now());
    await flush(env, p.id, Date.now());
    const [req] = await eventually(async () => (await received(path)).length > 0 && received(path), 10_000, "the turn message");
    expect(bodyText(req)).toContain(t0.id);

    // A new table in the moving range starts in the target.
    let fresh: Created | undefined;
    for (let i = 0; i < 30 && !fresh; i++) {
      const t = await createTable({ ...FOUR_HUMANS, autoPlay: false });
      if (databaseNameFor(t.id, SPLIT) === "DB2") fresh = t;
    }
    expect(await rowsOf(env.DB, fresh!.id)).toMatchObject({ tables: 1, seats: 4 });
    expect((await rowsOf(env.DB2!, fresh!.id)).tables).toBe(0);

    // Deploy 2: the range is DB's. The tables play on there; views and My games find them.
    e.TABLE_DATABASES = "DB";
    for (const t of tables) {
      const before = acked.get(t.id)!.length;
      const v = await step(t, rules, "after");
      if (v !== "over") expect(v).toBe(before + 1);
      expect((await view(t.id, t.seats[0].token!)).version).toBe(v === "over" ? before : before + 1);
    }
    expect((await mine()).find((s) => s.table === t0.id)).toMatchObject({ seat: 1 });
  }, 180_000);

  it("keeps a table in its source when its copy does not read back the same, and moves it once it does", async () => {
    const [t] = await tablesInDb2(1);
    const before = await rowsOf(env.DB2!, t.id);
    // The target garbles this table's seats as they are written: the copy cannot be verified.
    const trigger = `garble_${t.id.replace(/\W/g, "_")}`;
    await env.DB.prepare(`CREATE TRIGGER ${trigger} AFTER INSERT ON seats WHEN NEW.table_id = '${t.id}' BEGIN UPDATE seats SET name = 'garbled' WHERE table_id = NEW.table_id AND seat = NEW.seat; END`).run();
    e.TABLE_DATABASES = MOVING;
    try {
      const move = await moveAll({ from: "DB2", to: "DB", range: "128-255" });
      expect(move.failed).toContainEqual({ table: t.id, code: "MOVE_UNVERIFIED" });
      // The source's rows stay, the copy went; the table plays on in DB2.
      expect(await rowsOf(env.DB2!, t.id)).toEqual(before);
      expect(await rowsOf(env.DB, t.id)).toEqual({ tables: 0, seats: 0, actions: 0 });
      expect((await view(t.id, t.seats[0].token!)).players.map((x) => x.name)).toEqual(["Anna", "Bernd", "Clara", "Dora"]);
    } finally {
      await env.DB.prepare(`DROP TRIGGER ${trigger}`).run();
    }
    const again = await moveAll({ from: "DB2", to: "DB", range: "128-255" });
    expect(again.failed).toEqual([]);
    expect(await rowsOf(env.DB, t.id)).toEqual(before);
    expect(await rowsOf(env.DB2!, t.id)).toEqual({ tables: 0, seats: 0, actions: 0 });
  }, 120_000);

  it("refuses a range that TABLE_DATABASES does not move, and a malformed one", async () => {
    const notMoving = await operatorCall<{ error: { code: string } }>("move", { from: "DB2", to: "DB", range: "128-255" });
    expect([notMoving.status, notMoving.body.error.code]).toEqual([409, "NOT_MOVING"]);
    e.TABLE_DATABASES = MOVING;
    const part = await operatorCall<{ error: { code: string } }>("move", { from: "DB2", to: "DB", range: "100-200" });
    expect([part.status, part.body.error.code]).toEqual([409, "NOT_MOVING"]);
    const bad = await operatorCall<{ error: { code: string } }>("move", { from: "DB2", to: "DB", range: "200-100" });
    expect([bad.status, bad.body.error.code]).toEqual([400, "INVALID_REQUEST"]);
    const unknown = await operatorCall<{ error: { code: string } }>("check", { from: "DB2", to: "DB9", range: "0-255" });
    expect([unknown.status, unknown.body.error.code]).toEqual([409, "NOT_MOVING"]);
  });
});
