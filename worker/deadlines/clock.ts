// The clock of one decision, as pure functions of plain data: when it runs out, when to remind,
// and which of a table's timed events is due. Time the player spends on vacation does not count.

export type OnTimeout = "botOnce" | "takeover";

export interface ClockOptions {
  /** Time per decision; null = no deadline. */
  decisionMs: number | null;
  onTimeout: OnTimeout;
  /** Play forced moves (a single legal action) for the seat after a short pause. */
  autoPlay: boolean;
}

export const DEFAULT_OPTIONS: ClockOptions = { decisionMs: null, onTimeout: "botOnce", autoPlay: true };

/** A half-open interval [from, until) in ms during which a seat's clock stands still. */
export interface Pause {
  from: number;
  until: number;
}

/** The decision a table is waiting for (one seat acts at a time in Mulatschak). */
export interface Clock {
  version: number;
  seat: number;
  startedAt: number;
  /** The seat's only legal action is forced (auto-play candidate). */
  forced: boolean;
  /** The seat's player had the table open when the decision began (or has looked since). */
  looking?: boolean;
  /**
   * A forced move to auto-play: when (drawn like the player's own answers, worker/deadlines/
   * answers.ts); null: when the player looks. Absent on clocks from before: the short pause.
   */
  autoAt?: number | null;
  /**
   * The time for this decision, fixed when it began: the host may change the table's clock, but
   * not for a decision someone is already on (absent on clocks from before: the table's).
   */
  decisionMs?: number | null;
  /** Events already handled for this version: a retried or late alarm skips them. */
  done: Partial<Record<EventKind, true>>;
}

export type EventKind = "auto" | "notify" | "remind" | "expire";

/** Share of the decision time after which the reminder goes out. */
export const REMINDER_SHARE = 0.8;
/**
 * The old pause before a forced move was played (clocks stored before moves were timed like the
 * player's answers). It told the table the move was forced: bench/forced-timing.ts.
 */
export const AUTO_PLAY_PAUSE_MS = 1500;
/** A turn message waits this long, so a player who just closed the table is not pinged at once. */
export const NOTIFY_GRACE_MS = 60_000;

/** Active (not paused) milliseconds in [from, to). */
export function activeMs(from: number, to: number, pauses: Pause[]): number {
  let paused = 0;
  for (const p of pauses) paused += Math.max(0, Math.min(to, p.until) - Math.max(from, p.from));
  return Math.max(0, to - from - paused);
}

/** The moment at which `ms` of active time has passed since `from`, skipping pauses. */
export function addActive(from: number, ms: number, pauses: Pause[]): number {
  const sorted = pauses.filter((p) => p.until > p.from).sort((a, b) => a.from - b.from);
  let t = from;
  let left = ms;
  for (const p of sorted) {
    if (p.until <= t) continue;
    const start = Math.max(p.from, t);
    if (start - t >= left) break;
    left -= start - t;
    t = p.until;
  }
  return t + left;
}

export function deadlineOf(clock: Clock, opts: ClockOptions, pauses: Pause[]): number | null {
  const ms = clock.decisionMs !== undefined ? clock.decisionMs : opts.decisionMs;
  return ms === null ? null : addActive(clock.startedAt, ms, pauses);
}

export function reminderOf(clock: Clock, opts: ClockOptions, pauses: Pause[]): number | null {
  const ms = clock.decisionMs !== undefined ? clock.decisionMs : opts.decisionMs;
  return ms === null ? null : addActive(clock.startedAt, Math.round(ms * REMINDER_SHARE), pauses);
}

export interface SeatFacts {
  /** A person plays this seat now (not a bot level, not taken over). */
  human: boolean;
  /** The seat is linked to a player who can be told. */
  linked: boolean;
  /** Auto-play allowed by the table and by the player. */
  autoPlay: boolean;
  pauses: Pause[];
}

/** Every timed event of this decision that has not been handled, with its due time. */
export function pendingEvents(clock: Clock, opts: ClockOptions, seat: SeatFacts): { kind: EventKind; at: number }[] {
  if (!seat.human) return [];
  const out: { kind: EventKind; at: number }[] = [];
  const add = (kind: EventKind, at: number | null) => {
    if (at !== null && !clock.done[kind]) out.push({ kind, at });
  };
  const deadline = deadlineOf(clock, opts, seat.pauses);
  // A forced move the server plays at its drawn time: no message (the player need not come),
  // but the deadline stands as for any decision, so that nothing on the table looks different.
  if (clock.forced && seat.autoPlay && clock.autoAt !== null) {
    add("auto", clock.autoAt ?? clock.startedAt + AUTO_PLAY_PAUSE_MS);
    add("expire", deadline);
    return out.sort((a, b) => a.at - b.at);
  }
  // A player on vacation hears about the turn when the vacation ends, not during it.
  const notify = addActive(clock.startedAt, NOTIFY_GRACE_MS, seat.pauses);
  if (seat.linked) add("notify", notify);
  const reminder = reminderOf(clock, opts, seat.pauses);
  // A reminder right after the turn message would be noise: only when it comes later.
  if (seat.linked && reminder !== null && reminder > notify) add("remind", reminder);
  add("expire", deadline);
  return out.sort((a, b) => a.at - b.at);
}

/**
 * What to do at `now`: `run` the due events, then mark all of `settled` done. Once the decision
 * has expired, the reminder and the turn message are moot, so a late alarm does not send them
 * after the fact; a due reminder makes the turn message redundant.
 */
export function dueEvents(clock: Clock, opts: ClockOptions, seat: SeatFacts, now: number): { run: EventKind[]; settled: EventKind[] } {
  const settled = pendingEvents(clock, opts, seat).filter((e) => e.at <= now).map((e) => e.kind);
  let run = settled;
  if (settled.includes("expire")) run = ["expire"];
  else if (settled.includes("remind")) run = ["remind"];
  return { run, settled };
}

/** The earliest due time still ahead (or overdue), for the Durable Object's single alarm. */
export function nextDue(clock: Clock, opts: ClockOptions, seat: SeatFacts): number | null {
  const events = pendingEvents(clock, opts, seat);
  return events.length ? events[0].at : null;
}
