// After a D1 restore (Time Travel) a table's object may hold a table ahead of D1: it must notice
// before it acts (its version against D1's) and reload, never act on a state D1 no longer has.
// The restore is made by hand: the table's row and log set back to an earlier version, while the
// object keeps the later table in memory.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { tableDb, act, auth, chooseAction, createTable, post, stored, view, type Created } from "./helpers";
import { TestSocket } from "./socket";

/** Play `n` actions, each by the seat to act (all seats are people). */
async function play(t: Created, n: number): Promise<void> {
  for (let i = 0; i < n; i++) {
    const { state } = await stored(t.id);
    const seat = state.toAct[0];
    const v = await view(t.id, t.seats[seat].token);
    const res = await act(t.id, t.seats[seat].token, v.version, await chooseAction(v, state, "restore"));
    expect(res.status, await res.clone().text()).toBe(200);
  }
}

type Row = { state: string; version: number; phase: string };

/** D1 as it is now (the table's row), to restore later. */
const snapshot = (id: string) => tableDb(id).prepare("SELECT state, version, phase FROM tables WHERE id = ?").bind(id).first<Row>();

/** Set D1 back to `row`, as a Time Travel restore to that moment would: the later log rows go. */
async function restore(id: string, row: Row): Promise<void> {
  await tableDb(id).batch([
    tableDb(id).prepare("UPDATE tables SET state = ?, version = ?, phase = ? WHERE id = ?").bind(row.state, row.version, row.phase, id),
    tableDb(id).prepare("DELETE FROM actions WHERE table_id = ? AND version > ?").bind(id, row.version),
  ]);
}

describe("a table object after a D1 restore", () => {
  it("reloads before a seat leaves, and the leave lands on D1's table", async () => {
    const t = await createTable();
    await play(t, 1);
    const back = (await snapshot(t.id))!;
    await play(t, 2);
    expect((await view(t.id, t.seats[0].token)).version).toBe(back.version + 2); // the object holds version 3
    await restore(t.id, back);
    // A seat not to act at D1's version leaves (so its stand-in bot has no move to make yet).
    const toAct = (JSON.parse(back.state) as { toAct: number[] }).toAct;
    const leaver = [0, 1, 2, 3].find((s) => !toAct.includes(s))!;
    const left = await post(`/api/tables/${t.id}/leave`, {}, auth(t.seats[leaver].token));
    expect(left.status, await left.clone().text()).toBe(200);
    // The object shows D1's table (version 1) with the seat left, not its own later one.
    const after = await view(t.id, t.seats[0].token);
    expect(after.version).toBe(back.version);
    expect(after.players[leaver]).toMatchObject({ left: true });
    expect((await stored(t.id)).version).toBe(back.version);
  });

  it("refuses an action on the lost version, reloads and shows every socket D1's table", async () => {
    const t = await createTable();
    await play(t, 1);
    const back = (await snapshot(t.id))!;
    await play(t, 2);
    const ahead = await view(t.id, t.seats[0].token);
    const sock = await TestSocket.open(t.id, t.seats[1].token);
    if (!(sock instanceof TestSocket)) throw new Error(`socket refused: ${sock.status}`);
    await restore(t.id, back);
    const { state } = await stored(t.id);
    const seat = ahead.toAct[0];
    const from = sock.messages.length;
    // The seat acts on the view it has (version 3): D1 is at 1, so nothing is applied.
    const mine = await view(t.id, t.seats[seat].token);
    const res = await act(t.id, t.seats[seat].token, ahead.version, await chooseAction(mine, state, "lost"));
    expect(res.status).toBe(409);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe("STALE_VERSION");
    expect((await stored(t.id)).version).toBe(back.version);
    // The socket is shown D1's table at once, without anyone reading it again.
    const pushed = await sock.next((m) => m.type === "view", from);
    expect((pushed.view as { version: number }).version).toBe(back.version);
    expect((await view(t.id, t.seats[0].token)).version).toBe(back.version);
    sock.close();
  });
});
