// WebSocket plumbing for the hibernation API: each socket carries its seat and the hash of the
// token that opened it as an attachment (it survives hibernation), every change pushes each socket
// its own seat's view (or, to a socket that takes changes, what changed in it: view-changes.ts),
// and a socket whose token no longer opens its seat is closed.
import * as v from "valibot";
import type { Failure } from "../base/failure";
import { MAX_BODY_BYTES, issueMessage } from "../base/input";
import { sameHash } from "../base/secrets";
import type { Action } from "../engine";
import { SocketMessageSchema } from "./messages";
import type { TableRecord } from "./model";
import { changesMessage, type SentView } from "./view-changes";
import { viewEntry, viewJson, withSeen } from "./view";

/**
 * A socket's attachment. `seat` is null (and `tokenHash` empty) until the socket's first message
 * has named a token that opens a seat: tokens never travel in the socket's URL, which ends up in
 * request logs.
 */
export interface SocketInfo {
  seat: number | null;
  /** The hash of the token the socket named. */
  tokenHash: string;
  /** When it connected (ms): the oldest sockets of a seat go first when it has too many. */
  since: number;
  /** It takes changes instead of whole views (its auth message asked for them). */
  changes?: boolean;
}

/**
 * Each socket's attachment as last written or read, so that it is deserialised once per socket
 * and wake-up, not on every look (a change looks at every socket three times). In memory only:
 * after hibernation the attachment is read again.
 */
const infos = new WeakMap<WebSocket, SocketInfo | null>();

export function socketInfo(ws: WebSocket): SocketInfo | null {
  const known = infos.get(ws);
  if (known !== undefined) return known;
  const info = ws.deserializeAttachment() as Partial<SocketInfo> | null;
  const read = !info || !(typeof info.seat === "number" || info.seat === null) || typeof info.tokenHash !== "string" ? null : { seat: info.seat, tokenHash: info.tokenHash, since: info.since ?? 0, changes: info.changes === true };
  infos.set(ws, read);
  return read;
}

/** Write a socket's attachment (it survives hibernation). */
export function setSocketInfo(ws: WebSocket, info: SocketInfo): void {
  ws.serializeAttachment(info);
  infos.set(ws, { ...info, changes: info.changes === true });
}

/** Whether the token the socket named still opens its seat (a seat may be given away). */
export function socketOpens(table: TableRecord, info: SocketInfo): boolean {
  if (info.seat === null) return false;
  const hash = table.seats[info.seat]?.tokenHash;
  return hash != null && sameHash(hash, info.tokenHash);
}

/** Open sockets per seat (a phone, a laptop, a few tabs); a new one closes the oldest beyond it. */
export const MAX_SOCKETS_PER_SEAT = 4;
/** Sockets that have not said who they are yet, per table. */
export const MAX_PENDING_SOCKETS = 16;
/** How long a socket may stay without naming its seat. */
export const AUTH_WINDOW_MS = 10_000;

/** Close a socket without ever throwing. */
export function closeSocket(ws: WebSocket, code: number, reason: string): void {
  try {
    ws.close(code, reason);
  } catch {
    // already closed
  }
}

/** Sockets beyond `keep` (oldest first) among `sockets`. */
export function oldestBeyond(sockets: WebSocket[], keep: number): WebSocket[] {
  const sorted = sockets.map((ws) => ({ ws, since: socketInfo(ws)?.since ?? 0 })).sort((a, b) => a.since - b.since);
  return sorted.slice(0, Math.max(0, sorted.length - keep)).map((x) => x.ws);
}

/** Send without ever throwing: a socket may close at any moment. */
export const send = (ws: WebSocket, message: unknown): void => sendText(ws, JSON.stringify(message));

/**
 * The same for a message already in JSON text. A socket that cannot take it is closed (1011, as
 * partyserver does): kept, it would miss this view and show a stale table without knowing; closed,
 * its client reconnects and gets a fresh view.
 */
export function sendText(ws: WebSocket, text: string): void {
  try {
    ws.send(text);
  } catch {
    closeSocket(ws, 1011, "A message could not be sent; reconnect.");
  }
}

export const sendError = (ws: WebSocket, f: Pick<Failure, "code" | "message">): void =>
  send(ws, { type: "error", error: { code: f.code, message: f.message } });

/** A socket message read as an action, or the INVALID_ACTION to answer. */
export function parseSocketMessage(message: string | ArrayBuffer): { ok: true; version: number; action: Action } | { ok: false; code: string; message: string } {
  if (typeof message !== "string" || message.length > MAX_BODY_BYTES) {
    return { ok: false, code: "INVALID_ACTION", message: "Messages are JSON text of at most 8 KB." };
  }
  let data: unknown;
  try {
    data = JSON.parse(message);
  } catch {
    return { ok: false, code: "INVALID_ACTION", message: "That message is not valid JSON." };
  }
  const parsed = v.safeParse(SocketMessageSchema, data);
  if (!parsed.success) return { ok: false, code: "INVALID_ACTION", message: issueMessage(parsed.issues) };
  return { ok: true, version: parsed.output.version, action: parsed.output.action as Action };
}

/** The socket message carrying a seat's view (its JSON text made once per change, view.ts). */
export const viewMessage = (table: TableRecord, seat: number, seen?: number): string =>
  `{"type":"view","view":${seen === undefined ? viewJson(table, seat) : withSeen(viewJson(table, seat), seen)}}`;

/**
 * What each socket that takes changes was last sent. In memory only: after the object was evicted
 * or hibernated a socket has no entry, and its next push is the whole view again.
 */
const lastSent = new WeakMap<WebSocket, SentView>();

/** Remember what a socket that takes changes was just sent whole. */
export function sentWhole(ws: WebSocket, view: SentView): void {
  lastSent.set(ws, view);
}

/**
 * Push every connected seat its own view of `table` (made once per seat), or to a socket that
 * takes changes, the fields that changed since its last view (made once per seat and base).
 */
export function broadcast(sockets: WebSocket[], table: TableRecord): void {
  const views = new Map<number, string>();
  const now = new Map<number, SentView>();
  const changes = new Map<SentView, string | null>();
  for (const ws of sockets) {
    const info = socketInfo(ws);
    if (info?.seat === null) continue; // not yet told who it is: it hears nothing
    if (!info || !socketOpens(table, info)) {
      closeSocket(ws, 4003, "This seat was given to someone else.");
      continue;
    }
    const seat = info.seat!;
    let msg: string | null | undefined;
    if (info.changes) {
      let next = now.get(seat);
      if (!next) now.set(seat, (next = { version: table.version, parts: viewEntry(table, seat).parts }));
      const base = lastSent.get(ws);
      lastSent.set(ws, next);
      if (base) {
        msg = changes.get(base);
        if (msg === undefined) changes.set(base, (msg = changesMessage(base, next)));
        if (msg === null) continue; // nothing of this seat's view changed
      }
    }
    if (msg == null) {
      msg = views.get(seat);
      if (msg === undefined) {
        msg = viewMessage(table, seat);
        views.set(seat, msg);
      }
    }
    sendText(ws, msg);
  }
}
