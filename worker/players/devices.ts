// A player's devices: each holds its own key (a sign-in link, good once, signs the next device in
// with a key of its own: worker/players/sign-in-links.ts), so one device can be revoked without
// the others, and a key can be rotated (the old key stops at once).
import { and, desc, eq, isNull } from "drizzle-orm";
import { db } from "../db/handle";
import * as schema from "../db/schema";
import { newToken } from "../base/secrets";
import { hashKey, newPlayerKey } from "./keys";
import { timeNow } from "../base/clock";

type PlayerRow = typeof schema.players.$inferSelect;
type Via = (typeof schema.playerKeys.$inferSelect)["via"];

const HOUR_MS = 3_600_000;

/** "Chrome · Android": enough to tell one's devices apart, nothing more of the User-Agent. */
export function deviceLabel(ua: string | undefined): string {
  const s = ua ?? "";
  const browser = /Edg\//.test(s) ? "Edge" : /Firefox\//.test(s) ? "Firefox" : /Chrome\/|Chromium\//.test(s) ? "Chrome" : /Safari\//.test(s) ? "Safari" : "";
  const os = /Android/.test(s) ? "Android" : /iPhone|iPad|iPod/.test(s) ? "iOS" : /Windows/.test(s) ? "Windows" : /Mac OS X|Macintosh/.test(s) ? "macOS" : /Linux|X11/.test(s) ? "Linux" : "";
  return [browser, os].filter(Boolean).join(" · ");
}

/** A new device key for the player; the key itself is returned once and only its hash kept. */
/** `linkId`: the sign-in link that signed this device in (listed with it, worker/players/sign-in-links.ts). */
export async function issueKey(d1: D1Database, playerId: string, label: string, via: Via, linkId: string | null = null, now = timeNow()): Promise<{ key: string; device: string }> {
  const key = newPlayerKey();
  const device = "d_" + newToken().slice(0, 16);
  await db(d1).insert(schema.playerKeys).values({ id: device, playerId, keyHash: await hashKey(key), label: label.slice(0, 60), via, linkId, createdAt: now, lastUsedAt: now });
  return { key, device };
}

export type KeyLookup = { ok: true; player: PlayerRow; device: string } | { ok: false; revoked: boolean };

/** The player a key opens; a revoked key is told apart from one never issued. */
export async function playerForKeyHash(d1: D1Database, keyHash: string, now = timeNow()): Promise<KeyLookup> {
  const rows = await db(d1)
    .select({ device: schema.playerKeys, player: schema.players })
    .from(schema.playerKeys)
    .innerJoin(schema.players, eq(schema.players.id, schema.playerKeys.playerId))
    .where(eq(schema.playerKeys.keyHash, keyHash));
  const row = rows[0];
  if (!row) return { ok: false, revoked: false };
  if (row.device.revokedAt !== null) return { ok: false, revoked: true };
  // Last use to the hour: the list says "today", and requests do not each write to D1.
  if ((row.device.lastUsedAt ?? 0) < now - HOUR_MS) {
    await db(d1).update(schema.playerKeys).set({ lastUsedAt: now }).where(eq(schema.playerKeys.id, row.device.id));
  }
  return { ok: true, player: row.player, device: row.device.id };
}

/** The player's devices still signed in, newest first. */
export async function devicesOf(d1: D1Database, playerId: string) {
  return db(d1)
    .select({ id: schema.playerKeys.id, label: schema.playerKeys.label, via: schema.playerKeys.via, createdAt: schema.playerKeys.createdAt, lastUsedAt: schema.playerKeys.lastUsedAt })
    .from(schema.playerKeys)
    .where(and(eq(schema.playerKeys.playerId, playerId), isNull(schema.playerKeys.revokedAt)))
    .orderBy(desc(schema.playerKeys.createdAt));
}

/** Signs a device out for good: its key opens nothing from now on. False if no such device. */
export async function revokeDevice(d1: D1Database, playerId: string, device: string, now = timeNow()): Promise<boolean> {
  const rows = await db(d1)
    .update(schema.playerKeys)
    .set({ revokedAt: now })
    .where(and(eq(schema.playerKeys.id, device), eq(schema.playerKeys.playerId, playerId), isNull(schema.playerKeys.revokedAt)))
    .returning({ id: schema.playerKeys.id });
  return rows.length > 0;
}

/** A new key for this device, the old one revoked. */
export async function rotateKey(d1: D1Database, playerId: string, device: string, now = timeNow()): Promise<{ key: string; device: string } | null> {
  const [old] = await db(d1).select().from(schema.playerKeys).where(and(eq(schema.playerKeys.id, device), eq(schema.playerKeys.playerId, playerId)));
  if (!old || old.revokedAt !== null) return null;
  const key = newPlayerKey();
  const next = "d_" + newToken().slice(0, 16);
  // One batch: the new key exists exactly when the old one is revoked.
  const q = db(d1);
  await q.batch([
    q.update(schema.playerKeys).set({ revokedAt: now }).where(eq(schema.playerKeys.id, device)),
    q.insert(schema.playerKeys).values({ id: next, playerId, keyHash: await hashKey(key), label: old.label, via: "rotated", linkId: old.linkId, createdAt: now, lastUsedAt: now }),
  ]);
  return { key, device: next };
}

/** Whether `hash` is one of the player's keys (such a key is never kept as a seat link). */
export async function isPlayerKeyHash(d1: D1Database, hash: string): Promise<boolean> {
  return (await db(d1).select({ id: schema.playerKeys.id }).from(schema.playerKeys).where(eq(schema.playerKeys.keyHash, hash))).length > 0;
}
