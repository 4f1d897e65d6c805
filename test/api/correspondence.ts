// Helpers for the correspondence tests: players, the loopback receiver, and time travel for a
// table's decision clock (the clock's start is moved back, then the object's alarm is run).
import { SELF, env, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { expect, inject } from "vitest";
import type { Clock } from "../../worker/deadlines/clock";
import { tableStub } from "../../worker/table/stub";
import { BASE, post } from "./helpers";

export const receiver = inject("receiverUrl");

export interface Recorded {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: string;
  at: number;
}

/** Requests the receiver got on paths starting with `prefix`. */
export async function received(prefix: string): Promise<Recorded[]> {
  const res = await fetch(`${receiver}/__log/${encodeURIComponent(prefix.replace(/^\//, ""))}`);
  return res.json();
}

export const bodyText = (r: Recorded): string => new TextDecoder().decode(Uint8Array.from(atob(r.body), (c) => c.charCodeAt(0)));

/** Poll until `check` returns a value (not undefined/false), or fail after `ms`. */
export async function eventually<T>(check: () => Promise<T | undefined | false>, ms = 8000, what = "condition"): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await check();
    if (v !== undefined && v !== false) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export interface Player {
  id: string;
  key: string;
}

export const pauth = (key: string) => ({ Authorization: `Bearer ${key}` });

export async function createPlayer(name = "Anna", extra: Record<string, unknown> = {}): Promise<Player> {
  const res = await post("/api/players", { name, ...extra });
  expect(res.status, await res.clone().text()).toBe(201);
  return res.json();
}

export const playerRequest = (key: string, method: string, path: string, body?: unknown) =>
  SELF.fetch(`${BASE}/api/players/me${path}`, {
    method,
    headers: { ...pauth(key), ...(body === undefined ? {} : { "Content-Type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

export async function addChannel(key: string, channel: unknown): Promise<number> {
  const res = await playerRequest(key, "POST", "/channels", channel);
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json<{ id: number }>()).id;
}

export async function linkSeat(key: string, table: string, token: string | null): Promise<void> {
  const res = await playerRequest(key, "POST", "/seats", { table, token });
  expect(res.status, await res.clone().text()).toBe(200);
}

export const stubOf = (id: string) => tableStub(env, id);

export async function storedClock(id: string): Promise<Clock | undefined> {
  return runInDurableObject(stubOf(id), (_, state) => state.storage.get<Clock>("clock"));
}

/** Pretend `ms` have passed on the table's current decision, then let its alarm run. */
export async function elapse(id: string, ms: number): Promise<boolean> {
  await runInDurableObject(stubOf(id), async (_, state) => {
    const c = await state.storage.get<Clock>("clock");
    if (c) await state.storage.put("clock", { ...c, startedAt: c.startedAt - ms });
  });
  return runDurableObjectAlarm(stubOf(id));
}

/**
 * Returns once the notification queue has handled every message sent before the call: a marker
 * notice (for a player that does not exist, so it only records itself) is sent now and awaited.
 * The queue hands messages over in order and the consumer handles a batch one message at a time,
 * so whatever came before has been handled when the marker is recorded. A message that handling
 * sends on (a notice's delivery) needs a second drain. "Nothing more happened" is asserted after
 * this, not after a sleep.
 */
export async function drainQueue(hops = 1): Promise<void> {
  for (let i = 0; i < hops; i++) {
    const marker = `drain-${crypto.randomUUID()}`;
    await env.NOTIFY!.send({ type: "notice", playerId: marker, tableId: marker, seat: 0, version: 0, kind: "turn", deadline: null });
    await eventually(async () => (await noticesOf(marker)).length > 0, 15_000, "the notification queue to drain");
    await env.DB.prepare("DELETE FROM notices WHERE player_id = ?").bind(marker).run();
  }
}

export async function outboxOf(playerId: string) {
  const { results } = await env.DB.prepare("SELECT * FROM outbox WHERE player_id = ? ORDER BY created_at").bind(playerId).all<{ id: string; kind: string; status: string; attempts: number; payload: string; channel_kind: string; last_error: string | null }>();
  return results;
}

export async function noticesOf(playerId: string) {
  const { results } = await env.DB.prepare("SELECT * FROM notices WHERE player_id = ? ORDER BY created_at").bind(playerId).all<{ id: string; kind: string; status: string; version: number; table_id: string }>();
  return results;
}

const b64u = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");

/** A browser's push subscription: a fresh P-256 key pair and auth secret (the test keeps the private key). */
export async function newSubscription(endpoint: string) {
  const pair = (await crypto.subtle.generateKey({ name: "ECDH", namedCurve: "P-256" }, true, ["deriveBits"])) as CryptoKeyPair;
  const publicRaw = new Uint8Array((await crypto.subtle.exportKey("raw", pair.publicKey)) as ArrayBuffer);
  const auth = crypto.getRandomValues(new Uint8Array(16));
  return { privateKey: pair.privateKey, publicRaw, auth, subscription: { endpoint, keys: { p256dh: b64u(publicRaw), auth: b64u(auth) } } };
}
