// The table resource (shared/API.md): create a table, read a seat's view, act, ask for a hint,
// and keep a view live (a WebSocket with back-off, polling with If-None-Match while it is down).
// The shapes are the server's own types (type-only imports, erased from the bundle).
import type { InferInput } from "valibot";
import type { BotLevel } from "../../../worker/bots";
import type { Action } from "../../../worker/engine";
import type { CreateTableSchema, CreatedTable } from "../../../worker/api/schemas";
import type { MoveHintResult } from "../../../worker/table/room";
import type { ApiView } from "../../../worker/table/view";
import { ApiError, post, request } from "./request";
import { applyChanges, type ViewChanges } from "./view-changes";

/** What a seat sees: the engine's view plus the table's id, version, names, clock and hint switch. */
export type TableView = ApiView;

/** A suggestion for the seat to act (GET /api/tables/:id/hint); the player still acts. */
export type TableHint = Omit<Extract<MoveHintResult, { ok: true }>, "ok">;

export type { BotLevel };

export type NewTable = InferInput<typeof CreateTableSchema>;

/** A table just created: bots' seats have no token and no link. */
export type { CreatedTable };

const base = (id: string) => `/api/tables/${encodeURIComponent(id)}`;

/** With `playerKey`, the creator's seat (`you`) and the host link are kept by that player. */
export const create = (req: NewTable, playerKey?: string | null): Promise<CreatedTable> => post<CreatedTable>("/api/tables", req, playerKey);

/** Read the view; null when it has not changed since `etag`. */
export async function read(id: string, token: string, etag?: string | null): Promise<{ view: TableView | null; etag: string | null }> {
  const r = await request<TableView>(base(id), { headers: etag ? { "If-None-Match": etag } : {} }, token);
  return { view: r.body, etag: r.etag };
}

/** The read public/first-read.js starts before the app's code has loaded (the view, once it is in). */
export interface FirstRead {
  id: string;
  token: string;
  done: Promise<{ view: TableView; etag: string | null } | null>;
  settled: { view: TableView; etag: string | null } | null;
}

declare global {
  interface Window {
    __muliFirstRead?: FirstRead;
    /** Set when the app starts: an early read that comes later would be for nobody. */
    __muliStarted?: boolean;
  }
}

/** The early read's view if it is in and is this table's for this token; asked once (a later visit reads anew). */
function takeFirstRead(id: string, token: string): { view: TableView; etag: string | null } | null {
  const f = window.__muliFirstRead;
  if (!f || f.id !== id || f.token !== token) return null;
  delete window.__muliFirstRead;
  return f.settled;
}

export const act = (id: string, token: string, version: number, action: Action): Promise<TableView> => post<TableView>(`${base(id)}/actions`, { version, action }, token);

export const hint = async (id: string, token: string): Promise<TableHint> => (await request<TableHint>(`${base(id)}/hint`, {}, token)).body!;

/** "offline": the browser says it has no network; "reconnecting": the socket dropped, polls go on. */
export type LinkStatus = "connecting" | "live" | "reconnecting" | "offline";

export interface Live {
  close(): void;
  /** Read the view now (after a stale version, or when the page becomes visible). */
  refresh(): Promise<void>;
  /** A request failed for want of a network while the socket looked open: do not trust it, connect anew. */
  reconnect(): void;
}

const POLL_MS = 5_000;
/** Even with a socket that looks open, check now and then: a phone's socket can die silently. */
const SAFETY_POLL_MS = 60_000;
const MAX_BACKOFF_MS = 30_000;

/**
 * Keep a view up to date: a WebSocket, reconnected with exponential back-off; while it is down,
 * poll with If-None-Match. Views are handed over in any order; the caller keeps the newest.
 */
