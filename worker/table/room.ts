// One Durable Object per table, made by name (the table id, see stub.ts). It caches the table
// loaded from D1 and runs every entry point that decides who a seat is, and every change, through
// one queue; it answers only after the D1 batch has committed, pushes views to sockets and lets
// bot seats play (via the alarm, which is durable: after a restart the bots carry on). This class
// is the door only: what the entry points share is room-core.ts, the entry points live by concept
// (play, lifecycle, host, pool, sockets, alarm) in room-*.ts.
import { DurableObject } from "cloudflare:workers";
import { useClock } from "../base/clock";
import type { Action } from "../engine";
import type { Env } from "../base/env";
import type { TableOptions } from "../deadlines/options";
import type { ChatRequest } from "./chat";
import type { SeatRecord, TableEnd, TableRecord } from "./model";
import { alarm } from "./room-alarm";
import { RoomCore } from "./room-core";
import { hostSeat, hostSeats, playersChanged, replaceSeat, setClock, takeOverSeat } from "./room-host";
import { declineEnd, endByLeague, leave, proposeEnd, rematch, start } from "./room-lifecycle";
import { chat, readAnalysis, readMoveHint, readRecord, readStory, readView, submitAction } from "./room-play";
import { moveTo } from "./room-move";
import { poolFinished } from "./room-pool";
import { socketMessage, upgrade } from "./room-sockets";

export type { MoveHintResult, ViewResult } from "./room-play";

export class TableRoom extends DurableObject<Env> {
  private readonly core: RoomCore;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    useClock(env); // the object may run in an isolate the Worker's entry has not configured
    this.core = new RoomCore(ctx, env);
    // Keep-alive pings are answered without waking the object from hibernation.
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair('{"type":"ping"}', '{"type":"pong"}'));
  }

  /** A new table (its id the name of this object): stored in D1, its clock and bots started. */
  start(table: TableRecord) {
    return start(this.core, table);
  }

  // Play (room-play.ts).
  readView(tokenHash: string, known: string[]) {
    return readView(this.core, tokenHash, known);
  }
  readStory(tokenHash: string, from: number) {
    return readStory(this.core, tokenHash, from);
  }
  readMoveHint(tokenHash: string) {
    return readMoveHint(this.core, tokenHash);
  }
  readRecord(tokenHash: string) {
    return readRecord(this.core, tokenHash);
  }
  readAnalysis(tokenHash: string) {
    return readAnalysis(this.core, tokenHash);
  }
  submitAction(tokenHash: string, version: number, action: Action) {
    return submitAction(this.core, tokenHash, version, action);
  }
  chat(keyHash: string, req: ChatRequest) {
    return chat(this.core, keyHash, req);
  }

  // How a game ends and begins again (room-lifecycle.ts).
  leave(tokenHash: string) {
    return leave(this.core, tokenHash);
  }
  rematch(tokenHash: string, origin: string) {
    return rematch(this.core, tokenHash, origin);
  }
  endByLeague(outcome: TableEnd["outcome"]) {
    return endByLeague(this.core, outcome);
  }
  proposeEnd(tokenHash: string, outcome: TableEnd["outcome"]) {
    return proposeEnd(this.core, tokenHash, outcome);
  }
  declineEnd(tokenHash: string) {
    return declineEnd(this.core, tokenHash);
  }

  // Seats and clock changed from outside the table (room-host.ts).
  setClock(clock: { decisionMs: number | null; onTimeout: TableOptions["onTimeout"] }) {
    return setClock(this.core, clock);
  }
  replaceSeat(seat: SeatRecord) {
    return replaceSeat(this.core, seat);
  }
  takeOverSeat(seat: SeatRecord, from?: string) {
    return takeOverSeat(this.core, seat, from);
  }
  hostSeats() {
    return hostSeats(this.core);
  }
  hostSeat(seatNo: number, change: { tokenHash: string; name?: string } | { bot: string }) {
    return hostSeat(this.core, seatNo, change);
  }
  /** A linked player's settings, seats or vacation changed (players API). */
  playersChanged() {
    return playersChanged(this.core);
  }
  /** The last version this seat had in front of it (worker/notify/escalation.ts: who looked needs no second message). */
  seenVersion(seat: number): Promise<number> {
    return this.core.lastSeen.get(seat);
  }

  /** Every table of this table's duplicate pool has finished (room-pool.ts). */
  poolFinished() {
    return poolFinished(this.core);
  }

  /** Copy this table to `target`, the database its slot is moving to (room-move.ts). */
  moveTo(target: string) {
    return moveTo(this.core, target);
  }

  override alarm(): Promise<void> {
    return alarm(this.core);
  }

  override fetch(): Promise<Response> {
    return upgrade(this.core);
  }

  override webSocketMessage(ws: WebSocket, message: string | ArrayBuffer): Promise<void> {
    return socketMessage(this.core, ws, message);
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
