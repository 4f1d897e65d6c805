// One Durable Object per table, made by name (the table id, see stub.ts). It caches the table
// loaded from D1 and runs every entry point that decides who a seat is, and every change, through
// one queue (so actions of a table never interleave, even while awaiting D1); it answers only
// after the D1 batch has committed, pushes views to sockets and lets bot seats play (via the
// alarm, which is durable: after a restart the bots carry on). Over 300 lines: every entry
// point shares the one queue and the one cache, so they stay in one class (the rules of each
// part live beside it: clock.ts, bot-turns.ts, lifecycle.ts, rematch.ts, chat.ts, sockets.ts).
import { DurableObject } from "cloudflare:workers";
import { applyAction, type Action } from "../engine";
import type { Env } from "../base/env";
import { errorResponse, fail, type Failure } from "../base/failure";
import { botAction, botToAct } from "./bot-turns";
import { TableClock } from "./clock";
import { moveHintFor, type MoveHint } from "./move-hint";
import type { SeatRecord, TableRecord } from "./model";
import { AUTH_WINDOW_MS, MAX_PENDING_SOCKETS, MAX_SOCKETS_PER_SEAT, broadcast, closeSocket, oldestBeyond, parseSocketMessage, send, sendError, sendText, setSocketInfo, socketInfo, sentWhole, socketOpens, viewMessage } from "./sockets";
import { SocketAuthSchema } from "./messages";
import { hashToken } from "../base/secrets";
import * as v from "valibot";
import { appendAction, insertTable, loadTable, setEnded, setRematch, updateSeat } from "./store";
import { agree, endAsItStands, gameDone, rematchDealer, rematchSeats, standInLevel, standingProposal } from "./lifecycle";
import type { EndProposal, TableEnd } from "./model";
import type { TableOptions } from "../deadlines/options";
import { replaceTableOptions } from "../players/facts";
import { rematchFor, type Rematch, type TableDoor } from "./rematch";
import { seatForHash } from "./tokens";
import { tableDatabase } from "../db/placement";
import { viewEntry, viewText, withSeen } from "./view";
import { withSeenPart } from "./view-changes";
import { loadLog } from "./game-record";
import { announcePoolEnd, mayReveal, type PoolDoor } from "./pool";
import { tableChat, type ChatRequest, type ChatResult } from "./chat";
import { splitAction, story, type GameRecord, type StoryItem } from "../engine";
import { archiveGame, recordFor } from "./archive";
import { analysisFor, analysisSlice } from "./analysis";
import type { Analysis } from "../bots";
import { SeatsSeen } from "./seen";
import { LastSeen } from "./last-seen";

/** `json`, the view as JSON text (made once per change, view.ts), is null when the caller already holds `etag` (HTTP 304). */
export type ViewResult = { ok: true; version: number; etag: string; json: string | null; rowsWritten?: number } | Failure;

/** A suggestion for the seat to act (GET /api/tables/:id/hint). */
export type MoveHintResult = ({ ok: true; version: number } & MoveHint) | Failure;

type Committed = { ok: true; table: TableRecord; rowsWritten: number } | Failure;

const NOT_FOUND = fail(404, "NOT_FOUND", "There is no such table.");
const ENDED = "The game was ended before its end (by agreement, or by its league).";
const UNAUTHORIZED = fail(401, "UNAUTHORIZED", "This token does not open a seat at this table.");
/** Bot moves per alarm run: one, so that a run stays within the CPU budget of one invocation (bench:cpu). */
const BOT_STEPS_PER_RUN = 1;
/** Storage key of the table id, for an alarm that wakes the object without its name. */
const ID_KEY = "id";
/** Storage key of a standing proposal to end the game (lapses with the next move). */
const PROPOSAL_KEY = "proposal";
/** Storage key: this table has told its duplicate pool's other tables that the pool has finished. */
const POOL_TOLD_KEY = "poolTold";

const seatOf = (table: TableRecord, tokenHash: string): number | null => seatForHash(table.seats.map((s) => s.tokenHash), tokenHash);

