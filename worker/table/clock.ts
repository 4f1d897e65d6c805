// The Durable Object side of correspondence play: one decision clock per table (in the object's
// storage), seats a bot took over, and the timed events (auto-play, turn message, reminder,
// expiry) merged into the object's single alarm. Every event is handled at most once per table
// version: the clock remembers what it did, and a move changes the version, so a retried, late
// or duplicated alarm finds nothing left to do. The rules of time are pure (worker/deadlines).
import { legalActions, type Action, type GameState } from "../engine";
import type { Env } from "../base/env";
import type { Failure } from "../base/failure";
import type { NoticeMessage } from "../base/notify-messages";
import { dueEvents, deadlineOf, nextDue, type Clock } from "../deadlines/clock";
import { NO_ANSWERS, forcedMoveDelay, keepAnswer, type AnswerTimes } from "../deadlines/answers";
import { loadTableFacts } from "../players/facts";
import { botAction } from "./bot-turns";
import { seatFacts } from "./clock-view";
import type { TableRecord } from "./model";
import type { TableOptions } from "../deadlines/options";
import { broadcast, socketInfo } from "./sockets";
import { realAt, timeNow } from "../base/clock";

/** Timeouts in a row after which a seat is taken over (with `botOnce`) until its player returns. */
export const TIMEOUTS_TO_TAKE_OVER = 2;
const STRIKES_KEY = "strikes";
const ANSWERS_KEY = "answers";

/** A uniform number in [0, 1) from the platform's secure generator (timing must not be predictable). */
const uniform = (): number => crypto.getRandomValues(new Uint32Array(1))[0] / 2 ** 32;

type Commit = (seat: number, action: Action) => Promise<{ ok: true; table: TableRecord } | Failure>;

export class TableClock {
  constructor(
    private readonly ctx: DurableObjectState,
    private readonly env: Env,
  ) {}

  /** Load the table's options, linked players, clock and takeovers onto its record. */
  async attach(table: TableRecord, now = timeNow()): Promise<void> {
    const [facts, clock, away, strikes, answers] = await Promise.all([
      loadTableFacts(this.env.DB, table.id, now),
      this.ctx.storage.get<Clock>("clock"),
      this.ctx.storage.get<number[]>("away"),
      this.ctx.storage.get<Record<number, number>>(STRIKES_KEY),
      this.ctx.storage.get<Record<number, AnswerTimes>>(ANSWERS_KEY),
    ]);
    table.live = { ...facts, clock: clock ?? null, away: away ?? [], strikes: strikes ?? {}, answers: answers ?? {} };
    await this.sync(table, now);
  }

  /** A player linked a seat or changed settings or vacation: reload and re-arm. */
  async refresh(table: TableRecord, now = timeNow()): Promise<void> {
    if (!table.live) return this.attach(table, now);
    Object.assign(table.live, await loadTableFacts(this.env.DB, table.id, now));
    await this.arm(table);
    broadcast(this.ctx.getWebSockets(), table);
  }

  /** After every committed move (and on load): start the clock of the decision now awaited. */
  async sync(table: TableRecord, now = timeNow()): Promise<void> {
    const live = table.live;
    if (!live) return;
    const seat = table.state.phase === "over" || table.ended ? undefined : table.state.toAct[0];
    if (seat === undefined) {
      if (live.clock) await this.ctx.storage.delete("clock");
      live.clock = null;
      return;
    }
    if (live.clock?.version !== table.version) {
      const forced = isForced(table.state, seat);
      const looking = this.connected(seat);
      let autoAt: number | null | undefined;
      if (forced && seatFacts(table, seat).autoPlay) {
        const delay = forcedMoveDelay(live.answers?.[seat] ?? NO_ANSWERS, looking, uniform(), uniform());
        autoAt = delay === null ? null : now + delay;
      }
      live.clock = { version: table.version, seat, startedAt: now, forced, looking, decisionMs: live.options.decisionMs, ...(autoAt !== undefined ? { autoAt } : {}), done: {} };
      await this.ctx.storage.put("clock", live.clock);
    }
    await this.arm(table);
  }

  /** One alarm per object: move it earlier if our next event comes before it, never later. */
  private async arm(table: TableRecord): Promise<void> {
    const c = table.live?.clock;
    if (!c) return;
    const due = nextDue(c, table.live!.options, seatFacts(table, c.seat));
    if (due === null) return;
    const at = realAt(due); // the alarm runs on real time
    const current = await this.ctx.storage.getAlarm();
    if (current === null || at < current) await this.ctx.storage.setAlarm(at);
  }

  /**
   * The seat's player made a move of their own (on the decision `clock` was timing): their
   * timeouts are no longer in a row, and a real answer's time is kept to time forced moves by.
   */
  async acted(table: TableRecord, seat: number, clock: Clock | null, now = timeNow()): Promise<void> {
    const live = table.live;
    if (!live) return;
    if (live.strikes?.[seat]) {
      live.strikes = { ...live.strikes, [seat]: 0 };
      await this.ctx.storage.put(STRIKES_KEY, live.strikes);
    }
    if (clock && clock.seat === seat && !clock.forced) {
      live.answers = { ...live.answers, [seat]: keepAnswer(live.answers?.[seat] ?? NO_ANSWERS, clock.looking ?? false, now - clock.startedAt) };
      await this.ctx.storage.put(ANSWERS_KEY, live.answers);
    }
  }

