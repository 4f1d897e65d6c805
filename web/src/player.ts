// The player of this browser (correspondence play): a secret key in localStorage, carried to
// another device by the sign-in link (/signin#key). Seats this browser opens are linked to it, so
// turn messages can reach the player. Talks to /api/players (an extension of API.md).
import { ApiError, request } from "./api";
import { load, save } from "./store/persist";

const KEY = "muli.player";

export interface Profile {
  id: string;
  name: string;
  timeZone: string;
  language: "de" | "en";
  autoPlay: boolean;
  quietHours: { start: string; end: string } | null;
  vacation: { until: string | null; daysLeft: number };
  /** `link` is the seat link (with its token): a browser signed in with the key can open them all. */
  seats: { table: string; seat: number; name: string; phase: string; link: string }[];
  channels: { id: number; kind: "push" | "email" | "webhook"; label: string }[];
  available: { push: boolean; email: boolean; webhook: boolean };
  vapidPublicKey: string | null;
}

export interface OutboxEntry {
  id: string;
  channel: string;
  kind: string;
  status: string;
  attempts: number;
  error: string | null;
  createdAt: number;
  message: { title: string; text: string };
}

export const playerKey = (): string | null => load<string | null>(KEY, null);
export const setPlayerKey = (key: string | null): void => save(KEY, key);

// A sign-in link opened here: keep the key, drop it from the address bar, go to the settings.
if (typeof location !== "undefined" && location.pathname === "/signin" && /^#pk_[\w-]+$/.test(location.hash)) {
  setPlayerKey(location.hash.slice(1));
  history.replaceState(null, "", "/settings");
}

export async function call<T>(method: string, path: string, body?: unknown, key = playerKey()): Promise<T> {
  const init: RequestInit = body === undefined ? { method } : { method, body: JSON.stringify(body) };
  return (await request<T>(`/api/players${path}`, init, key ?? undefined)).body as T;
}

export async function createPlayer(name: string, language: "de" | "en"): Promise<{ key: string; signInLink: string }> {
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
  const r = await call<{ key: string; signInLink: string }>("POST", "", { name, timeZone, language }, null);
  setPlayerKey(r.key);
  return r;
}

export const signInLink = (key: string): string => `${location.origin}/signin#${key}`;

/** Opening a seat link links the seat to this browser's player (if there is one); best effort. */
export async function linkSeat(table: string, token: string): Promise<void> {
  if (!playerKey()) return;
  try {
    await call("POST", "/me/seats", { table, token });
  } catch {
    // Offline or an old seat: the next opening tries again.
  }
}

function b64uToBytes(s: string): Uint8Array<ArrayBuffer> {
  const bin = atob(s.replace(/-/g, "+").replace(/_/g, "/") + "===".slice((s.length + 3) % 4));
  return Uint8Array.from(bin, (c) => c.charCodeAt(0));
}

/** Ask for permission, subscribe this device with the server's VAPID key and register it. */
export async function enablePush(vapidPublicKey: string): Promise<void> {
  if (!("serviceWorker" in navigator) || !("PushManager" in window)) throw new ApiError(0, "UNSUPPORTED", "push unsupported");
  if ((await Notification.requestPermission()) !== "granted") throw new ApiError(0, "DENIED", "permission denied");
  const reg = await navigator.serviceWorker.register("/sw.js");
  await navigator.serviceWorker.ready;
  const sub = (await reg.pushManager.getSubscription()) ?? (await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: b64uToBytes(vapidPublicKey) }));
  const json = sub.toJSON();
  await call("POST", "/me/channels", { kind: "push", subscription: { endpoint: json.endpoint, keys: json.keys } });
}
