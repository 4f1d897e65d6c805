// WebSocket plumbing for the hibernation API: each socket carries its table id and seat as an
// attachment (it survives hibernation), and every change pushes each socket its own seat's view.
import type { Failure } from "../api/errors";
import { apiView } from "./view";
import type { TableRecord } from "./store";

/**
 * A socket's attachment. `seat` is null until the socket's first message has named a token that
 * opens a seat (tokens never travel in the socket's URL, which ends up in request logs).
 */
export interface SocketInfo {
  id: string;
  seat: number | null;
  /** When it connected (ms): the oldest sockets of a seat go first when it has too many. */
  since: number;
}

export const socketInfo = (ws: WebSocket): SocketInfo | null => (ws.deserializeAttachment() as SocketInfo | null) ?? null;

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
export function send(ws: WebSocket, message: unknown): void {
  try {
    ws.send(JSON.stringify(message));
  } catch {
    // closed or closing; the client will reconnect and get a fresh view
  }
}

export const sendError = (ws: WebSocket, f: Pick<Failure, "code" | "message">): void =>
  send(ws, { type: "error", error: { code: f.code, message: f.message } });

/** Push every connected seat its own view of `table` (computed once per seat). */
export function broadcast(sockets: WebSocket[], table: TableRecord): void {
  const views = new Map<number, string>();
  for (const ws of sockets) {
    const info = socketInfo(ws);
    if (!info || info.id !== table.id || info.seat === null) continue;
    let msg = views.get(info.seat);
    if (msg === undefined) {
      msg = JSON.stringify({ type: "view", view: apiView(table, info.seat) });
      views.set(info.seat, msg);
    }
    try {
      ws.send(msg);
    } catch {
      // closed meanwhile
    }
  }
}
