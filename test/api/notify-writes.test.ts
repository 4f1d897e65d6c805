// What a turn message writes to the directory (issue 28): counted by bench/d1-count.ts around the
// directory's D1, the queue left out so that notice, flush and delivery run in one call. A count
// of statements and rows is behaviour (README "Directory writes per turn message"), not timing.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { DIGEST_WINDOW_MS, handle } from "../../worker/notify/pipeline";
import { countingD1, noCounts } from "../../bench/d1-count";
import { createTable, stored } from "./helpers";
import { addChannel, createPlayer, eventually, linkSeat, outboxOf, received, receiver } from "./correspondence";

const uid = () => crypto.randomUUID().slice(0, 8);

/** A player with one webhook, linked to the seat that acts first at a fresh table; the notifier's env with a counted DB and no queue. */
async function setup() {
  const p = await createPlayer("Anna", { language: "en" });
  const path = `/hook/writes-${uid()}`;
  await addChannel(p.key, { kind: "webhook", url: receiver + path });
  const t = await createTable();
  const seat = (await stored(t.id)).state.toAct[0];
  await linkSeat(p.key, t.id, t.seats[seat].token);
  const counted = countingD1(env.DB);
  const e = { ...env, DB: counted.d1, NOTIFY: undefined };
  const notice = { type: "notice" as const, kind: "turn" as const, playerId: p.id, tableId: t.id, seat, version: 0, deadline: null };
  const reset = () => Object.assign(counted.counts, noCounts());
  return { p, path, t, e, notice, counts: counted.counts, reset };
}

describe("a turn message", () => {
  it("writes 5 rows in 4 round trips: the notice written claimed, marked sent with its outbox row, the delivery's lease and result", async () => {
    const { p, path, e, notice, counts } = await setup();
    await handle(e, notice, Date.now());
    await eventually(async () => (await received(path)).length === 1, 10_000, "the turn message");
    expect((await outboxOf(p.id)).map((r) => r.status)).toEqual(["sent"]);
    // The claim of other pending notices rides in the insert's batch (it finds none here).
    expect(counts.writes).toEqual(["INSERT notices", "UPDATE notices", "UPDATE notices", "INSERT outbox", "UPDATE outbox", "UPDATE outbox"]);
    expect({ writeRoundTrips: counts.writeRoundTrips, rowsChanged: counts.rowsChanged }).toEqual({ writeRoundTrips: 4, rowsChanged: 5 });
  });

  it("delivered twice by the queue changes nothing the second time and sends once", async () => {
    const { p, path, e, notice, counts, reset } = await setup();
    const now = Date.now();
    await handle(e, notice, now);
    reset();
    await handle(e, notice, now + 1);
    // The second, a second later: the digest window holds it, its insert finds the notice; no row changed.
    expect({ writeRoundTrips: counts.writeRoundTrips, rowsChanged: counts.rowsChanged }).toEqual({ writeRoundTrips: 1, rowsChanged: 0 });
    await eventually(async () => (await received(path)).length === 1, 10_000, "the turn message");
    expect(await outboxOf(p.id)).toHaveLength(1);
  });

  it("within the digest window is kept pending (one row), then goes with the flush after it", async () => {
    const { p, path, t, e, notice, counts, reset } = await setup();
    const now = Date.now();
    await handle(e, notice, now);
    reset();
    // A reminder for the same decision a minute later: the window holds it (the flush it enqueues
    // for the window's end is a delayed queue message, which no queue here leaves out).
    await handle(e, { ...notice, kind: "reminder" }, now + 60_000);
    expect({ writes: counts.writes, rowsChanged: counts.rowsChanged }).toEqual({ writes: ["INSERT notices"], rowsChanged: 1 });
    expect(await outboxOf(p.id)).toHaveLength(1);
    reset();
    await handle(e, { type: "flush", playerId: p.id }, now + DIGEST_WINDOW_MS);
    await eventually(async () => (await received(path)).length === 2, 10_000, "the reminder");
    // Its claim, then as above less the notice's insert.
    expect(counts.writes).toEqual(["UPDATE notices", "UPDATE notices", "INSERT outbox", "UPDATE outbox", "UPDATE outbox"]);
    expect({ writeRoundTrips: counts.writeRoundTrips, rowsChanged: counts.rowsChanged }).toEqual({ writeRoundTrips: 4, rowsChanged: 5 });
    expect((await outboxOf(p.id)).map((r) => JSON.parse(r.payload).tables[0].table)).toEqual([t.id, t.id]);
  });
});
