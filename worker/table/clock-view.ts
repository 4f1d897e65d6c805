// What the table's clock shows (pure): the facts of a seat for the deadline rules, and the view's
// `clock` (decision time, deadline, reminder, seats taken over or on vacation).
import { deadlineOf, reminderOf, type SeatFacts } from "../deadlines/clock";
import type { TableOptions } from "../deadlines/options";
import type { TableRecord } from "./model";
import { timeNow } from "../base/clock";

/** What every seat sees of the clock (API view `clock`; `deadline` is its ISO form). */
export interface ClockView {
  seat: number;
  decisionMs: number | null;
  onTimeout: TableOptions["onTimeout"];
  deadline: string | null;
  reminder: string | null;
  /** The seat's player is on vacation: the clock stands still. */
  paused: boolean;
  away: number[];
  vacation: number[];
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export function seatFacts(table: TableRecord, seat: number): SeatFacts {
  const live = table.live!;
  const p = live.players[seat] ?? null;
  return {
    human: !table.seats[seat]?.bot && !table.seats[seat]?.leftBot && !live.away.includes(seat),
    linked: p !== null,
    // Auto-play is a player setting (default on); a seat no player has claimed plays as before.
    autoPlay: p !== null && live.options.autoPlay && p.autoPlay,
    pauses: p?.pauses ?? [],
  };
}

export function clockView(table: TableRecord, now = timeNow()): ClockView | null {
  const live = table.live;
  if (!live) return null;
  const vacation = live.players.flatMap((p, seat) => (p?.vacationUntil && p.vacationUntil > now ? [seat] : []));
  const c = live.clock;
  if (!c) return live.away.length || vacation.length ? { seat: -1, decisionMs: live.options.decisionMs, onTimeout: live.options.onTimeout, deadline: null, reminder: null, paused: false, away: live.away, vacation } : null;
  const f = seatFacts(table, c.seat);
  // A forced move shows its deadline like any other: a missing one would tell the table it is forced.
  const timed = f.human;
  return {
    seat: c.seat,
    decisionMs: live.options.decisionMs,
    onTimeout: live.options.onTimeout,
    deadline: timed ? iso(deadlineOf(c, live.options, f.pauses)) : null,
    reminder: timed ? iso(reminderOf(c, live.options, f.pauses)) : null,
    paused: vacation.includes(c.seat),
    away: live.away,
    vacation,
  };
}
