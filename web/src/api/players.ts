// The player resource (/api/players, an extension of API.md): a person across tables, signed in
// by a secret key. Every call below /me takes the key; the key itself is kept by store/player.ts.
import type { InferInput } from "valibot";
import type { OutboxEntry, Profile } from "../../../worker/api/players";
import type { ChannelSchema } from "../../../worker/notify/channels";
import { ApiError, call, post } from "./request";

import type { MyLeague } from "../../../worker/leagues/mine";

export type { MyLeague, OutboxEntry, Profile };
export type Lang = Profile["language"];

const json = (method: string, body?: unknown): RequestInit => (body === undefined ? { method } : { method, body: JSON.stringify(body) });

/**
 * The device's time zone. Temporal names it at no cost where the browser has it; Intl.DateTimeFormat
 * builds a whole formatter for it first (~55 ms in Chromium on a fast machine, the largest part of
 * making a player on a table's first visit).
 */
function deviceTimeZone(): string {
  const temporal = (globalThis as { Temporal?: { Now?: { timeZoneId?: () => string } } }).Temporal;
  return temporal?.Now?.timeZoneId?.() || Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
}

export const create = (name: string, language: Lang): Promise<{ id: string; key: string }> => post("/api/players", { name, timeZone: deviceTimeZone(), language });

export const me = (key: string): Promise<Profile> => call("/api/players/me", {}, key);

export const update = (key: string, patch: Partial<Pick<Profile, "name" | "timeZone" | "language" | "autoPlay" | "quietHours" | "resendAfter">>): Promise<Profile> =>
  call("/api/players/me", json("PATCH", patch), key);

/** The leagues the player made or joined, on whatever device (worker/leagues/mine.ts). */
export const myLeagues = (key: string): Promise<{ leagues: MyLeague[] }> => call("/api/players/me/leagues", {}, key);

export const outbox = (key: string): Promise<OutboxEntry[]> => call("/api/players/me/outbox", {}, key);

/** A page of the player's older finished seats, after the profile's (or the last page's) `moreFinished`. */
export const finishedSeats = (key: string, after: string): Promise<{ seats: Profile["seats"]; moreFinished: string | null }> =>
  call(`/api/players/me/seats?after=${encodeURIComponent(after)}`, {}, key);

/** Link a seat (its table and token) to the player, so turn messages reach them. */
export const linkSeat = (key: string, table: string, token: string): Promise<unknown> => post("/api/players/me/seats", { table, token }, key);

export type NewChannel = InferInput<typeof ChannelSchema>;

export const addChannel = (key: string, channel: NewChannel): Promise<unknown> => post("/api/players/me/channels", channel, key);
export const removeChannel = (key: string, id: number): Promise<unknown> => call(`/api/players/me/channels/${id}`, json("DELETE"), key);
export const testChannel = (key: string, id: number): Promise<unknown> => post(`/api/players/me/channels/${id}/test`, {}, key);

export const startVacation = (key: string, days: number): Promise<Profile> => post("/api/players/me/vacation", { days }, key);
export const endVacation = (key: string): Promise<Profile> => call("/api/players/me/vacation", json("DELETE"), key);

function b64uToBytes(s: string): Uint8Array<ArrayBuffer> {
  const bin = atob(s.replace(/-/g, "+").replace(/_/g, "/") + "===".slice((s.length + 3) % 4));
  return Uint8Array.from(bin, (c) => c.charCodeAt(0));
}

function sameBytes(a: ArrayBuffer | null, b: Uint8Array): boolean {
  if (!a || a.byteLength !== b.length) return false;
  const x = new Uint8Array(a);
  return x.every((v, i) => v === b[i]);
}

/**
 * Where this device has a push subscription made for another key than the server's (a rotation),
 * subscribe anew and register it: the server drops the old one at its first refusal.
 */
export async function renewPush(key: string, vapidPublicKey: string): Promise<boolean> {
  if (!("serviceWorker" in navigator) || !("PushManager" in window) || Notification.permission !== "granted") return false;
  const reg = await navigator.serviceWorker.getRegistration("/sw.js");
  const sub = await reg?.pushManager.getSubscription();
  if (!sub || sameBytes(sub.options.applicationServerKey, b64uToBytes(vapidPublicKey))) return false;
  await enablePush(key, vapidPublicKey);
  return true;
}

/** Ask for permission, subscribe this device with the server's VAPID key and register it. */
export async function enablePush(key: string, vapidPublicKey: string): Promise<void> {
  if (!("serviceWorker" in navigator) || !("PushManager" in window)) throw new ApiError(0, "UNSUPPORTED", "push unsupported");
  if ((await Notification.requestPermission()) !== "granted") throw new ApiError(0, "DENIED", "permission denied");
  const reg = await navigator.serviceWorker.register("/sw.js");
  await navigator.serviceWorker.ready;
  const serverKey = b64uToBytes(vapidPublicKey);
  let sub = await reg.pushManager.getSubscription();
  // Made for another key (the server's VAPID keys were rotated): push services refuse it, so a new one.
  if (sub && !sameBytes(sub.options.applicationServerKey, serverKey)) {
    await sub.unsubscribe();
    sub = null;
  }
  sub ??= await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: serverKey });
  const json = sub.toJSON();
  await addChannel(key, { kind: "push", subscription: { endpoint: json.endpoint ?? "", keys: { p256dh: json.keys?.p256dh ?? "", auth: json.keys?.auth ?? "" } } });
}
