// One Durable Object per table. It caches the table loaded from D1, runs every change through
// one queue (so actions of a table never interleave, even while awaiting D1), answers only after
// the D1 batch has committed, pushes views to sockets and lets bot seats play (via the alarm,
// which is durable: after a restart the bots carry on).
import { DurableObject } from "cloudflare:workers";
import * as v from "valibot";
import { applyAction, viewFor, type Action } from "../engine";
import { hint } from "../bots/hint";
import { hintsAllowed } from "../deadlines/options";
import type { Env } from "../api/env";
import { fail, type Failure } from "../api/errors";
import { MAX_BODY_BYTES, SocketMessageSchema, issueMessage } from "../api/schemas";
import { botAction, botToAct } from "./autoplay";
import { broadcast, send, sendError, socketInfo } from "./sockets";
import { appendAction, insertTable, loadTable, updateSeat, type SeatRecord, type TableRecord } from "./store";
import { seatForHash } from "./tokens";
import { apiView, type ApiView } from "./view";
import { TableClock } from "../deadlines/table-clock";
import { loadLog, recordOf } from "./record";
import { tableDatabase } from "../db/placement";
import type { GameRecord } from "../engine";

/** `view` is null when the caller already has this version (HTTP 304). */
export type ViewResult = { ok: true; version: number; view: ApiView | null; rowsWritten?: number } | Failure;

/** A suggestion for the seat to act (GET /api/tables/:id/hint). */
export type HintResult = { ok: true; version: number; action: Action; code: string; reason: { de: string; en: string } } | Failure;

type Committed = { ok: true; table: TableRecord; rowsWritten: number } | Failure;

const NOT_FOUND = fail(404, "NOT_FOUND", "There is no such table.");
const UNAUTHORIZED = fail(401, "UNAUTHORIZED", "This token does not open a seat at this table.");
/** Bot moves per alarm run before handing the object back to other work. */
const BOT_STEPS_PER_RUN = 40;

