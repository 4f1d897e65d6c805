// Passkeys (WebAuthn, checked by ./webauthn/): a player registers one on a device that is
// signed in, and signs in with it on a device that holds nothing. Each challenge is stored here,
// answered once (taken before it is checked, so a failed answer spends it too) and only for
// five minutes. Sign-in uses discoverable credentials: the authenticator names the player.
import { and, eq, lt } from "drizzle-orm";
import { db } from "../db/handle";
import * as schema from "../db/schema";
import { base64url, fromBase64url } from "../base/secrets";
import { fail, type Failure } from "../base/failure";
import { timeNow } from "../base/clock";
import type { RegistrationAnswer, SignInAnswer } from "./webauthn/answers";
import * as options from "./webauthn/options";
import { verifyRegistration } from "./webauthn/registration";
import { verifySignIn } from "./webauthn/sign-in";
import { Refusal } from "./webauthn/refusal";

export const CHALLENGE_MS = 5 * 60_000;
const RP_NAME = "Muli";

type Kind = (typeof schema.webauthnChallenges.$inferSelect)["kind"];

/** Where the request came from: the passkey is bound to this origin's host name. */
export interface Site {
  origin: string;
  rpID: string;
}
export const siteOf = (url: string): Site => ({ origin: new URL(url).origin, rpID: new URL(url).hostname });

async function keepChallenge(d1: D1Database, challenge: string, kind: Kind, playerId: string | null, now: number): Promise<void> {
  const q = db(d1);
  // Old challenges of nobody's go with each new one (they are refused anyway).
  await q.batch([
    q.delete(schema.webauthnChallenges).where(and(eq(schema.webauthnChallenges.kind, kind), lt(schema.webauthnChallenges.expiresAt, now))),
    q.insert(schema.webauthnChallenges).values({ challenge, kind, playerId, expiresAt: now + CHALLENGE_MS }),
  ]);
}

/** The challenge an answer signed, taken: true once, if it was handed out for this and is fresh. */
async function takeChallenge(d1: D1Database, clientDataJSON: string, kind: Kind, playerId: string | null, now: number): Promise<string | null> {
  let challenge: unknown;
  try {
    challenge = (JSON.parse(new TextDecoder().decode(fromBase64url(clientDataJSON))) as { challenge?: unknown }).challenge;
  } catch {
    return null;
  }
  if (typeof challenge !== "string" || challenge.length > 200) return null;
  const [row] = await db(d1).delete(schema.webauthnChallenges).where(eq(schema.webauthnChallenges.challenge, challenge)).returning();
  if (!row || row.kind !== kind || row.playerId !== playerId || row.expiresAt <= now) return null;
  return challenge;
}

const spent = (): Failure => fail(400, "CHALLENGE_INVALID", "This passkey answer's challenge was used already, has expired, or was never handed out: try again.");

export async function passkeysOf(d1: D1Database, playerId: string) {
  return db(d1)
    .select({ id: schema.passkeys.id, label: schema.passkeys.label, createdAt: schema.passkeys.createdAt, lastUsedAt: schema.passkeys.lastUsedAt, transports: schema.passkeys.transports })
    .from(schema.passkeys)
    .where(eq(schema.passkeys.playerId, playerId))
    .orderBy(schema.passkeys.createdAt);
}

export async function registrationOptions(d1: D1Database, site: Site, player: { id: string; name: string }, now = timeNow()) {
  const existing = await passkeysOf(d1, player.id);
  const asked = options.registrationOptions({
    rpName: RP_NAME,
    rpID: site.rpID,
    user: player,
    timeout: CHALLENGE_MS,
    exclude: existing.map((p) => ({ id: p.id, transports: p.transports ? p.transports.split(",") : undefined })),
  });
  await keepChallenge(d1, asked.challenge, "register", player.id, now);
  return asked;
}

/** Why a passkey's answer was refused, in words (the reason's code first: see ./webauthn/refusal.ts). */
const refused = (status: 400 | 401, what: string, e: unknown): Failure =>
  fail(status, "PASSKEY_REFUSED", `${what} could not be verified: ${e instanceof Refusal ? `${e.reason}: ${e.message}` : "it is not a WebAuthn answer."}`);

export async function register(
  d1: D1Database,
  site: Site,
  playerId: string,
  response: RegistrationAnswer,
  label: string,
  now = timeNow(),
): Promise<{ ok: true; id: string } | Failure> {
  const challenge = await takeChallenge(d1, response.response.clientDataJSON, "register", playerId, now);
  if (!challenge) return spent();
  let cred;
  try {
    cred = await verifyRegistration(response, { challenge, ...site });
  } catch (e) {
    return refused(400, "The passkey", e);
  }
  const taken = await db(d1).select({ id: schema.passkeys.id }).from(schema.passkeys).where(eq(schema.passkeys.id, cred.id));
  if (taken.length) return fail(409, "PASSKEY_EXISTS", "This passkey is registered already.");
  await db(d1)
    .insert(schema.passkeys)
    .values({ id: cred.id, playerId, publicKey: base64url(cred.publicKey), counter: cred.signCount, transports: (response.response.transports ?? []).filter((t) => /^[a-z-]{1,20}$/.test(t)).slice(0, 8).join(","), label: label.slice(0, 60), createdAt: now });
  return { ok: true, id: cred.id };
}

export async function signInOptions(d1: D1Database, site: Site, now = timeNow()) {
  const asked = options.signInOptions(site.rpID, CHALLENGE_MS);
  await keepChallenge(d1, asked.challenge, "signIn", null, now);
  return asked;
}

/** The player whose passkey answered this sign-in challenge. */
export async function signInWithPasskey(d1: D1Database, site: Site, response: SignInAnswer, now = timeNow()): Promise<{ ok: true; playerId: string } | Failure> {
  const challenge = await takeChallenge(d1, response.response.clientDataJSON, "signIn", null, now);
  if (!challenge) return { ...spent(), status: 401 };
  const [stored] = await db(d1).select().from(schema.passkeys).where(eq(schema.passkeys.id, response.id));
  if (!stored) return fail(401, "PASSKEY_UNKNOWN", "This passkey is not registered here (or was removed).");
  let signCount;
  try {
    ({ signCount } = await verifySignIn(response, { challenge, ...site }, { publicKey: fromBase64url(stored.publicKey), signCount: stored.counter }));
  } catch (e) {
    return refused(401, "The passkey's answer", e);
  }
  await db(d1).update(schema.passkeys).set({ counter: signCount, lastUsedAt: now }).where(eq(schema.passkeys.id, stored.id));
  return { ok: true, playerId: stored.playerId };
}

export async function removePasskey(d1: D1Database, playerId: string, id: string): Promise<boolean> {
  const rows = await db(d1).delete(schema.passkeys).where(and(eq(schema.passkeys.id, id), eq(schema.passkeys.playerId, playerId))).returning({ id: schema.passkeys.id });
  return rows.length > 0;
}
