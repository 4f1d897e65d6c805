// What every entry point of a table's Durable Object shares: the one queue (so actions of a table
// never interleave, even while awaiting D1), the one cache of the table loaded from D1, and the
// steps of a change (version check, engine, D1, sockets, bots). The entry points themselves live
// by concept beside it (room-play.ts, room-lifecycle.ts, room-host.ts, room-pool.ts,
// room-sockets.ts, room-alarm.ts); room.ts is the object that hands each call to them.
import { logEvent } from "../base/log";
import { applyAction, type Action } from "../engine";
import type { Env } from "../base/env";
import { fail, type Failure } from "../base/failure";
import { botToAct } from "./bot-turns";
import { TableClock } from "./clock";
import type { TableEnd, TableRecord } from "./model";
import { broadcast, socketInfo } from "./sockets";
import { appendAction, loadTable, setEnded, tableMark } from "./store";
import { gameDone } from "./lifecycle";
import type { EndProposal } from "./model";
import type { TableDoor } from "./rematch";
import { seatForHash } from "./tokens";
import { hasTable, placedDatabase, tableDatabasesOf, type TableDb } from "../db/placement";
import { mayReveal, type PoolDoor } from "./pool";
import { SeatsSeen } from "./seen";
import { LastSeen } from "./last-seen";

export type Committed = { ok: true; table: TableRecord; rowsWritten: number } | Failure;

export const NOT_FOUND = fail(404, "NOT_FOUND", "There is no such table.");
export const ENDED = "The game was ended before its end (by agreement, or by its league).";
export const UNAUTHORIZED = fail(401, "UNAUTHORIZED", "This token does not open a seat at this table.");
export const SEAT_LEFT = fail(409, "SEAT_LEFT", "You left this game; a bot plays your seat to the end.");
export const GIVEN_AWAY = "This seat was given to someone else.";
export const RATE_LIMITED = { code: "RATE_LIMITED", message: "Too many requests; slow down a little." };

/** Storage keys of the object (beside the clock's own: clock.ts, seen.ts, last-seen.ts). */
export const KEYS = {
  /** The table id, for an alarm that wakes the object without its name. */
  id: "id",
  /** A standing proposal to end the game (lapses with the next move). */
  proposal: "proposal",
  /** This table has told its duplicate pool's other tables that the pool has finished. */
  poolTold: "poolTold",
  /** A person has opened the table: its bots play. */
  opened: "opened",
  /** The finished game's record is in R2 and its log out of D1. */
  archived: "archived",
} as const;

export const seatOf = (table: TableRecord, tokenHash: string): number | null => seatForHash(table.seats.map((s) => s.tokenHash), tokenHash);

export class RoomCore {
  /**
   * The table's id: the name this object was made by. An alarm that wakes a cold object may come
   * without the name (workerd leaves `ctx.id.name` unset then), so it is also kept in storage, once.
   */
  id: string | undefined;
  private idKept = false;
  /** undefined: not loaded yet; null: no such table in D1. */
  table: TableRecord | null | undefined;
  private loading: Promise<TableRecord | null> | undefined;
  private queue: Promise<unknown> = Promise.resolve();
  /** Correspondence play: decision clocks, reminders, takeovers (the pure rules: worker/deadlines). */
  readonly clock: TableClock;
  /** When each seat was first opened (the host's page). */
  readonly seen: SeatsSeen;
  /** The version each seat last saw ("since you were here"). */
  readonly lastSeen: LastSeen;
  /**
   * Whether a person has opened this table (view, hint, action or socket). Until then its bots do
   * not play: a table created and never looked at costs no CPU. Older tables that have moved on
   * count as opened.
   */
  private humanSeen: boolean | undefined;

  constructor(
    readonly ctx: DurableObjectState,
    readonly env: Env,
  ) {
    this.id = ctx.id.name;
    this.clock = new TableClock(ctx, env);
    this.seen = new SeatsSeen(ctx.storage);
    this.lastSeen = new LastSeen(ctx.storage);
    void ctx.blockConcurrencyWhile(async () => {
      const kept = await ctx.storage.get<string>(KEYS.id);
      this.id ??= kept;
      this.idKept = kept !== undefined && kept === this.id;
    });
  }

  /** While the table's slot moves: the database that holds its rows, found at load, set by its move (room-move.ts). */
  placed: TableDb | undefined;

