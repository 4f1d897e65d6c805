// A seat at play: its view, the story so far, a hint, its actions, table talk, and once the game
// is over its record and analysis (each in the object's queue: room-core.ts).
import type { Action } from "../engine";
import { fail, type Failure } from "../base/failure";
import { splitAction, story, type StoryItem } from "../engine";
import type { Analysis } from "../bots";
import { analysisFor } from "./analysis";
import { recordFor } from "./archive";
import { loadLog, type TableGameRecord } from "./game-record";
import { gameDone } from "./lifecycle";
import type { TableRecord } from "./model";
import { moveHintFor, type MoveHint } from "./move-hint";
import { ENDED, seatOf, type RoomCore } from "./room-core";
import { tableChat, type ChatRequest, type ChatResult } from "./chat";
import { socketInfo } from "./sockets";
import { viewText, withSeen } from "./view";

/** `json`, the view as JSON text (made once per change, view.ts), is null when the caller already holds `etag` (HTTP 304). */
export type ViewResult = { ok: true; version: number; etag: string; json: string | null; rowsWritten?: number } | Failure;

/** A suggestion for the seat to act (GET /api/tables/:id/hint). */
export type MoveHintResult = ({ ok: true; version: number } & MoveHint) | Failure;

/** The seat's view, or null as `view` when `known` holds its current ETag. */
export function readView(room: RoomCore, tokenHash: string, known: string[]): Promise<ViewResult> {
  return room.seated(tokenHash, async (table, seat) => {
    await room.clock.present(table, seat);
    await room.personArrived(table, seat);
    await room.revealable(table);
    const seenBefore = await room.lastSeen.get(seat);
    await room.lastSeen.mark([seat], table.version);
    // The tag is the table's view alone: `seen` marks this visit, it is no change of the table.
    const { json, etag } = await viewText(table, seat);
    return { ok: true as const, version: table.version, etag, json: known.includes(etag) ? null : withSeen(json, seenBefore) };
  });
}

/**
 * The public story of the game after version `from` (and of the whole current hand), for "since
 * you were here" and the bidding so far. Built from public facts only (worker/engine/story.ts).
 */
export function readStory(room: RoomCore, tokenHash: string, from: number): Promise<{ ok: true; version: number; handFrom: number; items: StoryItem[] } | Failure> {
  return room.seated(tokenHash, async (table) => {
    // A finished game's log lives in its record (archived to R2).
    const log = gameDone(table) ? await finishedLog(room, table) : await loadLog(room.db(table.id), table.id);
    if (!log) return fail(500, "INTERNAL", "This game's story could not be read.");
    const all = story({ v: table.state.v, rules: table.state.rules, seed: table.state.seed, actions: log }, 0);
    const start = Math.min(from, all.handFrom);
    return { ok: true as const, version: log.length, handFrom: all.handFrom, items: all.items.filter((i) => i.version > start) };
  });
}

async function finishedLog(room: RoomCore, table: TableRecord) {
  const r = await recordFor(room.env, table);
  return r.ok ? r.record.actions.map(splitAction) : null;
}

/** A suggestion for this seat (read-only: no version, no row, no clock change). */
export function readMoveHint(room: RoomCore, tokenHash: string): Promise<MoveHintResult> {
  return room.seated(tokenHash, async (table, seat) => {
    await room.personArrived(table, seat);
    if (table.ended) return fail(409, "WRONG_PHASE", ENDED);
    const h = moveHintFor(table, seat);
    return h.ok ? { ...h, version: table.version } : h;
  });
}

/**
 * What only a finished game may show (`what`: its record, its analysis), once its pool allows. A
 * game ended before its end (by agreement, by its league) is finished too: it has a record.
 */
async function overAndRevealable(room: RoomCore, table: TableRecord, what: string): Promise<Failure | null> {
  if (!gameDone(table)) return fail(409, "WRONG_PHASE", `The ${what} is there once the game is over.`);
  if (!(await room.revealable(table))) return fail(409, "POOL_RUNNING", `Other tables of this duplicate round are playing the same deals: the ${what} is there once every one has finished.`);
  return null;
}

/** The whole game (muli-record/1) for a seat, once it is over: before then it would show every hand. */
export function readRecord(room: RoomCore, tokenHash: string): Promise<{ ok: true; record: TableGameRecord } | Failure> {
  return room.seated(tokenHash, async (table) => (await overAndRevealable(room, table, "record")) ?? recordFor(room.env, table));
}

/** The analysis of a finished game (ANALYSIS_PENDING while the alarm still works it out in slices). */
export function readAnalysis(room: RoomCore, tokenHash: string): Promise<{ ok: true; analysis: Analysis } | Failure> {
  return room.seated(tokenHash, async (table) => (await overAndRevealable(room, table, "analysis")) ?? analysisFor(room.env, room.ctx.storage, table));
}

export function submitAction(room: RoomCore, tokenHash: string, version: number, action: Action): Promise<ViewResult> {
  return room.seated(tokenHash, async (table, seat) => {
    await room.clock.present(table, seat);
    await room.personArrived(table, seat);
    const done = await room.act(table, seat, version, action);
    if (!done.ok) return done;
    // The same text the sockets were just sent (view.ts): not made a second time.
    const { json, etag } = await viewText(done.table, seat);
    return { ok: true as const, version: done.table.version, etag, json, rowsWritten: done.rowsWritten };
  });
}

/** Table talk (worker/chat): the seat is decided here; a moderator may also come with another key. */
export function chat(room: RoomCore, keyHash: string, req: ChatRequest): Promise<ChatResult> {
  return room.withTable(async (table) => {
    // Only sockets that have named their seat hear the talk ("seat:n": that seat's sockets).
    const sockets = (tag?: string) => (tag?.startsWith("seat:") ? room.socketsOf(Number(tag.slice(5))) : room.sockets().filter((ws) => socketInfo(ws)?.seat != null));
    return tableChat({ env: room.env, sockets }, table, seatOf(table, keyHash), keyHash, req);
  });
}
