// Deadlines, reminders, takeovers and auto-play, driven through the table's Durable Object alarm:
// the test moves the decision clock's start back (time travel) and runs the alarm.
import { env, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { ApiView } from "../../worker/table/view";
import { legalActions } from "../../worker/engine";
import { tableDb, act, chooseAction, createTable, FOUR_HUMANS, stored, view, type Created } from "./helpers";
import { TestSocket } from "./socket";
import { TOLD_AT_ONCE } from "../../worker/api/players";
import { addChannel, bodyText, createPlayer, drainQueue, elapse, eventually, linkSeat, noticesOf, playerRequest, received, receiver, storedClock, stubOf } from "./correspondence";

const HOUR = 3_600_000;
const uid = () => crypto.randomUUID().slice(0, 8);

/** A table with a clock (auto-play off unless asked for, as in FOUR_HUMANS); the seat to act first is linked to a player with a webhook. */
async function clockedTable(clock: Record<string, unknown> | null = { hours: 24 }, extra: Record<string, unknown> = {}) {
  const t = await createTable({ ...FOUR_HUMANS, ...(clock ? { clock } : {}), ...extra });
  const seat = (await stored(t.id)).state.toAct[0];
  const p = await createPlayer("Anna", { language: "en" });
  const path = `/hook/dl-${uid()}`;
  await addChannel(p.key, { kind: "webhook", url: receiver + path });
  await linkSeat(p.key, t.id, t.seats[seat].token);
  return { t, seat, p, path };
}

const messages = async (path: string) => (await received(path)).map((r) => JSON.parse(bodyText(r)) as { kind: string; text: string; url: string; tables: { deadline: string | null }[] });

describe("a decision clock", () => {
  it("shows when the decision runs out and when the reminder comes", async () => {
    const before = Date.now();
    const { t, seat } = await clockedTable({ hours: 24, onTimeout: "takeover" });
    const v = await view(t.id, t.seats[0].token);
    const deadline = Date.parse(v.deadline!);
    expect(deadline).toBeGreaterThanOrEqual(before + 24 * HOUR);
    expect(deadline).toBeLessThan(Date.now() + 24 * HOUR + 1000);
    expect(v.clock).toMatchObject({ seat, decisionMs: 24 * HOUR, onTimeout: "takeover", paused: false, away: [] });
    expect(Date.parse(v.clock!.reminder!) - (deadline - 24 * HOUR)).toBe(Math.round(0.8 * 24 * HOUR));
  });

  it("is absent without a time per decision", async () => {
    const t = await createTable();
    expect((await view(t.id, t.seats[0].token)).deadline).toBeNull();
  });

  it("sends the turn message after a short grace, not while the player has the table open", async () => {
    const { t, seat, p, path } = await clockedTable();
    const sock = await TestSocket.open(t.id, t.seats[seat].token);
    if (!(sock instanceof TestSocket)) throw new Error("no socket");
    await sock.next((m) => m.type === "view");
    expect(await elapse(t.id, 2 * 60_000)).toBe(true);
    expect(await noticesOf(p.id)).toEqual([]);
    sock.close();
    // Later the player has left: the reminder (at 80%) goes out.
    await eventually(async () => (await runInDo(t.id)) === 0, 5000, "socket gone");
    expect(await elapse(t.id, 0.8 * 24 * HOUR)).toBe(true);
    const [m] = await eventually(async () => (await messages(path)).length > 0 && messages(path), 10_000, "reminder");
    expect(m.kind).toBe("reminder");
    // The table's bare link: the seat's token never stands in a message (a webhook's readers are many).
    expect(m.url).toBe(t.seats[seat].link!.split("#")[0]);
    expect(m.url).not.toContain(t.seats[seat].token!);
    expect((await noticesOf(p.id)).map((n) => n.kind)).toEqual(["reminder"]);
  });

  it("sends one turn message when the player is away, and a retried alarm sends no second", async () => {
    const { t, seat, p, path } = await clockedTable();
    expect(await elapse(t.id, 61_000)).toBe(true);
    const [m] = await eventually(async () => (await messages(path)).length > 0 && messages(path), 10_000, "turn message");
    expect(m.kind).toBe("turn");
    expect(m.text).toContain(t.seats[seat].name);
    expect(Date.parse(m.tables[0].deadline!)).toBeGreaterThan(Date.now() + 23 * HOUR);
    // The alarm fires again (retry, duplicate): nothing new.
    await elapse(t.id, 1000);
    await runDurableObjectAlarm(stubOf(t.id));
    // Whatever the alarms sent has gone through the queue twice (notice, then delivery).
    await drainQueue(2);
    expect(await messages(path)).toHaveLength(1);
    expect(await noticesOf(p.id)).toHaveLength(1);
  }, 60_000); // two rounds of the queue (about a second each, more on busy cores)

  it("lets a bot play that one decision when time runs out (botOnce), exactly once", async () => {
    const { t, seat, p } = await clockedTable({ hours: 12, onTimeout: "botOnce" });
    expect(await elapse(t.id, 12 * HOUR + 1)).toBe(true);
    const after = await stored(t.id);
    expect(after.version).toBe(1);
    // The alarm came late (after the deadline): no turn message or reminder after the fact.
    await drainQueue();
    expect(await noticesOf(p.id)).toEqual([]);
    const log = await tableDb(t.id).prepare("SELECT seat FROM actions WHERE table_id = ?").bind(t.id).all<{ seat: number }>();
    expect(log.results).toEqual([{ seat }]);
    // A late duplicate alarm for the old decision changes nothing.
    await runDurableObjectAlarm(stubOf(t.id));
    expect((await stored(t.id)).version).toBe(1);
    const v = await view(t.id, t.seats[seat].token);
    expect(v.clock!.away).toEqual([]);
    expect((await storedClock(t.id))!.version).toBe(1);
  });

  it("hands the seat to a bot on timeout (takeover) until the player returns", async () => {
    const { t, seat, p, path } = await clockedTable({ hours: 48, onTimeout: "takeover" });
    expect(await elapse(t.id, 48 * HOUR)).toBe(true);
    expect((await stored(t.id)).version).toBe(1);
    // The player is told a bot took over (and nothing about a turn that is no longer theirs).
    const [m] = await eventually(async () => (await messages(path)).length > 0 && messages(path), 10_000, "takeover message");
    expect(m.kind).toBe("takeover");
    expect((await noticesOf(p.id)).map((n) => n.kind)).toEqual(["takeover"]);
    // Another seat sees the mark.
    const other = (seat + 1) % 4;
    const seen = await view(t.id, t.seats[other].token);
    expect(seen.clock!.away).toEqual([seat]);
    // Play the others until the taken-over seat's turn comes round again: the bot plays it.
    let botMoves = 0;
    for (let i = 0; i < 60 && botMoves === 0; i++) {
      const s = await stored(t.id);
      if (s.state.phase === "over") break;
      const to = s.state.toAct[0];
      if (to === seat) {
        await eventually(async () => (await stored(t.id)).version > s.version, 8000, "stand-in bot move");
        botMoves++;
        break;
      }
      const v = await view(t.id, t.seats[to].token);
      const res = await act(t.id, t.seats[to].token, s.version, await chooseAction(v, s.state, "takeover"));
      expect([200, 409]).toContain(res.status);
    }
    expect(botMoves).toBe(1);
    // The player opens the table: the seat is theirs again.
    const mine = await view(t.id, t.seats[seat].token);
    expect(mine.clock!.away).toEqual([]);
  }, 60_000);

  it("stands still while the player is on vacation, and the table shows it", async () => {
    const { t, seat, p } = await clockedTable({ hours: 24 });
    const before = Date.parse((await view(t.id, t.seats[0].token)).deadline!);
    expect((await playerRequest(p.key, "POST", "/vacation", { days: 3 })).status).toBe(200);
    const v = await view(t.id, t.seats[0].token);
    expect(v.clock).toMatchObject({ seat, paused: true, vacation: [seat] });
    expect(Date.parse(v.deadline!) - before).toBeGreaterThan(3 * 24 * HOUR - 60_000);
    // A day of the vacation passes (clock and vacation both moved back): nothing expires, though
    // without the vacation the 24 hours would be over.
    await env.DB.prepare("UPDATE players SET vacation_from = vacation_from - ?1, vacation_until = vacation_until - ?1 WHERE id = ?2").bind(25 * HOUR, p.id).run();
    await stubOf(t.id).playersChanged();
    await elapse(t.id, 25 * HOUR);
    expect((await stored(t.id)).version).toBe(0);
    expect(Date.parse((await view(t.id, t.seats[0].token)).deadline!)).toBeGreaterThan(Date.now() + 23 * HOUR);
  });
});

describe("a player's change reaching their tables", () => {
  it("pauses every clock of a player with many running games: the first tables at once, the rest through the queue", async () => {
    const p = await createPlayer("Anna", { language: "en" });
    const tables: { t: Created; seat: number }[] = [];
    for (let i = 0; i < TOLD_AT_ONCE * 2 + 1; i++) {
      const t = await createTable({ ...FOUR_HUMANS, clock: { hours: 24 } });
      const seat = (await stored(t.id)).state.toAct[0];
      await linkSeat(p.key, t.id, t.seats[seat].token);
      tables.push({ t, seat });
    }
    expect((await playerRequest(p.key, "POST", "/vacation", { days: 3 })).status).toBe(200);
    const paused = async () => Promise.all(tables.map(async ({ t }) => (await view(t.id, t.seats[0].token)).clock!.paused));
    // The request told the first ones itself; the others hear it from the queue's messages.
    expect((await paused()).filter(Boolean).length).toBeGreaterThanOrEqual(TOLD_AT_ONCE);
    await drainQueue();
    for (const { t, seat } of tables) expect((await view(t.id, t.seats[0].token)).clock).toMatchObject({ seat, paused: true, vacation: [seat] });
    // Back early: every clock runs again.
    expect((await playerRequest(p.key, "DELETE", "/vacation")).status).toBe(200);
    await drainQueue();
    expect(await paused()).toEqual(tables.map(() => false));
  }, 60_000);
});

describe("auto-play", () => {
  /** Play random moves for every seat until `seat` (linked) faces a forced move; returns the version. */
  async function untilForced(t: Created, seat: number): Promise<number | null> {
    for (let i = 0; i < 400; i++) {
      const s = await stored(t.id);
      if (s.state.phase === "over") return null;
      const to = s.state.toAct[0];
      if (to === seat && s.state.phase !== "cut" && legalActions(s.state, seat).length === 1) return s.version;
      // The player's own answers set the pace of their forced moves: let them take a person's
      // time (20 minutes), not the test's milliseconds, or the forced move is played before the
      // test has looked at it.
      if (to === seat) await elapse(t.id, 20 * 60_000);
      const v = await view(t.id, t.seats[to].token);
      const res = await act(t.id, t.seats[to].token, s.version, await chooseAction(v as ApiView, s.state, `auto${i}`));
      expect(res.status, await res.clone().text()).toBe(200);
    }
    return null;
  }

  it("plays a forced move at a time drawn like the player's answers: a deadline shown as for any decision, no message", async () => {
    const { t, seat, p } = await clockedTable({ hours: 24 }, { autoPlay: true });
    const version = await untilForced(t, seat);
    expect(version).not.toBeNull();
    const c = (await storedClock(t.id))!;
    expect(c).toMatchObject({ version, seat, forced: true, looking: false });
    // Not at once: either drawn from the player's own answers (away) or when the player looks.
    expect(c.autoAt === null || c.autoAt! >= c.startedAt).toBe(true);
    // Every seat sees a deadline, as for a real decision: nothing on the table says "forced".
    const other = await view(t.id, t.seats[(seat + 1) % 4].token);
    expect(other.deadline).not.toBeNull();
    expect(other.clock?.reminder).not.toBeNull();
    // The player looks: from now on the move is timed like an answer at an open table.
    const looked = Date.now();
    await view(t.id, t.seats[seat].token);
    const c2 = (await storedClock(t.id))!;
    expect(c2.looking).toBe(true);
    expect(c2.autoAt).not.toBeNull();
    expect(c2.autoAt!).toBeLessThanOrEqual(Math.max(c.autoAt ?? 0, looked + 22_000 * 1.15 + 1000));
    // Looking again (a poll) does not draw again.
    await view(t.id, t.seats[seat].token);
    expect((await storedClock(t.id))!.autoAt).toBe(c2.autoAt);
    // Its time comes (time travel): the server plays it for the seat.
    await runInDurableObject(stubOf(t.id), async (_, state) => state.storage.put("clock", { ...c2, autoAt: Date.now() - 1 }));
    await runDurableObjectAlarm(stubOf(t.id));
    await eventually(async () => (await stored(t.id)).version > version!, 8000, "auto-played move");
    const log = await tableDb(t.id).prepare("SELECT seat FROM actions WHERE table_id = ? AND version = ?").bind(t.id, version! + 1).first<{ seat: number }>();
    expect(log!.seat).toBe(seat);
    expect((await noticesOf(p.id)).filter((n) => n.version === version)).toEqual([]);
  }, 120_000);

  it("leaves a forced move to the player who turned auto-play off", async () => {
    const { t, seat, p } = await clockedTable({ hours: 24 }, { autoPlay: true });
    expect((await playerRequest(p.key, "PATCH", "", { autoPlay: false })).status).toBe(200);
    const version = await untilForced(t, seat);
    expect(version).not.toBeNull();
    // The player looks, and an hour passes (time travel; any drawn time for the move with it): had
    // auto-play been left on, the alarm would play the move now (as in the test above).
    await view(t.id, t.seats[seat].token);
    const c = (await storedClock(t.id))!;
    await runInDurableObject(stubOf(t.id), async (_, state) =>
      state.storage.put("clock", { ...c, startedAt: c.startedAt - HOUR, ...(typeof c.autoAt === "number" ? { autoAt: c.autoAt - HOUR } : {}) }),
    );
    expect(await runDurableObjectAlarm(stubOf(t.id))).toBe(true);
    expect((await stored(t.id)).version).toBe(version);
  }, 120_000);
});

async function runInDo(id: string): Promise<number> {
  const { runInDurableObject } = await import("cloudflare:test");
  return runInDurableObject(stubOf(id), (_, state) => state.getWebSockets().length);
}

describe("a slow notification channel", () => {
  it("never holds up a move", async () => {
    const t = await createTable({ ...FOUR_HUMANS, clock: { hours: 24 } });
    const seat = (await stored(t.id)).state.toAct[0];
    const p = await createPlayer();
    await addChannel(p.key, { kind: "webhook", url: `${receiver}/slow/20000/${uid()}` });
    await linkSeat(p.key, t.id, t.seats[seat].token);
    expect(await elapse(t.id, 61_000)).toBe(true);
    await eventually(async () => (await noticesOf(p.id)).some((n) => n.status === "sent"), 10_000, "message handed to the channel");
    // The webhook is hanging now; the player moves anyway, at once.
    const s = await stored(t.id);
    const v = await view(t.id, t.seats[seat].token);
    const started = Date.now();
    const res = await act(t.id, t.seats[seat].token, s.version, await chooseAction(v, s.state, "slow"));
    expect(res.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(3000);
  }, 30_000);
});
