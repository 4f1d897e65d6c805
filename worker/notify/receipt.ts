// A push message's receipt: 128 random bits the service worker sends back to say "shown" or
// "opened". It names one message, not a seat or a player, and grants nothing else; only its
// hash is kept.
import { base64url, randomBytes, sha256Hex } from "../base/secrets";

/** `r_` and 22 base64url characters. */
export const RECEIPT = /^r_[A-Za-z0-9_-]{22}$/;

export const hashReceipt = (receipt: string): Promise<string> => sha256Hex(`receipt:${receipt}`);

export async function newReceipt(): Promise<{ value: string; hash: string }> {
  const value = "r_" + base64url(randomBytes(16));
  return { value, hash: await hashReceipt(value) };
}
