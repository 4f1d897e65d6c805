// A table's ids and secrets: table ids, shuffle seeds, and which seat a token's hash opens.
import { base64url, randomBytes, sameHash } from "../base/secrets";

/** 96 random bits: table ids are not secret, only hard to guess. */
export const newTableId = (): string => "t_" + base64url(randomBytes(12));

export const TABLE_ID = /^t_[A-Za-z0-9_-]{16}$/;

/** 128 bits for the shuffle; stays inside the stored state until the game ends. */
export const newSeed = (): string => [...randomBytes(16)].map((b) => b.toString(16).padStart(2, "0")).join("");

/** The seat whose stored hash matches, checking every seat so timing does not tell which. */
export function seatForHash(hashes: (string | null)[], hash: string): number | null {
  let found: number | null = null;
  hashes.forEach((h, seat) => {
    if (h !== null && sameHash(h, hash)) found = seat;
  });
  return found;
}