export function connect(
  id: string,
  token: string,
  onView: (v: TableView) => void,
  onStatus: (s: LinkStatus) => void,
  onError: (e: ApiError) => void,
  /** Other socket messages (the table's chat: api/chat.ts). */
  onOther?: (msg: { type: string }) => void,
): Live {
  let ws: WebSocket | null = null;
  let closed = false;
  let attempt = 0;
  let etag: string | null = null;
  let reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  let pollTimer: ReturnType<typeof setInterval> | undefined;

  const refresh = async () => {
    try {
      const r = await read(id, token, etag);
      if (r.etag) etag = r.etag;
      if (r.view && !closed) onView(r.view);
    } catch (e) {
      if (!closed) onError(e as ApiError);
    }
  };
  const startPolling = () => {
    clearInterval(pollTimer);
    pollTimer = setInterval(refresh, POLL_MS);
  };
  const stopPolling = () => {
    clearInterval(pollTimer);
    pollTimer = setInterval(refresh, SAFETY_POLL_MS);
  };

  const open = () => {
    if (closed) return;
    if (typeof WebSocket === "undefined") return startPolling();
    const url = new URL(`${base(id)}/ws`, location.href);
    url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
    // The token goes in the first message, never in the URL (URLs end up in request logs).
    const sock = new WebSocket(url);
    ws = sock;
    // What this socket last told us, whole or changed: the base its next changes apply to.
    let held: TableView | null = null;
    sock.onopen = () => {
      // Changes instead of whole views after the first (api/view-changes.ts).
      sock.send(JSON.stringify({ type: "auth", token, changes: true }));
      attempt = 0;
      stopPolling();
      onStatus("live");
    };
    sock.onmessage = (ev) => {
      let msg: { type?: string; view?: TableView; error?: { code: string; message: string } };
      try {
        msg = JSON.parse(String(ev.data));
      } catch {
        return;
      }
      if (msg.type === "view" && msg.view) onView((held = msg.view));
      else if (msg.type === "changes") {
        const next = applyChanges(held, msg as unknown as ViewChanges);
        if (next) return onView((held = next));
        // A gap or changes that do not fit: read the whole view, and a new socket starts whole.
        held = null;
        void refresh();
        if (ws === sock) resync();
      } else if (msg.type === "error" && msg.error) onError(new ApiError(400, msg.error.code, msg.error.message));
      else if (typeof msg.type === "string") onOther?.(msg as { type: string });
    };
    sock.onclose = () => {
      if (ws !== sock || closed) return;
      ws = null;
      onStatus(navigator.onLine === false ? "offline" : "reconnecting");
      startPolling();
      void refresh();
      // Back-off with jitter so that a restarting server is not hit by every table at once.
      const delay = Math.min(MAX_BACKOFF_MS, 1000 * 2 ** attempt) * (0.75 + Math.random() * 0.5);
      attempt++;
      reconnectTimer = setTimeout(open, delay);
    };
  };

  const onVisible = () => {
    if (document.visibilityState !== "visible" || closed) return;
    void refresh();
    if (!ws) {
      clearTimeout(reconnectTimer);
      attempt = 0;
      open();
    }
  };
  document.addEventListener("visibilitychange", onVisible);
  // A socket can look open for a long while after the network went: believe the browser, drop
  // the socket and say "offline"; when the network is back, connect again at once.
  // Close the socket without its onclose (which would schedule a reconnect) and poll meanwhile.
  const dropSocket = () => {
    const sock = ws;
    ws = null;
    if (sock) {
      sock.onclose = null;
      sock.close();
    }
    clearTimeout(reconnectTimer);
    startPolling();
  };
  /** Drop the socket and open a new one at once (its first message is the whole view). */
  const resync = () => {
    dropSocket();
    stopPolling();
    open();
  };
  const onOffline = () => {
    if (closed) return;
    dropSocket();
    onStatus("offline");
  };
  const onOnline = () => {
    if (closed) return;
    clearTimeout(reconnectTimer);
    attempt = 0;
    onStatus("reconnecting");
    void refresh();
    if (!ws) open();
  };
  window.addEventListener("offline", onOffline);
  window.addEventListener("online", onOnline);

  onStatus(navigator.onLine === false ? "offline" : "connecting");
  // The view read before the code had loaded is drawn at once; the read below then only confirms it (304).
  const first = takeFirstRead(id, token);
  if (first) {
    etag = first.etag;
    onView(first.view);
  }
  void refresh();
  open();

  return {
    refresh,
    reconnect() {
      if (closed) return;
      dropSocket();
      onStatus(navigator.onLine === false ? "offline" : "reconnecting");
      if (navigator.onLine !== false) open();
    },
    close() {
      closed = true;
      clearTimeout(reconnectTimer);
      clearInterval(pollTimer);
      document.removeEventListener("visibilitychange", onVisible);
      window.removeEventListener("offline", onOffline);
      window.removeEventListener("online", onOnline);
      ws?.close();
    },
  };
}