  /** The host changed the table's clock: from the next decision on (the current one keeps its time). */
  async setOptions(table: TableRecord, options: TableOptions): Promise<void> {
    if (!table.live) return;
    table.live.options = options;
    await this.arm(table);
    broadcast(this.ctx.getWebSockets(), table);
  }

  /** The seat's own player is here (view, socket, action): hand a taken-over seat back. */
  async present(table: TableRecord, seat: number, now = timeNow()): Promise<void> {
    const live = table.live;
    await this.looked(table, seat, now);
    if (!live?.away.includes(seat)) return;
    live.away = live.away.filter((s) => s !== seat);
    await this.ctx.storage.put("away", live.away);
    // If it is their turn already, their time starts now.
    if (live.clock?.seat === seat) {
      live.clock = { ...live.clock, startedAt: now, done: {} };
      await this.ctx.storage.put("clock", live.clock);
    }
    await this.arm(table);
    broadcast(this.ctx.getWebSockets(), table);
  }

  /**
   * The player looks at a forced decision they had not seen: from now on it is timed like their
   * answers at an open table (once per decision, so that polling does not hurry it).
   */
  private async looked(table: TableRecord, seat: number, now: number): Promise<void> {
    const c = table.live?.clock;
    if (!c || c.seat !== seat || c.version !== table.version || !c.forced || c.looking || c.autoAt === undefined) return;
    const delay = forcedMoveDelay(table.live!.answers?.[seat] ?? NO_ANSWERS, true, uniform(), uniform())!;
    const autoAt = c.autoAt === null ? now + delay : Math.min(c.autoAt, now + delay);
    table.live!.clock = { ...c, looking: true, autoAt };
    await this.ctx.storage.put("clock", table.live!.clock);
    await this.arm(table);
  }

  /**
   * Run the timed events that are due (inside the object's serial queue). Returns true when a
   * move was made, so the caller lets any bot whose turn it now is play.
   */
  async tick(table: TableRecord, commit: Commit, now = timeNow()): Promise<boolean> {
    const live = table.live;
    if (!live) return false;
    // Storage is the truth (an alarm may run after the object was evicted and reloaded).
    live.clock = (await this.ctx.storage.get<Clock>("clock")) ?? live.clock;
    live.away = (await this.ctx.storage.get<number[]>("away")) ?? live.away;
    if (live.clock?.version !== table.version) await this.sync(table, now);
    const clock = live.clock;
    if (!clock) return false;
    const facts = seatFacts(table, clock.seat);
    const { run, settled } = dueEvents(clock, live.options, facts, now);
    let moved = false;
    for (const kind of run) {
      if (kind === "auto") {
        const legal = legalActions(table.state, clock.seat);
        if (isForced(table.state, clock.seat)) moved = await this.move(commit, clock.seat, legal[0]);
      } else if (kind === "expire") {
        // Out of time twice in a row (botOnce): the seat is taken over until its player returns.
        const strikes = { ...live.strikes, [clock.seat]: (live.strikes?.[clock.seat] ?? 0) + 1 };
        live.strikes = strikes;
        await this.ctx.storage.put(STRIKES_KEY, strikes);
        if (live.options.onTimeout === "takeover" || strikes[clock.seat] >= TIMEOUTS_TO_TAKE_OVER) {
          live.away = [...new Set([...live.away, clock.seat])].sort();
          await this.ctx.storage.put("away", live.away);
          await this.notify(table, clock, "takeover", null);
        }
        moved = await this.move(commit, clock.seat, await botAction(table, clock.seat));
      } else if (!this.connected(clock.seat)) {
        await this.notify(table, clock, kind === "remind" ? "reminder" : "turn", deadlineOf(clock, live.options, facts.pauses));
      }
    }
    // A move started a new clock (sync from the commit); otherwise remember what was done.
    if (!moved && live.clock === clock) {
      live.clock = { ...clock, done: { ...clock.done, ...Object.fromEntries(settled.map((k) => [k, true])) } };
      await this.ctx.storage.put("clock", live.clock);
    }
    if (!moved) await this.arm(table);
    return moved;
  }

  private async move(commit: Commit, seat: number, action: Action): Promise<boolean> {
    const done = await commit(seat, action);
    // Not saved (D1 down, or the table moved on): throw so the alarm is retried.
    if (!done.ok) throw new Error(`timed move not saved: ${done.code}`);
    return true;
  }

  private connected(seat: number): boolean {
    return this.ctx.getWebSockets().some((ws) => socketInfo(ws)?.seat === seat);
  }

  private async notify(table: TableRecord, clock: Clock, kind: NoticeMessage["kind"], deadline: number | null): Promise<void> {
    const player = table.live?.players[clock.seat];
    if (!player || !this.env.NOTIFY) return;
    const msg: NoticeMessage = { type: "notice", kind, playerId: player.playerId, tableId: table.id, seat: clock.seat, version: clock.version, deadline };
    await this.env.NOTIFY.send(msg);
  }
}

/**
 * A decision with one legal action, which the server may play for the seat. Not the cut: every
 * number is a cut, and it is the person's own contribution to the shuffle (their client draws it
 * when they open the table); only when their time runs out does a stand-in cut for them.
 */
function isForced(state: GameState, seat: number): boolean {
  const legal = legalActions(state, seat);
  return legal.length === 1 && legal[0].type !== "cut";
}
