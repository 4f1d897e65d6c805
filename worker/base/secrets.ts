// Random secrets, their hashes and constant-time comparison, shared by tables, players and
// leagues: a secret (seat token, player, league or feed key) is random, stored only as its
// SHA-256, and compared in constant time.

/** Bytes backed by a plain ArrayBuffer (what WebCrypto accepts). */
export type Bytes = Uint8Array<ArrayBuffer>;

export function base64url(bytes: Uint8Array): string {
  let s = "";
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

export function fromBase64url(text: string): Bytes {
  const s = atob(text.replace(/-/g, "+").replace(/_/g, "/").replace(/=+$/, "") + "===".slice((text.replace(/=+$/, "").length + 3) % 4));
  return Uint8Array.from(s, (c) => c.charCodeAt(0));
}

export const randomBytes = (n: number): Bytes => crypto.getRandomValues(new Uint8Array(n));

/** 192 random bits: a seat token (or a key) is the only key to what it opens, so it is long. */
export const newToken = (): string => base64url(randomBytes(24));

/** SHA-256 of a text, as hex. */
export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** What is stored of a secret: its SHA-256. */
export const hashToken = (token: string): Promise<string> => sha256Hex(token);

const encoder = new TextEncoder();
// workerd's non-standard SubtleCrypto extension (the shared tsconfig also loads DOM types, which lack it).
const subtle = crypto.subtle as unknown as { timingSafeEqual(a: ArrayBufferView, b: ArrayBufferView): boolean };

/** Constant-time equality of two hex digests (no early exit on the first differing byte). */
export function sameHash(a: string, b: string): boolean {
  const x = encoder.encode(a);
  const y = encoder.encode(b);
  if (x.byteLength !== y.byteLength) return false;
  return subtle.timingSafeEqual(x, y);
}
