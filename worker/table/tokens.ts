// Secrets of a table: seat tokens (only their SHA-256 is stored), table ids and shuffle seeds.
const base64url = (bytes: Uint8Array): string =>
  btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");

const randomBytes = (n: number): Uint8Array => crypto.getRandomValues(new Uint8Array(n));

/** 192 random bits: a seat token is the only key to its seat, so it is long. */
export const newToken = (): string => base64url(randomBytes(24));

/** 96 random bits: table ids are not secret, only hard to guess. */
export const newTableId = (): string => "t_" + base64url(randomBytes(12));

export const TABLE_ID = /^t_[A-Za-z0-9_-]{16}$/;

/** 128 bits for the shuffle; stays inside the stored state until the game ends. */
export const newSeed = (): string => [...randomBytes(16)].map((b) => b.toString(16).padStart(2, "0")).join("");

export async function hashToken(token: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(token));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

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

/** The seat whose stored hash matches, checking every seat so timing does not tell which. */
export function seatForHash(hashes: (string | null)[], hash: string): number | null {
  let found: number | null = null;
  hashes.forEach((h, seat) => {
    if (h !== null && sameHash(h, hash)) found = seat;
  });
  return found;
}
