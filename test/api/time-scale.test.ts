// Compressed game time (worker/base/clock.ts, DEV_TIME_SCALE): a decision clock's reminder and its
// expiry fire by themselves, at their game times, within seconds of real time. Nothing here moves a
// clock's start back or runs the alarm by hand: the object's own alarm, set in real time by
// `realAt`, does it. The clock is compressed in this file's runtime only (a fresh one per file).
import { env } from "cloudflare:test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { realClock, timeNow, useClock } from "../../worker/base/clock";
import { FOUR_HUMANS, createTable, loggedActions, stored, view } from "./helpers";
import { addChannel, bodyText, createPlayer, eventually, linkSeat, noticesOf, received, receiver, storedClock } from "./correspondence";

const HOUR = 3_600_000;
/** One real second is two game hours: a 24-hour clock's reminder (at 80 %) comes after about 10 s. */
const SCALE = 7200;

beforeAll(() => useClock({ ...env, DEV_TIME_SCALE: String(SCALE), DEV_TIME_ORIGIN: String(Date.now()) }));
afterAll(() => realClock());

describe("a decision clock on compressed time", () => {
  it("sends its reminder at 80 % and lets the bot play at the deadline, both on game time", async () => {
    const realStart = Date.now();
    // The player and their channel first: the table's clock starts with the table.
    const p = await createPlayer("Anna", { language: "en" });
    const path = `/hook/scale-${crypto.randomUUID().slice(0, 8)}`;
    await addChannel(p.key, { kind: "webhook", url: receiver + path });
    const t = await createTable({ ...FOUR_HUMANS, clock: { hours: 24, onTimeout: "botOnce" } });
    const seat = (await stored(t.id)).state.toAct[0];
    await linkSeat(p.key, t.id, t.seats[seat].token);
    const clock = (await storedClock(t.id))!;
    const deadline = Date.parse((await view(t.id, t.seats[0].token)).deadline!);
    expect(deadline - clock.startedAt).toBe(24 * HOUR);

    // The reminder comes by itself (the object's alarm, set in real time), once, at 80 % of game time.
    const reminders = async () => (await noticesOf(p.id)).filter((n) => n.kind === "reminder" && n.version === 0 && n.status === "sent");
    const [sent] = (await eventually(async () => (await reminders()).length > 0 && reminders(), 40_000, "reminder")) as unknown as { created_at: number }[];
    expect(sent.created_at).toBeGreaterThanOrEqual(clock.startedAt + 0.8 * 24 * HOUR);
    expect(sent.created_at).toBeLessThan(deadline);
    const kinds = async () => (await received(path)).map((r) => (JSON.parse(bodyText(r)) as { kind: string }).kind);
    await eventually(async () => (await kinds()).includes("reminder"), 20_000, "the reminder delivered");
    // The deadline passes in game time: the bot made the seat's move.
    await eventually(async () => (await stored(t.id)).version > 0, 40_000, "the bot's move at the deadline");
    expect((await loggedActions(t.id))[0].seat).toBe(seat);
    expect(timeNow()).toBeGreaterThanOrEqual(deadline);
    // A day of game time passed in seconds of real time; one reminder for the decision.
    expect(Date.now() - realStart).toBeLessThan(60_000);
    expect(await reminders()).toHaveLength(1);
  }, 90_000);
});
