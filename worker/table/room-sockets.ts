// The table's WebSockets (hibernation API; plumbing in sockets.ts): the upgrade, a socket naming
// its seat in its first message, and its actions, each in the object's queue (room-core.ts).
import { logEvent } from "../base/log";
import * as v from "valibot";
import { errorResponse } from "../base/failure";
import { hashToken } from "../base/secrets";
import { withinTokenLimit } from "../base/token-limit";
import { SocketAuthSchema } from "./messages";
import { GIVEN_AWAY, NOT_FOUND, RATE_LIMITED, UNAUTHORIZED, seatOf, type RoomCore } from "./room-core";
import { AUTH_WINDOW_MS, MAX_PENDING_SOCKETS, MAX_SOCKETS_PER_SEAT, closeSocket, oldestBeyond, parseSocketMessage, sendError, sendText, sentWhole, setSocketInfo, socketInfo, socketOpens, viewMessage } from "./sockets";
import { viewEntry } from "./view";
import { withSeenPart } from "./view-changes";

/**
 * WebSocket upgrade, forwarded by the Worker. The socket says who it is in its first message
 * (`{"type":"auth","token"}`), so no token is ever part of a URL. Sockets that have not done so
 * within AUTH_WINDOW_MS, or beyond MAX_PENDING_SOCKETS, are closed as the next one arrives.
 */
export function upgrade(room: RoomCore): Promise<Response> {
  return room.serial(async () => {
    const table = await room.load();
    if (!table) return errorResponse(NOT_FOUND);
    const now = Date.now();
    const pending = room.sockets().filter((ws) => socketInfo(ws)?.seat === null);
    for (const ws of pending) if (now - (socketInfo(ws)?.since ?? 0) > AUTH_WINDOW_MS) closeSocket(ws, 4001, "No seat token was sent.");
    for (const ws of oldestBeyond(pending, MAX_PENDING_SOCKETS - 1)) closeSocket(ws, 4001, "No seat token was sent.");
    const [client, server] = Object.values(new WebSocketPair());
    room.ctx.acceptWebSocket(server);
    setSocketInfo(server, { seat: null, tokenHash: "", since: now });
    return new Response(null, { status: 101, webSocket: client });
  });
}

/** A socket's first message: the token decides the seat; then the socket gets its view. */
async function authenticate(room: RoomCore, ws: WebSocket, message: string | ArrayBuffer): Promise<void> {
  let data: unknown = null;
  try {
    data = typeof message === "string" && message.length <= 1000 ? JSON.parse(message) : null;
  } catch {
    // refused below
  }
  const parsed = v.safeParse(SocketAuthSchema, data);
  const hash = parsed.success ? await hashToken(parsed.output.token) : "";
  if (parsed.success && !(await withinTokenLimit(room.env, hash))) {
    sendError(ws, RATE_LIMITED);
    return closeSocket(ws, 4029, "Too many requests.");
  }
  await room.serial(async () => {
    const table = parsed.success ? await room.load() : null;
    const seat = table ? seatOf(table, hash) : null;
    if (!table || seat === null) {
      sendError(ws, { code: UNAUTHORIZED.code, message: parsed.success ? UNAUTHORIZED.message : 'The first message must be {"type":"auth","token":"<seat token>"}.' });
      return closeSocket(ws, 4001, "This token does not open a seat at this table.");
    }
    await room.clock.present(table, seat);
    await room.personArrived(table, seat);
    // A seat keeps its newest few sockets: a reloaded tab must not leave old ones piling up.
    for (const old of oldestBeyond(room.socketsOf(seat), MAX_SOCKETS_PER_SEAT - 1)) closeSocket(old, 4008, "Too many connections for this seat.");
    await room.revealable(table); // before this socket counts: it is sent its view once, below
    const changes = parsed.success && parsed.output.changes === true;
    setSocketInfo(ws, { seat, tokenHash: hash, since: Date.now(), changes });
    const seenBefore = await room.lastSeen.get(seat);
    await room.lastSeen.mark([seat], table.version);
    sendText(ws, viewMessage(table, seat, seenBefore));
    if (changes) sentWhole(ws, { version: table.version, parts: withSeenPart(viewEntry(table, seat).parts, seenBefore) });
  });
}

/** A socket's message: its first names its seat, every later one is an action of that seat. */
export async function socketMessage(room: RoomCore, ws: WebSocket, message: string | ArrayBuffer): Promise<void> {
  try {
    const info = socketInfo(ws);
    if (!info) return sendError(ws, UNAUTHORIZED);
    if (info.seat === null) return await authenticate(room, ws, message);
    const seat = info.seat;
    // Every message counts against the seat's token, malformed ones too, before any parsing.
    if (!(await withinTokenLimit(room.env, info.tokenHash))) return sendError(ws, RATE_LIMITED);
    const parsed = parseSocketMessage(message);
    if (!parsed.ok) return sendError(ws, parsed);
    const result = await room.withTable(async (table) => {
      // The seat may have been given to someone else since the socket opened.
      if (!socketOpens(table, info)) {
        sendError(ws, UNAUTHORIZED);
        closeSocket(ws, 4003, GIVEN_AWAY);
        return null;
      }
      return room.act(table, seat, parsed.version, parsed.action);
    });
    // On success every socket, this one included, has already been sent its new view.
    if (result && !result.ok) sendError(ws, result);
  } catch (e) {
    logEvent("error", "table.socket_failed", { tableId: room.id }, e);
    sendError(ws, { code: "UNAVAILABLE", message: "Something went wrong; reload the table." });
  }
}
