// Sign-in links: a signed-in device makes one to carry the player to another device. Unlike the
// device's own key, a link is good once and for a day; the device it signs in is listed with it,
// and revoking the link can sign that device out too. Its token is random, kept only hashed, and
// travels in the link's fragment (/signin#sl_…), which the browser never sends to a server.
import { and, desc, eq, inArray, isNull } from "drizzle-orm";
import { db } from "../db/handle";
import * as schema from "../db/schema";
import { hashToken, newToken } from "../base/secrets";
import { timeNow } from "../base/clock";

export const LINK_MS = 24 * 3_600_000;
export const LINK_TOKEN = /^sl_[A-Za-z0-9_-]{32}$/;

export async function makeSignInLink(d1: D1Database, playerId: string, now = timeNow()): Promise<{ id: string; token: string; expiresAt: number }> {
  const token = "sl_" + newToken();
  const id = "l_" + newToken().slice(0, 16);
  await db(d1).insert(schema.signInLinks).values({ id, playerId, tokenHash: await hashToken(token), createdAt: now, expiresAt: now + LINK_MS });
  return { id, token, expiresAt: now + LINK_MS };
}

/** Takes the link (used once, atomically): its id and player; null if used, revoked, expired or unknown. */
export async function redeemSignInLink(d1: D1Database, token: string, now = timeNow()): Promise<{ id: string; playerId: string } | null> {
  if (!LINK_TOKEN.test(token)) return null;
  const row = await d1
    .prepare("UPDATE sign_in_links SET used_at = ?2 WHERE token_hash = ?1 AND used_at IS NULL AND revoked_at IS NULL AND expires_at > ?2 RETURNING id, player_id AS playerId")
    .bind(await hashToken(token), now)
    .first<{ id: string; playerId: string }>();
  return row ?? null;
}

/** The player's links not revoked, newest first, each with the devices it signed in. */
export async function signInLinksOf(d1: D1Database, playerId: string, limit = 20) {
  const q = db(d1);
  const links = await q
    .select({ id: schema.signInLinks.id, createdAt: schema.signInLinks.createdAt, expiresAt: schema.signInLinks.expiresAt, usedAt: schema.signInLinks.usedAt })
    .from(schema.signInLinks)
    .where(and(eq(schema.signInLinks.playerId, playerId), isNull(schema.signInLinks.revokedAt)))
    .orderBy(desc(schema.signInLinks.createdAt))
    .limit(limit);
  const ids = links.map((l) => l.id);
  const devices = ids.length
    ? await q
        .select({ id: schema.playerKeys.id, label: schema.playerKeys.label, linkId: schema.playerKeys.linkId, revokedAt: schema.playerKeys.revokedAt })
        .from(schema.playerKeys)
        .where(inArray(schema.playerKeys.linkId, ids))
    : [];
  return links.map((l) => ({ ...l, devices: devices.filter((d) => d.linkId === l.id).map((d) => ({ id: d.id, label: d.label, signedOut: d.revokedAt !== null })) }));
}

/** Revokes the link (unused, it opens nothing now); with `signOut`, the devices it signed in too. False if no such link. */
export async function revokeSignInLink(d1: D1Database, playerId: string, id: string, signOut: boolean, now = timeNow()): Promise<boolean> {
  const q = db(d1);
  const [link] = await q.select({ id: schema.signInLinks.id }).from(schema.signInLinks).where(and(eq(schema.signInLinks.id, id), eq(schema.signInLinks.playerId, playerId), isNull(schema.signInLinks.revokedAt)));
  if (!link) return false;
  await q.batch([
    q.update(schema.signInLinks).set({ revokedAt: now }).where(eq(schema.signInLinks.id, id)),
    ...(signOut ? [q.update(schema.playerKeys).set({ revokedAt: now }).where(and(eq(schema.playerKeys.linkId, id), eq(schema.playerKeys.playerId, playerId), isNull(schema.playerKeys.revokedAt)))] : []),
  ]);
  return true;
}
