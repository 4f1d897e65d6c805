// Seat links carry their seat's token, so they are kept sealed at rest: AES-256-GCM (WebCrypto)
// with a random 96-bit IV per value, stored as `v1.<iv>.<ciphertext>` (base64url). The keys are
// Worker secrets (32 random bytes, base64url each), a ring that can turn: LINK_KEY, then LINK_KEY_2,
// LINK_KEY_3, … as keys are added; the highest-numbered one seals, every one present opens
// (README, "Turning LINK_KEY"). Numbered secrets, not one list, because secrets are write-only:
// adding a key and letting an old one go never needs an old key's value. Local development passes
// LINK_KEY_DEV (scripts/dev-key.mjs; a var cannot share a secret's name), used only while no
// LINK_KEY* is set. Without any, nothing is sealed: the server refuses (503 NOT_CONFIGURED) rather
// than fall back to a key anyone could read.
import { env } from "cloudflare:workers";
import { base64url, fromBase64url } from "./secrets";
import { ApiError, fail } from "./failure";
import { logEvent } from "./log";

const VERSION = "v1";
/** Binds ciphertexts to this purpose (the same key can never open something else's). */
const AAD = new TextEncoder().encode("muli seat link v1");

/** A sealed value that does not open: malformed, tampered with, or sealed with another key. */
export class LinkSealError extends Error {}

/** The development key wrangler.toml once published: never a key, wherever it is set. */
const PUBLISHED = "WY-zw-1q7Rp0PXVFZM2886YAAQ3ZtY40Phen3KRoTi4";

const notConfigured = (): never => {
  throw new ApiError(fail(503, "NOT_CONFIGURED", "This server has no LINK_KEY secret set, so it cannot keep seat links; its operator must set one."));
};

/** One key of the ring: its secret's name and value. */
export interface RingKey {
  name: string;
  secret: string;
}

const NUMBERED = /^LINK_KEY(?:_(\d+))?$/;
const generation = (name: string): number => Number(NUMBERED.exec(name)?.[1] ?? 1);

/** The ring of an environment, newest first; empty when no usable key is set. */
export function keyRingOf(e: object): RingKey[] {
  const keys: RingKey[] = [];
  for (const [name, value] of Object.entries(e)) {
    if (NUMBERED.test(name) && typeof value === "string" && value && value !== PUBLISHED) keys.push({ name, secret: value });
  }
  keys.sort((a, b) => generation(b.name) - generation(a.name));
  if (keys.length) return keys;
  const dev = (e as { LINK_KEY_DEV?: unknown }).LINK_KEY_DEV;
  return typeof dev === "string" && dev && dev !== PUBLISHED ? [{ name: "LINK_KEY_DEV", secret: dev }] : [];
}

/** A key's fault, or null when it is 32 bytes of base64url (for the health check). */
export function keyFault(k: RingKey): string | null {
  try {
    return fromBase64url(k.secret).length === 32 ? null : `${k.name} is not 32 bytes`;
  } catch {
    return `${k.name} is not base64url`;
  }
}

/** This Worker's ring, newest first; a refusal without a key. */
export function keyRing(): RingKey[] {
  const ring = keyRingOf(env);
  return ring.length ? ring : notConfigured();
}

/** The key that seals (the newest of the ring); otherwise a refusal. */
export const linkSecret = (): string => keyRing()[0].secret;

// Imported keys, once per isolate and secret (importKey is not free and secrets do not change).
const imported = new Map<string, Promise<CryptoKey>>();

function keyFor(secret: string): Promise<CryptoKey> {
  const known = imported.get(secret);
  if (known) return known;
  const raw = fromBase64url(secret);
  if (raw.length !== 32) throw new Error("a LINK_KEY must be 32 bytes, base64url");
  const key = crypto.subtle.importKey("raw", raw, "AES-GCM", false, ["encrypt", "decrypt"]);
  imported.set(secret, key);
  return key;
}

export async function sealLink(link: string, secret = linkSecret()): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const ct = await crypto.subtle.encrypt({ name: "AES-GCM", iv, additionalData: AAD }, await keyFor(secret), new TextEncoder().encode(link));
  return `${VERSION}.${base64url(iv)}.${base64url(new Uint8Array(ct))}`;
}

/** The link inside a sealed value, and which of `secrets` opened it; throws LinkSealError when none does. */
async function openWith(sealed: string, secrets: string[]): Promise<{ link: string; index: number }> {
  const parts = sealed.split(".");
  if (parts.length !== 3 || parts[0] !== VERSION) throw new LinkSealError("not a sealed link");
  let iv: Uint8Array<ArrayBuffer>, ct: Uint8Array<ArrayBuffer>;
  try {
    [iv, ct] = [fromBase64url(parts[1]), fromBase64url(parts[2])];
  } catch {
    throw new LinkSealError("not a sealed link");
  }
  if (iv.length !== 12 || ct.length < 16) throw new LinkSealError("not a sealed link");
  // GCM's tag tells a wrong key at once; the newest key goes first, so old values cost one try more.
  for (let index = 0; index < secrets.length; index++) {
    try {
      const plain = await crypto.subtle.decrypt({ name: "AES-GCM", iv, additionalData: AAD }, await keyFor(secrets[index]), ct);
      return { link: new TextDecoder().decode(plain), index };
    } catch {
      // the next key
    }
  }
  throw new LinkSealError("sealed link does not open (tampered with, or another key)");
}

/** The link inside a sealed value (any key of the ring, or `secret` alone); throws LinkSealError when it does not open. */
export async function openLink(sealed: string, secret?: string): Promise<string> {
  return (await openWith(sealed, secret === undefined ? keyRing().map((k) => k.secret) : [secret])).link;
}

/**
 * The value sealed again with the newest key, or null when it already is. Throws LinkSealError
 * when no key of the ring opens it (it would be lost when the old keys go).
 */
export async function resealed(sealed: string): Promise<string | null> {
  const ring = keyRing();
  const { link, index } = await openWith(sealed, ring.map((k) => k.secret));
  return index === 0 ? null : sealLink(link, ring[0].secret);
}

/** The link inside a sealed value, or null (logged with `what`) when it does not open. */
export async function openLinkOrNull(sealed: string, what: string): Promise<string | null> {
  try {
    return await openLink(sealed);
  } catch (e) {
    if (!(e instanceof LinkSealError)) throw e;
    logEvent("error", "link.unopenable", { kind: what }, e);
    return null;
  }
}

/** The link without its token (the fragment), for what is kept and shown: `…/t/<id>#…`. */
export const redactLink = (link: string): string => link.replace(/#[\s\S]*$/, "#…");