export class TableRoom extends DurableObject<Env> {
  /**
   * The table's id: the name this object was made by. An alarm that wakes a cold object may come
   * without the name (workerd leaves `ctx.id.name` unset then), so it is also kept in storage, once.
   */
  private id: string | undefined;
  private idKept = false;
  /** undefined: not loaded yet; null: no such table in D1. */
  private table: TableRecord | null | undefined;
  private loading: Promise<TableRecord | null> | undefined;
  private queue: Promise<unknown> = Promise.resolve();
  /** Correspondence play: decision clocks, reminders, takeovers (the pure rules: worker/deadlines). */
  private readonly clock: TableClock;
  /** When each seat was first opened (the host's page). */
  private readonly seen: SeatsSeen;
  /** The version each seat last saw ("since you were here"). */
  private readonly lastSeen: LastSeen;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.id = ctx.id.name;
    this.clock = new TableClock(ctx, env);
    this.seen = new SeatsSeen(ctx.storage);
    this.lastSeen = new LastSeen(ctx.storage);
    void ctx.blockConcurrencyWhile(async () => {
      const kept = await ctx.storage.get<string>(ID_KEY);
      this.id ??= kept;
      this.idKept = kept !== undefined && kept === this.id;
    });
    // Keep-alive pings are answered without waking the object from hibernation.
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair('{"type":"ping"}', '{"type":"pong"}'));
  }

  /** Run `fn` after every change queued before it (our own lock: D1 awaits let other events in). */
  private serial<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.queue.then(fn, fn);
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** In the queue: the table and the seat `tokenHash` opens, or 404 / 401 before `fn` runs. */
  private seated<T>(tokenHash: string, fn: (table: TableRecord, seat: number) => Promise<T>): Promise<T | Failure> {
    return this.serial(async () => {
      const table = await this.load();
      if (!table) return NOT_FOUND;
      const seat = seatOf(table, tokenHash);
      if (seat === null) return UNAUTHORIZED;
      return fn(table, seat);
    });
  }

  /**
   * Another table's object (the rematch's). As stub.ts does, by name; not through stub.ts, which
   * imports this file for its type.
   */
  private other(id: string): TableDoor & PoolDoor {
    return (this.env.TABLES as unknown as DurableObjectNamespace<TableRoom>).getByName(id) as unknown as TableDoor & PoolDoor;
  }

  /** Keep the id in storage, once, as soon as D1 says the table exists. */
  private async keepId(id: string): Promise<void> {
    if (this.idKept) return;
    await this.ctx.storage.put(ID_KEY, id);
    this.idKept = true;
  }

  private async load(): Promise<TableRecord | null> {
    if (this.table !== undefined) return this.table;
    const id = this.id;
    if (id === undefined) return null;
    this.loading ??= loadTable(tableDatabase(this.env, id), id)
      .then(async (t) => {
        if (t) {
          await this.keepId(id);
          await this.clock.attach(t);
          t.live!.proposal = (await this.ctx.storage.get<EndProposal>(PROPOSAL_KEY)) ?? null;
        }
        return t;
      })
      .finally(() => (this.loading = undefined));
    const table = await this.loading;
    if (this.table === undefined) {
      this.table = table;
      if (table) await this.wakeBots(table);
    }
    return this.table ?? null;
  }

  /**
   * Whether a person has opened this table (view, hint, action or socket). Until then its bots do
   * not play: a table created and never looked at costs no CPU. Older tables that have moved on
   * count as opened.
   */
  private humanSeen: boolean | undefined;

  private async opened(table: TableRecord): Promise<boolean> {
    this.humanSeen ??= (await this.ctx.storage.get<boolean>("opened")) ?? table.version > 0;
    return this.humanSeen;
  }

  /** A seat with a token (a person) has opened the table: from now on its bots play. */
  private async personArrived(table: TableRecord, seat: number): Promise<void> {
    await this.seen.mark(seat);
    if (await this.opened(table)) return;
    this.humanSeen = true;
    await this.ctx.storage.put("opened", true);
    await this.wakeBots(table);
  }

  private async wakeBots(table: TableRecord): Promise<void> {
    if (botToAct(table) !== null && (await this.opened(table))) await this.ctx.storage.setAlarm(Date.now());
  }

  /** This table's open sockets whose first message opened `seat`. */
  private socketsOf(seat: number): WebSocket[] {
    return this.ctx.getWebSockets().filter((ws) => socketInfo(ws)?.seat === seat);
  }

  /** A new table (its id the name of this object): stored in D1, its clock and bots started. */
  async start(table: TableRecord): Promise<{ ok: true } | Failure> {
    return this.serial(async () => {
      if (table.id !== this.id) return fail(500, "INTERNAL", "A table was started on another table's object.");
      await insertTable(tableDatabase(this.env, table.id), table);
      await this.keepId(table.id);
      await this.clock.attach(table);
      this.table = table;
      await this.wakeBots(table);
      return { ok: true as const };
    });
  }

  /** The seat's view, or null as `view` when `known` holds its current ETag. */
  async readView(tokenHash: string, known: string[]): Promise<ViewResult> {
    return this.seated(tokenHash, async (table, seat) => {
      await this.clock.present(table, seat);
      await this.personArrived(table, seat);
      await this.revealable(table);
      const seenBefore = await this.lastSeen.get(seat);
      await this.lastSeen.mark([seat], table.version);
      // The tag is the table's view alone: `seen` marks this visit, it is no change of the table.
      const { json, etag } = await viewText(table, seat);
      return { ok: true, version: table.version, etag, json: known.includes(etag) ? null : withSeen(json, seenBefore) };
    });
  }

  /**
   * The public story of the game after version `from` (and of the whole current hand), for "since
   * you were here" and the bidding so far. Built from public facts only (worker/engine/story.ts).
   */
  async readStory(tokenHash: string, from: number): Promise<{ ok: true; version: number; handFrom: number; items: StoryItem[] } | Failure> {
    return this.serial(async () => {
      const table = await this.load();
      if (!table) return NOT_FOUND;
      if (seatOf(table, tokenHash) === null) return UNAUTHORIZED;
      // A finished game's log lives in its record (archived to R2).
      const log = table.state.phase === "over" ? await this.finishedLog(table) : await loadLog(tableDatabase(this.env, table.id), table.id);
      if (!log) return fail(500, "INTERNAL", "This game's story could not be read.");
      const all = story({ v: table.state.v, rules: table.state.rules, seed: table.state.seed, actions: log }, 0);
      const start = Math.min(from, all.handFrom);
      return { ok: true as const, version: log.length, handFrom: all.handFrom, items: all.items.filter((i) => i.version > start) };
    });
  }

  /** A suggestion for this seat (read-only: no version, no row, no clock change). */
  async readMoveHint(tokenHash: string): Promise<MoveHintResult> {
    return this.seated(tokenHash, async (table, seat) => {
      await this.personArrived(table, seat);
      if (table.ended) return fail(409, "WRONG_PHASE", ENDED);
      const h = moveHintFor(table, seat);
      return h.ok ? { ...h, version: table.version } : h;
    });
  }

  /** The whole game (muli-record/1) for a seat, once it is over: before then it would show every hand. */
  async readRecord(tokenHash: string): Promise<{ ok: true; record: GameRecord } | Failure> {
    return this.serial(async () => {
      const table = await this.load();
      if (!table) return NOT_FOUND;
      if (seatOf(table, tokenHash) === null) return UNAUTHORIZED;
      if (table.state.phase !== "over") return fail(409, "WRONG_PHASE", "The record is there once the game is over.");
      if (!(await this.revealable(table))) return fail(409, "POOL_RUNNING", "Other tables of this duplicate round are playing the same deals: the record is there once every one has finished.");
      return recordFor(this.env, table);
    });
  }

  private async finishedLog(table: TableRecord) {
    const r = await recordFor(this.env, table);
    return r.ok ? r.record.actions.map(splitAction) : null;
  }

  /** Once the game is over: its record to R2, its log out of D1 (once; the alarm retries on failure). */
  private async archiveIfOver(): Promise<void> {
    await this.serial(async () => {
      const table = await this.load();
      if (!table || table.state.phase !== "over") return;
      if (await this.ctx.storage.get<boolean>("archived")) {
        // Then the analysis, a slice per alarm (worker/table/analysis.ts).
        if (await analysisSlice(this.env, this.ctx.storage, table)) await this.ctx.storage.setAlarm(Date.now());
        return;
      }
      const done = await archiveGame(this.env, table);
      if (!done.ok) throw new Error(`archive failed: ${done.code}`);
      await this.ctx.storage.put("archived", true);
      await this.ctx.storage.setAlarm(Date.now());
    });
  }

  /**
   * Whether the table may show its deals (pool.ts). The moment it learns that its duplicate pool
   * has finished (a read, a socket, the pool's news), every socket is shown the reveal at once.
   */
  private async revealable(table: TableRecord): Promise<boolean> {
    const waited = !!table.pool && !table.poolDone;
    const may = await mayReveal(this.env.DB, table);
    if (waited && table.poolDone) broadcast(this.ctx.getWebSockets(), table);
    return may;
  }

  /** Every table of this table's duplicate pool has finished (told by the one that finished it). */
  async poolFinished(): Promise<void> {
    await this.serial(async () => {
      const table = await this.load();
      if (table) await this.revealable(table);
    });
  }

  /**
   * Once over, a table of a duplicate pool whose end finished the pool tells the pool's other
   * tables (once; in the alarm, outside the queue, so two tables telling each other never wait on
   * each other's queue).
   */
  private async tellPool(): Promise<void> {
    const table = await this.serial(() => this.load());
    if (!table?.pool || !table.poolDone || (await this.ctx.storage.get<boolean>(POOL_TOLD_KEY))) return;
    await announcePoolEnd(this.env.DB, table.id, (id) => this.other(id));
    await this.ctx.storage.put(POOL_TOLD_KEY, true);
  }

  /** The analysis of a finished game (409 ANALYSIS_PENDING while the alarm still works it out). */
  async readAnalysis(tokenHash: string): Promise<{ ok: true; analysis: Analysis } | Failure> {
    return this.serial(async () => {
      const table = await this.load();
      if (!table) return NOT_FOUND;
      if (seatOf(table, tokenHash) === null) return UNAUTHORIZED;
      if (table.state.phase !== "over") return fail(409, "WRONG_PHASE", "The analysis is there once the game is over.");
      if (!(await this.revealable(table))) return fail(409, "POOL_RUNNING", "Other tables of this duplicate round are playing the same deals: the analysis is there once every one has finished.");
      const analysis = await analysisFor(this.env, table.id);
      // Pending with no alarm set: a game archived before the analysis went into slices; start them.
      if (!analysis.ok && (await this.ctx.storage.getAlarm()) === null) await this.ctx.storage.setAlarm(Date.now());
      return analysis;
    });
  }

  async submitAction(tokenHash: string, version: number, action: Action): Promise<ViewResult> {
    return this.seated(tokenHash, async (table, seat) => {
      await this.clock.present(table, seat);
      await this.personArrived(table, seat);
      const done = await this.act(table, seat, version, action);
      if (!done.ok) return done;
      // The same text the sockets were just sent (view.ts): not made a second time.
      const { json, etag } = await viewText(done.table, seat);
      return { ok: true, version: done.table.version, etag, json, rowsWritten: done.rowsWritten };
    });
  }

  /**
   * A seat's action: version check, engine, D1, sockets, then the bots' turn if it is theirs. The
   * actor's answer is the caller's (a socket has been sent its view already; HTTP wants the ETag).
   */
  private async act(table: TableRecord, seat: number, version: number, action: Action): Promise<Committed> {
    if (table.ended) return fail(409, "WRONG_PHASE", ENDED);
    if (table.seats[seat]?.leftBot) return fail(409, "SEAT_LEFT", "You left this game; a bot plays your seat to the end.");
    if (version !== table.version) {
      return fail(409, "STALE_VERSION", `The table is at version ${table.version}, not ${version}; nothing was applied.`);
    }
    const timing = table.live?.clock?.version === table.version ? table.live.clock : null;
    const done = await this.commit(table, seat, action);
    if (!done.ok) return done;
    await this.clock.acted(done.table, seat, timing);
    await this.lastSeen.mark([seat], done.table.version);
    await this.wakeBots(done.table);
    return done;
  }

  /** Apply through the engine and make it durable; only then does the cache move on. */
  private async commit(table: TableRecord, seat: number, action: Action): Promise<Committed> {
    let result: ReturnType<typeof applyAction>;
    try {
      result = applyAction(table.state, seat, action);
    } catch (e) {
      console.error("engine threw", table.id, seat, JSON.stringify(action), e);
      return fail(422, "INVALID_ACTION", "This action cannot be applied here.");
    }
    if (!result.ok) return fail(422, result.error.code, result.error.message);
    let written: Awaited<ReturnType<typeof appendAction>>;
    try {
      written = await appendAction(tableDatabase(this.env, table.id), table.id, table.version, seat, action, result.state);
    } catch (e) {
      console.error("D1 write failed", table.id, e);
      this.table = undefined; // reload: we cannot know whether the batch committed
      return fail(503, "UNAVAILABLE", "The table could not be saved just now; reload and try again.");
    }
    if (!written.ok) {
      this.table = undefined; // someone else moved the table on: take D1's word for it
      return fail(409, "STALE_VERSION", "The table has moved on; nothing was applied.");
    }
    const next: TableRecord = { ...table, version: table.version + 1, state: result.state };
    this.table = next;
    if (next.live?.proposal) {
      next.live.proposal = null; // a proposal to end lapses with the next move
      await this.ctx.storage.delete(PROPOSAL_KEY);
    }
    // Archive the record in the alarm, after the answer (worker/table/archive.ts).
    if (next.state.phase === "over") await this.ctx.storage.setAlarm(Date.now());
    await this.clock.sync(next);
    if (next.state.phase === "over") await mayReveal(this.env.DB, next); // the broadcast below shows it
    broadcast(this.ctx.getWebSockets(), next);
    await this.lastSeen.mark(LastSeen.watching(this.ctx.getWebSockets()), next.version);
    return { ok: true, table: next, rowsWritten: written.rowsWritten };
  }

  override async alarm(): Promise<void> {
    if (this.id === undefined) return;
    try {
      await this.serial(async () => {
        for (let step = 0; step < BOT_STEPS_PER_RUN; step++) {
          const table = await this.load();
          const seat = table ? botToAct(table) : null;
          if (!table || seat === null || !(await this.opened(table))) return;
          const done = await this.commit(table, seat, await botAction(table, seat));
          if (!done.ok) throw new Error(`bot move not saved: ${done.code}`);
        }
        await this.ctx.storage.setAlarm(Date.now()); // more to play: continue in a fresh run
      });
      // Deadlines, reminders, forced moves; a timed move may hand the turn to a bot.
      const moved = await this.serial(async () => {
        const table = await this.load();
        return table ? this.clock.tick(table, (seat, action) => this.commit(table, seat, action)) : false;
      });
      if (moved) await this.ctx.storage.setAlarm(Date.now());
      await this.tellPool();
      await this.archiveIfOver();
    } catch (e) {
      console.error("bot turn failed; retrying soon", this.id, e);
      await this.ctx.storage.setAlarm(Date.now() + 2000);
    }
  }

  /** POST /leave: from now on a bot of the table's level plays the seat to the end; the others see it. */
  async leave(tokenHash: string): Promise<{ ok: true; seat: number; bot: string } | Failure> {
    return this.seated(tokenHash, async (table, seat) => {
      if (gameDone(table)) return fail(409, "WRONG_PHASE", "The game is over; there is nothing to leave.");
      const s = table.seats[seat];
      if (s.leftBot) return fail(409, "ALREADY_LEFT", "You have already left this game; a bot plays your seat.");
      const left = { ...s, leftBot: standInLevel(table) };
      await updateSeat(this.env.DB, table.id, left);
      table.seats = table.seats.map((x) => (x.seat === seat ? left : x));
      await this.personArrived(table, seat);
      await this.clock.refresh(table); // the seat's clock stops; every socket sees who left
      await this.wakeBots(table);
      return { ok: true as const, seat, bot: left.leftBot };
    });
  }

  /**
   * POST /rematch, once the game is over: the first seat to ask makes the new table (same seats
   * and rules, the next dealer deals), every seat that asks gets its own new link. In the object's
   * queue, so seats asking at once make one table.
   */
  async rematch(tokenHash: string, origin: string): Promise<({ ok: true } & Rematch) | Failure> {
    return this.seated(tokenHash, async (table, seat) => {
      if (!gameDone(table)) return fail(409, "WRONG_PHASE", "A rematch can be asked for once the game is over.");
      const r = await rematchFor(this.env, table, seat, origin, {
        door: (id) => this.other(id),
        dealer: rematchDealer(table.state),
        seats: rematchSeats(table.seats),
        keep: async (id) => {
          if (!(await setRematch(this.env.DB, table.id, id))) return false;
          table.rematch = id;
          broadcast(this.ctx.getWebSockets(), table); // the old table points to the new one
          return true;
        },
      });
      if (!r.ok) this.table = undefined; // e.g. another writer's rematch: take D1's word for it next time
      return r;
    });
  }

  /**
   * The table's league decided it (scored as it stood, or annulled) while it was being played: the
   * game ends here as an agreed end would, so nobody plays on at a table that no longer counts
   * (in a duplicate pool, the others' reveal would show its deals). A game already over stays so.
   */
  async endByLeague(outcome: TableEnd["outcome"]): Promise<{ ok: true; ended: TableEnd | null } | Failure> {
    return this.serial(async () => {
      const table = await this.load();
      if (!table) return NOT_FOUND;
      if (gameDone(table)) return { ok: true as const, ended: table.ended ?? null };
      const end = endAsItStands(table.state, outcome, Date.now(), "league");
      const refused = await this.endGame(table, end);
      if (refused) return refused;
      broadcast(this.ctx.getWebSockets(), table);
      return { ok: true as const, ended: end };
    });
  }

  /** The game ends here as it stands (`end`): stored first, then no proposal and no clock. */
  private async endGame(table: TableRecord, end: TableEnd): Promise<Failure | null> {
    if (!(await setEnded(this.env.DB, table.id, table.version, end))) {
      this.table = undefined;
      return fail(409, "STALE_VERSION", "The table has moved on; nothing was ended.");
    }
    table.ended = end;
    if (table.live) table.live.proposal = null;
    await this.ctx.storage.delete(PROPOSAL_KEY);
    await this.clock.sync(table); // no decision is awaited any more
    return null;
  }

  /**
   * POST /end: a seat proposes ending the game (scored as it stands, or annulled), or agrees to
   * the standing proposal; it ends when every person at the table agrees.
   */
  async proposeEnd(tokenHash: string, outcome: TableEnd["outcome"]): Promise<{ ok: true; proposal: EndProposal | null; ended: TableEnd | null } | Failure> {
    return this.seated(tokenHash, async (table, seat) => {
      if (gameDone(table)) return fail(409, "WRONG_PHASE", "The game is over already.");
      if (table.seats[seat].leftBot) return fail(409, "SEAT_LEFT", "You left this game; a bot plays your seat to the end.");
      await this.personArrived(table, seat);
      const { proposal, all } = agree(table, seat, outcome);
      if (all) {
        const refused = await this.endGame(table, endAsItStands(table.state, outcome, Date.now()));
        if (refused) return refused;
      } else {
        table.live!.proposal = proposal;
        await this.ctx.storage.put(PROPOSAL_KEY, proposal);
      }
      broadcast(this.ctx.getWebSockets(), table);
      return { ok: true as const, proposal: standingProposal(table), ended: table.ended ?? null };
    });
  }

  /**
   * The host sets the table's clock (time per decision, what happens on time-out). The decision
   * now awaited keeps the time it began with: nobody already on the clock has it changed under them.
   */
  async setClock(clock: { decisionMs: number | null; onTimeout: TableOptions["onTimeout"] }): Promise<{ ok: true; options: TableOptions } | Failure> {
    return this.serial(async () => {
      const table = await this.load();
      if (!table) return NOT_FOUND;
      if (gameDone(table)) return fail(409, "WRONG_PHASE", "The game is over; its clock no longer runs.");
      const options: TableOptions = { ...table.live!.options, ...clock };
      await replaceTableOptions(this.env.DB, table.id, options);
      await this.clock.setOptions(table, options);
      return { ok: true as const, options };
    });
  }

  /** DELETE /end: a person at the table declines (or withdraws) the standing proposal. */
  async declineEnd(tokenHash: string): Promise<{ ok: true } | Failure> {
    return this.seated(tokenHash, async (table, seat) => {
      if (!standingProposal(table)) return fail(409, "NO_PROPOSAL", "Nobody has proposed to end this game.");
      if (table.seats[seat].leftBot) return fail(409, "SEAT_LEFT", "You left this game; a bot plays your seat to the end.");
      table.live!.proposal = null;
      await this.ctx.storage.delete(PROPOSAL_KEY);
      broadcast(this.ctx.getWebSockets(), table);
      return { ok: true as const };
    });
  }

  /**
   * A league gave a seat to someone else (worker/leagues): saved, the old holder's sockets closed
   * (their token no longer opens it), the clock told, a bot woken if it is now its turn.
   */
  async replaceSeat(seat: SeatRecord): Promise<{ ok: true } | Failure> {
    return this.serial(async () => {
      const table = await this.load();
      if (!table) return NOT_FOUND;
      if (!table.seats[seat.seat]) return fail(404, "NOT_FOUND", "There is no such seat.");
      await updateSeat(tableDatabase(this.env, table.id), table.id, seat);
      table.seats = table.seats.map((s) => (s.seat === seat.seat ? seat : s));
      for (const ws of this.socketsOf(seat.seat)) closeSocket(ws, 4003, "This seat was given to someone else.");
      await this.clock.refresh(table);
      await this.wakeBots(table);
      return { ok: true as const };
    });
  }

  /**
   * A league's reserve takes over a seat a bot plays for now (its player left, was taken over
   * after timing out, or was removed from the league): as replaceSeat, and the seat shows who took
   * over from whom at which hand (`from`: whose the seat was, when a bot holds it under its own name).
   * Refused while the seat's own player still plays it.
   */
  async takeOverSeat(seat: SeatRecord, from?: string): Promise<{ ok: true; from: string; hand: number } | Failure> {
    return this.serial(async () => {
      const table = await this.load();
      if (!table) return NOT_FOUND;
      const old = table.seats[seat.seat];
      if (!old) return fail(404, "NOT_FOUND", "There is no such seat.");
      if (gameDone(table)) return fail(409, "WRONG_PHASE", "The game is over; its seats stay as they were.");
      if (old.bot === null && !old.leftBot && !table.live?.away.includes(seat.seat)) return fail(409, "SEAT_NOT_FREE", "This seat's player still plays it.");
      const next: SeatRecord = { ...seat, leftBot: null, tookOver: { from: from ?? old.name, hand: table.state.handsPlayed.length + 1 } };
      await updateSeat(tableDatabase(this.env, table.id), table.id, next);
      table.seats = table.seats.map((s) => (s.seat === next.seat ? next : s));
      for (const ws of this.socketsOf(next.seat)) closeSocket(ws, 4003, "This seat was given to someone else.");
      await this.clock.refresh(table);
      await this.wakeBots(table);
      return { ok: true as const, ...next.tookOver! };
    });
  }

  /** What the host's page shows of the seats: names, bots, when each was first opened. */
  async hostSeats(): Promise<
    { ok: true; phase: string; clock: Pick<TableOptions, "decisionMs" | "onTimeout">; seats: { seat: number; name: string; bot: string | null; openedAt: number | null }[] } | Failure
  > {
    return this.serial(async () => {
      const table = await this.load();
      if (!table) return NOT_FOUND;
      const seen = await this.seen.all();
      const { decisionMs, onTimeout } = table.live!.options;
      return {
        ok: true as const,
        phase: table.state.phase,
        clock: { decisionMs, onTimeout },
        seats: table.seats.map((s) => ({ seat: s.seat, name: s.name, bot: s.bot, openedAt: seen[s.seat] ?? null })),
      };
    });
  }

  /**
   * The host gives a human seat a new token (and maybe a new name: another person), or hands it
   * to a bot. The old token opens nothing from now on; its sockets are closed at once.
   */
  async hostSeat(seatNo: number, change: { tokenHash: string; name?: string } | { bot: string }): Promise<{ ok: true; name: string } | Failure> {
    return this.serial(async () => {
      const table = await this.load();
      if (!table) return NOT_FOUND;
      const old = table.seats[seatNo];
      if (!old) return fail(404, "NOT_FOUND", "There is no such seat.");
      if (old.bot !== null || old.tokenHash === null) return fail(400, "BOT_SEAT", "A bot plays this seat; it has no link.");
      if (table.state.phase === "over") return fail(409, "WRONG_PHASE", "The game is over.");
      const seat: SeatRecord = "bot" in change ? { ...old, tokenHash: null, bot: change.bot } : { ...old, tokenHash: change.tokenHash, name: change.name ?? old.name };
      await updateSeat(tableDatabase(this.env, table.id), table.id, seat);
      table.seats = table.seats.map((s) => (s.seat === seatNo ? seat : s));
      const reason = "bot" in change ? "The host gave this seat to a bot." : "The host gave this seat a new link.";
      for (const ws of this.socketsOf(seatNo)) {
        sendError(ws, { code: UNAUTHORIZED.code, message: reason });
        closeSocket(ws, 4003, reason);
      }
      await this.seen.clear(seatNo);
      await this.lastSeen.forget(seatNo);
      await this.clock.refresh(table);
      await this.wakeBots(table);
      return { ok: true as const, name: seat.name };
    });
  }

  /** Table talk (worker/chat): the seat is decided here; a moderator may also come with another key. */
  async chat(keyHash: string, req: ChatRequest): Promise<ChatResult> {
    return this.serial(async () => {
      const table = await this.load();
      if (!table) return NOT_FOUND;
      // Only sockets that have named their seat hear the talk ("seat:n": that seat's sockets).
      const sockets = (tag?: string) => (tag?.startsWith("seat:") ? this.socketsOf(Number(tag.slice(5))) : this.ctx.getWebSockets().filter((ws) => socketInfo(ws)?.seat != null));
      return tableChat({ env: this.env, sockets }, table, seatOf(table, keyHash), keyHash, req);
    });
  }

  /** A linked player's settings, seats or vacation changed (players API). */
  /** The last version this seat had in front of it (worker/notify/escalation.ts: who looked needs no second message). */
  async seenVersion(seat: number): Promise<number> {
    return this.lastSeen.get(seat);
  }

  async playersChanged(): Promise<void> {
    await this.serial(async () => {
      const table = await this.load();
      if (table) await this.clock.refresh(table);
    });
  }

  /**
   * WebSocket upgrade, forwarded by the Worker. The socket says who it is in its first message
   * (`{"type":"auth","token"}`), so no token is ever part of a URL. Sockets that have not done so
   * within AUTH_WINDOW_MS, or beyond MAX_PENDING_SOCKETS, are closed as the next one arrives.
   */
  override async fetch(): Promise<Response> {
    return this.serial(async () => {
      const table = await this.load();
      if (!table) return errorResponse(NOT_FOUND);
      const now = Date.now();
      const pending = this.ctx.getWebSockets().filter((ws) => socketInfo(ws)?.seat === null);
      for (const ws of pending) if (now - (socketInfo(ws)?.since ?? 0) > AUTH_WINDOW_MS) closeSocket(ws, 4001, "No seat token was sent.");
      for (const ws of oldestBeyond(pending, MAX_PENDING_SOCKETS - 1)) closeSocket(ws, 4001, "No seat token was sent.");
      const [client, server] = Object.values(new WebSocketPair());
      this.ctx.acceptWebSocket(server);
      setSocketInfo(server, { seat: null, tokenHash: "", since: now });
      return new Response(null, { status: 101, webSocket: client });
    });
  }

  /** A socket's first message: the token decides the seat; then the socket gets its view. */
  private async authenticate(ws: WebSocket, message: string | ArrayBuffer): Promise<void> {
    let data: unknown = null;
    try {
      data = typeof message === "string" && message.length <= 1000 ? JSON.parse(message) : null;
    } catch {
      // refused below
    }
    const parsed = v.safeParse(SocketAuthSchema, data);
    const hash = parsed.success ? await hashToken(parsed.output.token) : "";
    if (parsed.success && !(await this.env.RL_TOKEN.limit({ key: hash })).success) {
      sendError(ws, { code: "RATE_LIMITED", message: "Too many requests; slow down a little." });
      return closeSocket(ws, 4029, "Too many requests.");
    }
    await this.serial(async () => {
      const table = parsed.success ? await this.load() : null;
      const seat = table ? seatOf(table, hash) : null;
      if (!table || seat === null) {
        sendError(ws, { code: UNAUTHORIZED.code, message: parsed.success ? UNAUTHORIZED.message : 'The first message must be {"type":"auth","token":"<seat token>"}.' });
        return closeSocket(ws, 4001, "This token does not open a seat at this table.");
      }
      await this.clock.present(table, seat);
      await this.personArrived(table, seat);
      // A seat keeps its newest few sockets: a reloaded tab must not leave old ones piling up.
      for (const old of oldestBeyond(this.socketsOf(seat), MAX_SOCKETS_PER_SEAT - 1)) closeSocket(old, 4008, "Too many connections for this seat.");
      await this.revealable(table); // before this socket counts: it is sent its view once, below
      const changes = parsed.success && parsed.output.changes === true;
      setSocketInfo(ws, { seat, tokenHash: hash, since: Date.now(), changes });
      const seenBefore = await this.lastSeen.get(seat);
      await this.lastSeen.mark([seat], table.version);
      sendText(ws, viewMessage(table, seat, seenBefore));
      if (changes) sentWhole(ws, { version: table.version, parts: withSeenPart(viewEntry(table, seat).parts, seenBefore) });
    });
  }

  override async webSocketMessage(ws: WebSocket, message: string | ArrayBuffer): Promise<void> {
    try {
      const info = socketInfo(ws);
      if (!info) return sendError(ws, UNAUTHORIZED);
      if (info.seat === null) return await this.authenticate(ws, message);
      const seat = info.seat;
      // Every message counts against the seat's token, malformed ones too, before any parsing.
      if (!(await this.env.RL_TOKEN.limit({ key: info.tokenHash })).success) {
        return sendError(ws, { code: "RATE_LIMITED", message: "Too many requests; slow down a little." });
      }
      const parsed = parseSocketMessage(message);
      if (!parsed.ok) return sendError(ws, parsed);
      const result = await this.serial(async () => {
        const table = await this.load();
        if (!table) return NOT_FOUND;
        // The seat may have been given to someone else since the socket opened.
        if (!socketOpens(table, info)) {
          sendError(ws, UNAUTHORIZED);
          closeSocket(ws, 4003, "This seat was given to someone else.");
          return null;
        }
        return this.act(table, seat, parsed.version, parsed.action);
      });
      // On success every socket, this one included, has already been sent its new view.
      if (result && !result.ok) sendError(ws, result);
    } catch (e) {
      console.error("socket message failed", e);
      sendError(ws, { code: "UNAVAILABLE", message: "Something went wrong; reload the table." });
    }
  }

  override async webSocketClose(ws: WebSocket, code: number, reason: string): Promise<void> {
    try {
      ws.close(code, reason);
    } catch {
      // already closed (the runtime may have answered the close itself)
    }
  }

  override async webSocketError(): Promise<void> {
    // nothing to clean up: the runtime drops the socket, the client reconnects
  }
}
