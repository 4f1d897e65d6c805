// One-time sign-ins that only the player reads. By e-mail on request, where e-mail is configured:
// sent through the notifications' e-mail channel (its sender and binding) to an address a player
// registered as a channel, good for 15 minutes. In a turn message to the player's own push or
// e-mail (never a webhook), so that tapping it on a new device opens the table: good for a day.
// The token is random, stored only hashed, good once; it travels in the link's fragment
// (/signin#m_…, /t/<id>#m_…), which the browser never sends to a server.
import { eq, lt } from "drizzle-orm";
import type { NotifyEnv } from "../base/env";
import { hashToken, newToken } from "../base/secrets";
import { db } from "../db/handle";
import * as schema from "../db/schema";
import { emailUnavailable, sendEmail } from "./channels/email";
import { logEvent } from "../base/log";
import { timeNow } from "../base/clock";

export const MAIL_LINK_MS = 15 * 60_000;
export const MESSAGE_LINK_MS = 24 * 3_600_000;
export const MAIL_TOKEN = /^m_[A-Za-z0-9_-]{32}$/;

const words = {
  en: {
    title: "Sign in to Muli",
    text: (name: string) => `${name}, open this link within 15 minutes to sign in on the device you asked from. It works once. If you did not ask for it, ignore this message: nothing changes.`,
  },
  de: {
    title: "Bei Muli anmelden",
    text: (name: string) => `${name}, öffne diesen Link innerhalb von 15 Minuten, um dich auf dem Gerät anzumelden, auf dem du ihn angefordert hast. Er gilt einmal. Wenn du ihn nicht angefordert hast, ignoriere diese Nachricht: Es ändert sich nichts.`,
  },
};

export const mailConfigured = (env: NotifyEnv): boolean => emailUnavailable(env) === null;

/** The player who registered `address` as an e-mail channel (the newest such), if any. */
export async function playerWithAddress(d1: D1Database, address: string): Promise<{ id: string; name: string; language: string } | null> {
  const row = await d1
    .prepare(
      "SELECT p.id, p.name, p.language FROM channels c JOIN players p ON p.id = c.player_id WHERE c.kind = 'email' AND lower(json_extract(c.config, '$.address')) = lower(?) ORDER BY c.id DESC LIMIT 1",
    )
    .bind(address.trim())
    .first<{ id: string; name: string; language: string }>();
  return row ?? null;
}

/** A new one-time sign-in for the player (expired ones are cleared on the way). */
export async function oneTimeSignIn(d1: D1Database, playerId: string, via: "email" | "message", now = timeNow()): Promise<string> {
  const token = "m_" + newToken();
  const q = db(d1);
  await q.batch([
    q.delete(schema.signInMails).where(lt(schema.signInMails.expiresAt, now)),
    q.insert(schema.signInMails).values({ tokenHash: await hashToken(token), playerId, via, expiresAt: now + (via === "email" ? MAIL_LINK_MS : MESSAGE_LINK_MS) }),
  ]);
  return token;
}

/** Issue a link for the player and mail it; false when the mail could not go out. */
export async function sendSignInMail(env: NotifyEnv & { DB: D1Database }, origin: string, player: { id: string; name: string; language: string }, address: string, now = timeNow()): Promise<boolean> {
  const token = await oneTimeSignIn(env.DB, player.id, "email", now);
  const w = player.language === "en" ? words.en : words.de;
  const sent = await sendEmail(env, { address }, { title: w.title, text: w.text(player.name), url: `${origin}/signin#${token}` });
  if (sent.status !== "sent") logEvent("warn", "signin.mail_not_sent", { playerId: player.id }, new Error(sent.error));
  return sent.status === "sent";
}

/** The player a one-time token signs in, taking it (so it works once); null if used, expired or unknown. */
export async function redeemMailToken(d1: D1Database, token: string, now = timeNow()): Promise<{ playerId: string; via: "email" | "message" } | null> {
  if (!MAIL_TOKEN.test(token)) return null;
  const [row] = await db(d1).delete(schema.signInMails).where(eq(schema.signInMails.tokenHash, await hashToken(token))).returning();
  return row && row.expiresAt > now ? { playerId: row.playerId, via: row.via } : null;
}
