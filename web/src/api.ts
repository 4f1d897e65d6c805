// The one client of the table API (shared/API.md): plain fetch for reads and actions, a WebSocket
// for live views, and polling with If-None-Match while the socket is down.
import type { Action, PlayerView, Rules, View } from "../../worker/engine/types";

export type { Action, Rules };

export interface Player extends PlayerView {
  name: string;
  bot?: string | null;
}

/** The view the server sends: the engine's View plus the table's id, version and names. */
export interface TableView extends Omit<View, "players"> {
  id: string;
  version: number;
  deadline: string | null;
  players: Player[];
  rules?: Rules;
  /** Whether this table allows hints (older servers leave it out: then it does not). */
  hints?: boolean;
  /** Correspondence marks: seats a bot stands in for after a timeout, seats on vacation. */
  clock?: { away: number[]; vacation: number[] } | null;
  /** Only in the first view of a visit: the version this seat had seen before ("since you were here"). */
  seen?: number;
}

/** A suggestion for the seat to act (GET /api/tables/:id/hint); the player still acts. */
export interface TableHint {
  version: number;
  action: Action;
  code: string;
  reason: { de: string; en: string };
}

export interface SeatLink {
  seat: number;
  name: string;
  bot: string | null;
  token?: string;
  link?: string;
}

export interface CreateRequest {
  rules: Record<string, unknown>;
  seats: { name: string; bot?: string }[];
  /** Whether seats may ask for hints (default on). */
  hints?: boolean;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** What to show for a failed call: the server's message, or whatever else went wrong. */
export const errorText = (e: unknown): string => (e instanceof ApiError ? e.message : String(e));

/** A JSON request to the API; a refusal becomes an ApiError with the server's code. The league and player clients use it too. */
export async function request<T>(path: string, init: RequestInit = {}, token?: string): Promise<{ status: number; body: T | null; etag: string | null }> {
  const headers = new Headers(init.headers);
  if (init.body) headers.set("Content-Type", "application/json");
  if (token) headers.set("Authorization", `Bearer ${token}`);
  let res: Response;
  try {
    // no-store: the browser's own cache must not answer; the ETag is the table's version, the
    // same for every seat, so a cached view of another seat opened in this browser could come back.
    res = await fetch(path, { cache: "no-store", ...init, headers });
  } catch {
    throw new ApiError(0, "NETWORK", "network");
  }
  if (res.status === 304) return { status: 304, body: null, etag: res.headers.get("ETag") };
  const body = await res.json().catch(() => null);
  if (!res.ok) {
    const err = (body as { error?: { code?: string; message?: string } } | null)?.error;
    throw new ApiError(res.status, err?.code ?? "HTTP_" + res.status, err?.message ?? res.statusText);
  }
  return { status: res.status, body: body as T, etag: res.headers.get("ETag") };
}

export async function createTable(req: CreateRequest): Promise<{ id: string; seats: SeatLink[] }> {
  return (await request<{ id: string; seats: SeatLink[] }>("/api/tables", { method: "POST", body: JSON.stringify(req) })).body!;
}

/** Read the view; null when it has not changed since `etag`. */
export async function readTable(id: string, token: string, etag?: string | null): Promise<{ view: TableView | null; etag: string | null }> {
  const r = await request<TableView>(`/api/tables/${encodeURIComponent(id)}`, { headers: etag ? { "If-None-Match": etag } : {} }, token);
  return { view: r.body, etag: r.etag };
}

export async function act(id: string, token: string, version: number, action: Action): Promise<TableView> {
  const body = JSON.stringify({ version, action });
  return (await request<TableView>(`/api/tables/${encodeURIComponent(id)}/actions`, { method: "POST", body }, token)).body!;
}

export async function readHint(id: string, token: string): Promise<TableHint> {
  return (await request<TableHint>(`/api/tables/${encodeURIComponent(id)}/hint`, {}, token)).body!;
}

export async function sendFeedback(kind: "rule" | "problem", text: string, contact?: string): Promise<void> {
  await request("/api/feedback", { method: "POST", body: JSON.stringify({ kind, text, ...(contact ? { contact } : {}) }) });
}

export type LinkStatus = "connecting" | "live" | "reconnecting";

export interface Live {
  close(): void;
  /** Read the view now (after a stale version, or when the page becomes visible). */
  refresh(): Promise<void>;
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
): Live {
  let ws: WebSocket | null = null;
  let closed = false;
  let attempt = 0;
  let etag: string | null = null;
  let reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  let pollTimer: ReturnType<typeof setInterval> | undefined;

  const refresh = async () => {
    try {
      const r = await readTable(id, token, etag);
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
    const url = new URL(`/api/tables/${encodeURIComponent(id)}/ws`, location.href);
    url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
    url.searchParams.set("token", token);
    const sock = new WebSocket(url);
    ws = sock;
    sock.onopen = () => {
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
      if (msg.type === "view" && msg.view) onView(msg.view);
      else if (msg.type === "error" && msg.error) onError(new ApiError(400, msg.error.code, msg.error.message));
    };
    sock.onclose = () => {
      if (ws !== sock || closed) return;
      ws = null;
      onStatus("reconnecting");
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

  onStatus("connecting");
  void refresh();
  open();

  return {
    refresh,
    close() {
      closed = true;
      clearTimeout(reconnectTimer);
      clearInterval(pollTimer);
      document.removeEventListener("visibilitychange", onVisible);
      ws?.close();
    },
  };
}