export class TableRoom extends DurableObject<Env> {
  /** undefined: not loaded yet; null: no such table in D1. */
  private table: TableRecord | null | undefined;
  private loading: Promise<TableRecord | null> | undefined;
  private queue: Promise<unknown> = Promise.resolve();
  /** Correspondence play: decision clocks, reminders, takeovers (worker/deadlines). */
  private readonly clock: TableClock;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.clock = new TableClock(ctx, env);
    // Keep-alive pings are answered without waking the object from hibernation.
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair('{"type":"ping"}', '{"type":"pong"}'));
  }

  /** Run `fn` after every change queued before it (our own lock: D1 awaits let other events in). */
  private serial<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.queue.then(fn, fn);
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async load(id: string): Promise<TableRecord | null> {
    if (this.table !== undefined && (this.table === null || this.table.id === id)) return this.table;
    this.loading ??= loadTable(tableDatabase(this.env, id), id)
      .then(async (t) => (t && (await this.clock.attach(t)), t))
      .finally(() => (this.loading = undefined));
    const table = await this.loading;
    if (this.table === undefined) {
      this.table = table;
      if (table) await this.wakeBots(table);
    }
    return this.table ?? null;
  }

  private async wakeBots(table: TableRecord): Promise<void> {
    if (botToAct(table) === null) return;
    await this.ctx.storage.put("id", table.id);
    await this.ctx.storage.setAlarm(Date.now());
  }

  async createTable(table: TableRecord): Promise<{ ok: true } | Failure> {
    return this.serial(async () => {
      await insertTable(tableDatabase(this.env, table.id), table);
      await this.clock.attach(table);
      this.table = table;
      await this.wakeBots(table);
      return { ok: true as const };
    });
  }

  async readView(id: string, tokenHash: string, knownVersion: number | null): Promise<ViewResult> {
    const table = await this.load(id);
    if (!table) return NOT_FOUND;
    const seat = seatForHash(table.seats.map((s) => s.tokenHash), tokenHash);
    if (seat === null) return UNAUTHORIZED;
    await this.clock.present(table, seat);
    if (knownVersion === table.version) return { ok: true, version: table.version, view: null };
    return { ok: true, version: table.version, view: apiView(table, seat) };
  }

  /**
   * A suggestion for this seat, from its own view only (never the state: the hint must not know
   * more than the player). Read-only: no version, no row, no clock change.
   */
  async readHint(id: string, tokenHash: string): Promise<HintResult> {
    const table = await this.load(id);
    if (!table) return NOT_FOUND;
    const seat = seatForHash(table.seats.map((s) => s.tokenHash), tokenHash);
    if (seat === null) return UNAUTHORIZED;
    if (!hintsAllowed(table.live)) return fail(403, "HINTS_OFF", "Hints are switched off at this table.");
    // The engine's codes for an action at the wrong time, with the status of a read that does not fit now.
    if (table.state.phase === "over") return fail(409, "WRONG_PHASE", "The game is over.");
    if (!table.state.toAct.includes(seat)) return fail(409, "NOT_YOUR_TURN", "It is not your turn.");
    let h: ReturnType<typeof hint>;
    try {
      h = hint(viewFor(table.state, seat), table.state.rules);
    } catch (e) {
      console.error("hint threw", table.id, seat, e);
      h = null;
    }
    if (!h) return fail(500, "INTERNAL", "No suggestion could be worked out this time; play on your own.");
    return { ok: true, version: table.version, action: h.action, code: h.code, reason: h.reason };
  }

  /** The whole game (muli-record/1) for a seat, once it is over: before then it would show every hand. */
  async readRecord(id: string, tokenHash: string): Promise<{ ok: true; record: GameRecord } | Failure> {
    const table = await this.load(id);
    if (!table) return NOT_FOUND;
    if (seatForHash(table.seats.map((s) => s.tokenHash), tokenHash) === null) return UNAUTHORIZED;
    if (table.state.phase !== "over") return fail(409, "WRONG_PHASE", "The record is there once the game is over.");
    return recordOf(table, await loadLog(tableDatabase(this.env, id), id));
  }

  async submitAction(id: string, tokenHash: string, version: number, action: Action): Promise<ViewResult> {
    return this.serial(async () => {
      const table = await this.load(id);
      if (!table) return NOT_FOUND;
      const seat = seatForHash(table.seats.map((s) => s.tokenHash), tokenHash);
      if (seat === null) return UNAUTHORIZED;
      await this.clock.present(table, seat);
      return this.act(table, seat, version, action);
    });
  }

  /** A seat's action: version check, engine, D1, sockets, then the bots' turn if it is theirs. */
  private async act(table: TableRecord, seat: number, version: number, action: Action): Promise<ViewResult> {
    if (version !== table.version) {
      return fail(409, "STALE_VERSION", `The table is at version ${table.version}, not ${version}; nothing was applied.`);
    }
    const done = await this.commit(table, seat, action);
    if (!done.ok) return done;
    await this.wakeBots(done.table);
    return { ok: true, version: done.table.version, view: apiView(done.table, seat), rowsWritten: done.rowsWritten };
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
    await this.clock.sync(next);
    broadcast(this.ctx.getWebSockets(), next);
    return { ok: true, table: next, rowsWritten: written.rowsWritten };
  }

  override async alarm(): Promise<void> {
    const id = this.table?.id ?? (await this.ctx.storage.get<string>("id"));
    if (!id) return;
    try {
      await this.serial(async () => {
        for (let step = 0; step < BOT_STEPS_PER_RUN; step++) {
          const table = await this.load(id);
          const seat = table ? botToAct(table) : null;
          if (!table || seat === null) return;
          const done = await this.commit(table, seat, await botAction(table, seat));
          if (!done.ok) throw new Error(`bot move not saved: ${done.code}`);
        }
        await this.ctx.storage.setAlarm(Date.now()); // more to play: continue in a fresh run
      });
      // Deadlines, reminders, forced moves; a timed move may hand the turn to a bot.
      const moved = await this.serial(async () => {
        const table = await this.load(id);
        return table ? this.clock.tick(table, (seat, action) => this.commit(table, seat, action)) : false;
      });
      if (moved) await this.ctx.storage.setAlarm(Date.now());
    } catch (e) {
      console.error("bot turn failed; retrying soon", id, e);
      await this.ctx.storage.setAlarm(Date.now() + 2000);
    }
  }

  /**
   * A league gave a seat to someone else (worker/leagues): saved, the old holder's sockets closed
   * (their token no longer opens it), the clock told, a bot woken if it is now its turn.
   */
  async replaceSeat(id: string, seat: SeatRecord): Promise<{ ok: true } | Failure> {
    return this.serial(async () => {
      const table = await this.load(id);
      if (!table) return NOT_FOUND;
      if (!table.seats[seat.seat]) return fail(404, "NOT_FOUND", "There is no such seat.");
      await updateSeat(tableDatabase(this.env, id), id, seat);
      table.seats = table.seats.map((s) => (s.seat === seat.seat ? seat : s));
      for (const ws of this.ctx.getWebSockets(`seat:${seat.seat}`)) ws.close(4003, "This seat was given to someone else.");
      await this.clock.refresh(table);
      await this.wakeBots(table);
      return { ok: true as const };
    });
  }

  /** A linked player's settings, seats or vacation changed (players API). */
  async playersChanged(id: string): Promise<void> {
    await this.serial(async () => {
      const table = await this.load(id);
      if (table) await this.clock.refresh(table);
    });
  }

  /** WebSocket upgrade, forwarded by the Worker with the token's hash; the seat is decided here. */
  override async fetch(req: Request): Promise<Response> {
    const id = req.headers.get("X-Table-Id") ?? "";
    const table = await this.load(id);
    if (!table) return Response.json({ error: { code: NOT_FOUND.code, message: NOT_FOUND.message } }, { status: 404 });
    const seat = seatForHash(table.seats.map((s) => s.tokenHash), req.headers.get("X-Token-Hash") ?? "");
    if (seat === null) return Response.json({ error: { code: UNAUTHORIZED.code, message: UNAUTHORIZED.message } }, { status: 401 });
    await this.clock.present(table, seat);
    const [client, server] = Object.values(new WebSocketPair());
    this.ctx.acceptWebSocket(server, [`seat:${seat}`]);
    server.serializeAttachment({ id, seat });
    send(server, { type: "view", view: apiView(table, seat) });
    return new Response(null, { status: 101, webSocket: client });
  }

  override async webSocketMessage(ws: WebSocket, message: string | ArrayBuffer): Promise<void> {
    try {
      const info = socketInfo(ws);
      if (!info) return sendError(ws, UNAUTHORIZED);
      if (typeof message !== "string" || message.length > MAX_BODY_BYTES) {
        return sendError(ws, { code: "INVALID_ACTION", message: "Messages are JSON text of at most 8 KB." });
      }
      let data: unknown;
      try {
        data = JSON.parse(message);
      } catch {
        return sendError(ws, { code: "INVALID_ACTION", message: "That message is not valid JSON." });
      }
      const parsed = v.safeParse(SocketMessageSchema, data);
      if (!parsed.success) return sendError(ws, { code: "INVALID_ACTION", message: issueMessage(parsed.issues) });
      const table = await this.load(info.id);
      const hash = table?.seats[info.seat]?.tokenHash;
      if (hash && !(await this.env.RL_TOKEN.limit({ key: hash })).success) {
        return sendError(ws, { code: "RATE_LIMITED", message: "Too many requests; slow down a little." });
      }
      const result = await this.serial(async () => {
        const current = await this.load(info.id);
        return current ? this.act(current, info.seat, parsed.output.version, parsed.output.action) : NOT_FOUND;
      });
      // On success every socket, this one included, has already been sent its new view.
      if (!result.ok) sendError(ws, result);
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
