// WebSocket plumbing for the hibernation API: each socket carries its table id and seat as an
// attachment (it survives hibernation), and every change pushes each socket its own seat's view.
import type { Failure } from "../base/failure";
import { apiView } from "./view";
import type { TableRecord } from "./record";

export interface SocketInfo {
  id: string;
  seat: number;
}

export const socketInfo = (ws: WebSocket): SocketInfo | null => (ws.deserializeAttachment() as SocketInfo | null) ?? null;

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
    if (!info || info.id !== table.id) continue;
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