  /** The D1 database that holds this table's rows (worker/db/placement.ts). */
  db(id: string): TableDb {
    const [home, to] = tableDatabasesOf(this.env, id);
    return to ? (this.placed ?? home) : home;
  }

  /** Where a new table's rows go: while its slot moves, the target (unless the source has it: then its insert is refused there). */
  async placeNew(id: string): Promise<TableDb> {
    const [home, to] = tableDatabasesOf(this.env, id);
    this.placed = to && !(await hasTable(home, id)) ? to : home;
    return this.placed;
  }

  /** Run `fn` after every change queued before it (our own lock: D1 awaits let other events in). */
  serial<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.queue.then(fn, fn);
    this.queue = run.catch(() => undefined);
    return run;
  }

  /**
   * In the queue: the table, or 404 before `fn` runs. `checked`: first make sure the cache is
   * still D1's table (current()), for a change that no version condition of its own guards.
   */
  withTable<T>(fn: (table: TableRecord) => Promise<T>, checked = false): Promise<T | Failure> {
    return this.serial(async () => {
      const table = checked ? await this.current() : await this.load();
      return table ? fn(table) : NOT_FOUND;
    });
  }

  /** In the queue: the table and the seat `tokenHash` opens, or 404 / 401 before `fn` runs (`checked`: as withTable). */
  seated<T>(tokenHash: string, fn: (table: TableRecord, seat: number) => Promise<T>, checked = false): Promise<T | Failure> {
    return this.withTable(async (table) => {
      const seat = seatOf(table, tokenHash);
      return seat === null ? UNAUTHORIZED : fn(table, seat);
    }, checked);
  }

  /**
   * The table as D1 has it: the cache if D1 is where the object left it, else D1's own, reloaded.
   * Only a restore of D1 (Time Travel, README "Backups") sets D1 back under a live object, which
   * must then not act on a table D1 no longer has. One small read; an action needs none, its batch
   * is conditioned on the version (commit).
   */
  async current(): Promise<TableRecord | null> {
    const table = await this.load();
    if (!table) return null;
    const mark = await tableMark(this.db(table.id), table.id);
    if (mark && mark.version === table.version && mark.ended === !!table.ended && mark.rematch === (table.rematch ?? null)) return table;
    return this.reload(table);
  }

  /**
   * D1 does not have the cached table (any more): read it again and show it to every socket. What
   * the object kept of a finished game that D1 no longer has finished is let go.
   */
  private async reload(stale: TableRecord): Promise<TableRecord | null> {
    logEvent("warn", "table.reloaded", { tableId: stale.id, version: stale.version });
    this.forget();
    const fresh = await this.load();
    if (fresh && !gameDone(fresh)) await this.ctx.storage.delete([KEYS.archived, KEYS.poolTold]);
    if (fresh) broadcast(this.sockets(), fresh);
    return fresh;
  }

  /**
   * Another table's object (the rematch's, a pool's). As stub.ts does, by name; not through
   * stub.ts, which imports room.ts for its type (and room.ts imports this file).
   */
  other(id: string): TableDoor & PoolDoor {
    return this.env.TABLES.getByName(id) as unknown as TableDoor & PoolDoor;
  }

  /** Every open socket of the table. */
  sockets(): WebSocket[] {
    return this.ctx.getWebSockets();
  }

  /** This table's open sockets whose first message opened `seat`. */
  socketsOf(seat: number): WebSocket[] {
    return this.sockets().filter((ws) => socketInfo(ws)?.seat === seat);
  }

  /** Keep the id in storage, once, as soon as D1 says the table exists. */
  async keepId(id: string): Promise<void> {
    if (this.idKept) return;
    await this.ctx.storage.put(KEYS.id, id);
    this.idKept = true;
  }

  async load(): Promise<TableRecord | null> {
    if (this.table !== undefined) return this.table;
    const id = this.id;
    if (id === undefined) return null;
    this.loading ??= placedDatabase(this.env, id)
      .then((d1) => loadTable((this.placed = d1), id))
      .then(async (t) => {
        if (t) {
          await this.keepId(id);
          await this.clock.attach(t);
          t.live!.proposal = (await this.ctx.storage.get<EndProposal>(KEYS.proposal)) ?? null;
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

  /** Forget the cached table: the next step reads D1 again (which has the last word). */
  forget(): void {
    this.table = undefined;
  }

  async opened(table: TableRecord): Promise<boolean> {
    this.humanSeen ??= (await this.ctx.storage.get<boolean>(KEYS.opened)) ?? table.version > 0;
    return this.humanSeen;
  }

  /** A seat with a token (a person) has opened the table: from now on its bots play. */
  async personArrived(table: TableRecord, seat: number): Promise<void> {
    await this.seen.mark(seat);
    if (await this.opened(table)) return;
    this.humanSeen = true;
    await this.ctx.storage.put(KEYS.opened, true);
    await this.wakeBots(table);
  }

  async wakeBots(table: TableRecord): Promise<void> {
    if (botToAct(table) !== null && (await this.opened(table))) await this.ctx.storage.setAlarm(Date.now());
  }

  /**
   * Whether the table may show its deals (pool.ts). The moment it learns that its duplicate pool
   * has finished (a read, a socket, the pool's news), every socket is shown the reveal at once.
   */
  async revealable(table: TableRecord): Promise<boolean> {
    const waited = !!table.pool && !table.poolDone;
    const may = await mayReveal(this.env, table);
    if (waited && table.poolDone) broadcast(this.sockets(), table);
    return may;
  }

  /**
   * A seat's action: version check, engine, D1, sockets, then the bots' turn if it is theirs. The
   * actor's answer is the caller's (a socket has been sent its view already; HTTP wants the ETag).
   */
  async act(table: TableRecord, seat: number, version: number, action: Action): Promise<Committed> {
    if (table.ended) return fail(409, "WRONG_PHASE", ENDED);
    if (table.seats[seat]?.leftBot) return SEAT_LEFT;
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
  async commit(table: TableRecord, seat: number, action: Action): Promise<Committed> {
    let result: ReturnType<typeof applyAction>;
    try {
      result = applyAction(table.state, seat, action);
    } catch (e) {
      logEvent("error", "table.engine_threw", { tableId: table.id, seat, kind: action.type }, e);
      return fail(422, "INVALID_ACTION", "This action cannot be applied here.");
    }
    if (!result.ok) return fail(422, result.error.code, result.error.message);
    let written: Awaited<ReturnType<typeof appendAction>>;
    try {
      written = await appendAction(this.db(table.id), table.id, table.version, seat, action, result.state);
    } catch (e) {
      logEvent("error", "table.write_failed", { tableId: table.id, seat, version: table.version }, e);
      this.forget(); // reload: we cannot know whether the batch committed
      return fail(503, "UNAVAILABLE", "The table could not be saved just now; reload and try again.");
    }
    if (!written.ok) {
      // D1 is not at this version (a restore set it back, or another writer moved it on): take
      // D1's word for it now, and show every socket where the table is.
      await this.reload(table);
      return fail(409, "STALE_VERSION", "The table has moved on; nothing was applied.");
    }
    const next: TableRecord = { ...table, version: table.version + 1, state: result.state };
    this.table = next;
    if (next.live?.proposal) {
      next.live.proposal = null; // a proposal to end lapses with the next move
      await this.ctx.storage.delete(KEYS.proposal);
    }
    // Archive the record in the alarm, after the answer (worker/table/archive.ts).
    if (next.state.phase === "over") await this.ctx.storage.setAlarm(Date.now());
    await this.clock.sync(next);
    if (next.state.phase === "over") await mayReveal(this.env, next); // the broadcast below shows it
    broadcast(this.sockets(), next);
    await this.lastSeen.mark(LastSeen.watching(this.sockets()), next.version);
    return { ok: true, table: next, rowsWritten: written.rowsWritten };
  }

  /** The game ends here as it stands (`end`): stored first, then no proposal and no clock. */
  async endGame(table: TableRecord, end: TableEnd): Promise<Failure | null> {
    if (!(await setEnded(this.db(table.id), table.id, table.version, end))) {
      this.forget();
      return fail(409, "STALE_VERSION", "The table has moved on; nothing was ended.");
    }
    table.ended = end;
    if (table.live) table.live.proposal = null;
    await this.ctx.storage.delete(KEYS.proposal);
    await this.clock.sync(table); // no decision is awaited any more
    await this.ctx.storage.setAlarm(Date.now()); // its record to R2, as a game played to its end
    return null;
  }
}
