import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { activeMs, addActive, dueEvents, nextDue, pendingEvents, AUTO_PLAY_PAUSE_MS, NOTIFY_GRACE_MS, type Clock, type ClockOptions, type SeatFacts } from "../../worker/deadlines/clock";
import { daysLeft, endVacation, hoursLeft, startVacation, DAY_MS, VACATION_DAYS_PER_YEAR } from "../../worker/deadlines/vacation";
import { quietUntil } from "../../worker/deadlines/quiet";

const H = 3_600_000;
const opts: ClockOptions = { decisionMs: 24 * H, onTimeout: "botOnce", autoPlay: true };
const clock = (over: Partial<Clock> = {}): Clock => ({ version: 3, seat: 1, startedAt: 1_000_000, forced: false, done: {}, ...over });
const seat = (over: Partial<SeatFacts> = {}): SeatFacts => ({ human: true, linked: true, autoPlay: true, pauses: [], ...over });

describe("pauses", () => {
  it("addActive is the inverse of activeMs", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e9 }), fc.integer({ min: 0, max: 1e9 }), fc.array(fc.tuple(fc.integer({ min: 0, max: 2e9 }), fc.integer({ min: 0, max: 1e9 })), { maxLength: 3 }), (from, ms, raw) => {
        // Non-overlapping pauses, as a player has at most one vacation at a time.
        const pauses: { from: number; until: number }[] = [];
        for (const p of raw.map(([f, len]) => ({ from: f, until: f + len })).sort((a, b) => a.from - b.from)) {
          if (!pauses.length || p.from >= pauses[pauses.length - 1].until) pauses.push(p);
        }
        const end = addActive(from, ms, pauses);
        expect(end).toBeGreaterThanOrEqual(from + ms);
        expect(activeMs(from, end, pauses)).toBe(ms);
      }),
    );
  });

  it("a vacation in the middle moves the deadline by its length", () => {
    expect(addActive(0, 24 * H, [{ from: 10 * H, until: 82 * H }])).toBe(96 * H);
    expect(addActive(0, 24 * H, [{ from: 30 * H, until: 82 * H }])).toBe(24 * H);
  });
});

describe("timed events", () => {
  it("a real decision: turn message after the grace, reminder at 80%, expiry at 100%", () => {
    const c = clock();
    expect(pendingEvents(c, opts, seat())).toEqual([
      { kind: "notify", at: c.startedAt + NOTIFY_GRACE_MS },
      { kind: "remind", at: c.startedAt + Math.round(0.8 * 24 * H) },
      { kind: "expire", at: c.startedAt + 24 * H },
    ]);
  });

  it("a forced move is auto-played at its drawn time: no message, the deadline as for any decision", () => {
    expect(pendingEvents(clock({ forced: true, autoAt: 1_000_000 + 40_000 }), opts, seat())).toEqual([
      { kind: "auto", at: 1_000_000 + 40_000 },
      { kind: "expire", at: 1_000_000 + 24 * H },
    ]);
    // A clock from before the drawn times: the old short pause.
    expect(pendingEvents(clock({ forced: true }), opts, seat())[0]).toEqual({ kind: "auto", at: 1_000_000 + AUTO_PLAY_PAUSE_MS });
    // Waiting until the player looks: a decision like any other (they are told, so that they look).
    expect(pendingEvents(clock({ forced: true, autoAt: null }), opts, seat()).map((e) => e.kind)).toEqual(["notify", "remind", "expire"]);
    expect(pendingEvents(clock({ forced: true }), opts, seat({ autoPlay: false })).map((e) => e.kind)).toEqual(["notify", "remind", "expire"]);
  });

  it("nothing for a bot or a seat taken over, no messages for an unlinked seat", () => {
    expect(pendingEvents(clock(), opts, seat({ human: false }))).toEqual([]);
    expect(pendingEvents(clock(), opts, seat({ linked: false })).map((e) => e.kind)).toEqual(["expire"]);
    expect(pendingEvents(clock(), { ...opts, decisionMs: null }, seat({ linked: false }))).toEqual([]);
  });

  it("a late alarm after the deadline only expires; a handled event is never due again", () => {
    const c = clock();
    expect(dueEvents(c, opts, seat(), c.startedAt + 30 * H)).toEqual({ run: ["expire"], settled: ["notify", "remind", "expire"] });
    expect(dueEvents(c, opts, seat(), c.startedAt + 20 * H)).toEqual({ run: ["remind"], settled: ["notify", "remind"] });
    const handled = clock({ done: { notify: true, remind: true } });
    expect(dueEvents(handled, opts, seat(), c.startedAt + 20 * H).run).toEqual([]);
    expect(nextDue(handled, opts, seat())).toBe(c.startedAt + 24 * H);
  });

  it("a short clock skips the reminder that would come on the heels of the turn message", () => {
    expect(pendingEvents(clock(), { ...opts, decisionMs: 60_000 }, seat()).map((e) => e.kind)).toEqual(["notify", "expire"]);
  });
});

