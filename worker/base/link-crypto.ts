// Seat links carry their seat's token, so they are kept sealed at rest: AES-256-GCM (WebCrypto)
// with a random 96-bit IV per value, stored as `v1.<iv>.<ciphertext>` (base64url). The key is the
// Worker secret LINK_KEY (32 random bytes, base64url). Local development passes LINK_KEY_DEV (a
// random key per local state, scripts/dev-key.mjs; a var cannot share a secret's name). Without
// either, nothing is sealed: the server refuses (503 NOT_CONFIGURED) rather than fall back to a
// key anyone could read.
import { env } from "cloudflare:workers";
import type { NotifyEnv } from "./env";
import { base64url, fromBase64url } from "./secrets";
import { ApiError, fail } from "./failure";

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

/** The configured secret: LINK_KEY, else local development's LINK_KEY_DEV; otherwise a refusal. */
export function linkSecret(): string {
  const e = env as unknown as NotifyEnv;
  const secret = e.LINK_KEY || e.LINK_KEY_DEV;
  if (!secret || secret === PUBLISHED) return notConfigured();
  return secret;
}

// The imported key, once per isolate (importKey is not free and the secret does not change).
let cached: { secret: string; key: Promise<CryptoKey> } | null = null;

function keyFor(secret: string): Promise<CryptoKey> {
  if (cached?.secret === secret) return cached.key;
  const raw = fromBase64url(secret);
  if (raw.length !== 32) throw new Error("LINK_KEY must be 32 bytes, base64url");
  const key = crypto.subtle.importKey("raw", raw, "AES-GCM", false, ["encrypt", "decrypt"]);
  cached = { secret, key };
  return key;
}

export async function sealLink(link: string, secret = linkSecret()): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const ct = await crypto.subtle.encrypt({ name: "AES-GCM", iv, additionalData: AAD }, await keyFor(secret), new TextEncoder().encode(link));
  return `${VERSION}.${base64url(iv)}.${base64url(new Uint8Array(ct))}`;
}

/** The link inside a sealed value; throws LinkSealError when it does not open. */
export async function openLink(sealed: string, secret = linkSecret()): Promise<string> {
  const parts = sealed.split(".");
  if (parts.length !== 3 || parts[0] !== VERSION) throw new LinkSealError("not a sealed link");
  let iv: Uint8Array<ArrayBuffer>, ct: Uint8Array<ArrayBuffer>;
  try {
    [iv, ct] = [fromBase64url(parts[1]), fromBase64url(parts[2])];
  } catch {
    throw new LinkSealError("not a sealed link");
  }
  if (iv.length !== 12 || ct.length < 16) throw new LinkSealError("not a sealed link");
  const key = await keyFor(secret);
  try {
    return new TextDecoder().decode(await crypto.subtle.decrypt({ name: "AES-GCM", iv, additionalData: AAD }, key, ct));
  } catch {
    throw new LinkSealError("sealed link does not open (tampered with, or another key)");
  }
}

/** The link inside a sealed value, or null (logged with `what`) when it does not open. */
export async function openLinkOrNull(sealed: string, what: string): Promise<string | null> {
  try {
    return await openLink(sealed);
  } catch (e) {
    if (!(e instanceof LinkSealError)) throw e;
    console.error("seat link does not open", what, e.message);
    return null;
  }
}

/** The link without its token (the fragment), for what is kept and shown: `…/t/<id>#…`. */
export const redactLink = (link: string): string => link.replace(/#[\s\S]*$/, "#…");