describe("vacation budget", () => {
  const fresh = { vacationFrom: null, vacationUntil: null, vacationYear: null, vacationDaysUsed: 0 };
  const now = Date.UTC(2026, 5, 1);

  it("is spent by days and refused beyond the yearly budget", () => {
    const r = startVacation(fresh, 10, now);
    expect(r.ok && r.next).toMatchObject({ vacationFrom: now, vacationUntil: now + 10 * DAY_MS, vacationDaysUsed: 10 });
    if (!r.ok) return;
    expect(daysLeft(r.next, now)).toBe(VACATION_DAYS_PER_YEAR - 10);
    expect(startVacation(r.next, VACATION_DAYS_PER_YEAR, now + DAY_MS).ok).toBe(false);
    // The budget starts again with the new year.
    expect(daysLeft(r.next, Date.UTC(2027, 0, 2))).toBe(VACATION_DAYS_PER_YEAR);
  });

  it("returns every whole hour not begun when ended early", () => {
    const r = startVacation(fresh, 10, now);
    if (!r.ok) throw new Error("refused");
    const back = endVacation(r.next, now + 2.5 * DAY_MS);
    expect(back.vacationDaysUsed).toBe(2.5);
    expect(back.vacationUntil).toBe(now + 2.5 * DAY_MS);
    // Ended after seconds, a 3-day vacation costs one hour, not a day.
    const short = startVacation(fresh, 3, now);
    if (!short.ok) throw new Error("refused");
    const soon = endVacation(short.next, now + 20_000);
    expect(hoursLeft(soon, now + 20_000)).toBe(21 * 24 - 1);
    expect(daysLeft(soon, now + 20_000)).toBe(20);
    // Whole days are taken from what is left: 20 days and 23 hours allow 20 days.
    expect(startVacation(soon, 21, now + 30_000).ok).toBe(false);
    expect(startVacation(soon, 20, now + 30_000).ok).toBe(true);
  });
});

describe("quiet hours", () => {
  const vienna = "Europe/Vienna";
  it("wrap past midnight in the player's zone", () => {
    expect(quietUntil(Date.UTC(2026, 11, 1, 22, 30), vienna, 22 * 60, 7 * 60)).toBe(Date.UTC(2026, 11, 2, 6, 0));
    expect(quietUntil(Date.UTC(2026, 11, 2, 5, 59), vienna, 22 * 60, 7 * 60)).toBe(Date.UTC(2026, 11, 2, 6, 0));
    expect(quietUntil(Date.UTC(2026, 11, 2, 6, 0), vienna, 22 * 60, 7 * 60)).toBeNull();
    expect(quietUntil(Date.UTC(2026, 11, 1, 12, 0), vienna, 22 * 60, 7 * 60)).toBeNull();
  });
  it("follow summer time", () => {
    // 21:30 UTC is 23:30 in Vienna in July (UTC+2): quiet until 05:00 UTC.
    expect(quietUntil(Date.UTC(2026, 6, 1, 21, 30), vienna, 22 * 60, 7 * 60)).toBe(Date.UTC(2026, 6, 2, 5, 0));
  });
  it("are off when unset or empty", () => {
    expect(quietUntil(0, "UTC", null, null)).toBeNull();
    expect(quietUntil(0, "UTC", 300, 300)).toBeNull();
  });
});

describe("forced decisions in random games", () => {
  it("are a real share of all decisions (measured; the README has the full run)", async () => {
    const { measureForcedShare } = await import("../../bench/forced-share");
    const r = measureForcedShare({ preset: "standard", players: 4 }, 40, "test");
    expect(r.decisions).toBeGreaterThan(1000);
    expect(r.forced).toBeGreaterThan(0);
    expect(r.forced).toBeLessThan(r.decisions);
    // The last card of every hand is forced, so at least one decision per trick-playing seat and hand.
    expect(r.byPhase.play!.forced).toBeGreaterThan(0);
    expect(Object.values(r.byPhase).reduce((n, p) => n + p.decisions, 0)).toBe(r.decisions);
  });
});

describe("vacation and messages", () => {
  it("a turn that starts during a vacation is announced when the vacation ends", () => {
    const c = clock();
    const pauses = [{ from: c.startedAt, until: c.startedAt + 3 * 24 * H }];
    const events = pendingEvents(c, opts, seat({ pauses }));
    expect(events.find((e) => e.kind === "notify")!.at).toBe(c.startedAt + 3 * 24 * H + NOTIFY_GRACE_MS);
    expect(events.find((e) => e.kind === "expire")!.at).toBe(c.startedAt + 4 * 24 * H);
  });
});
