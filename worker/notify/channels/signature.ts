// Webhook requests are signed, so that a receiver can tell Muli from anyone else (as GitHub and
// Stripe do): `Muli-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`, keyed
// with the channel's own secret (shown once, when the channel is made). The timestamp is inside
// what is signed, so a receiver refusing old ones (README: five minutes) is safe from replays.
import { newToken } from "../../base/secrets";

export const SIGNATURE_HEADER = "Muli-Signature";

export const newWebhookSecret = (): string => "whsec_" + newToken();

const hex = (b: ArrayBuffer) => [...new Uint8Array(b)].map((x) => x.toString(16).padStart(2, "0")).join("");

export async function hmacHex(secret: string, text: string): Promise<string> {
  const enc = new TextEncoder();
  const key = await crypto.subtle.importKey("raw", enc.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  return hex(await crypto.subtle.sign("HMAC", key, enc.encode(text)));
}

/** The header's value for `body` sent at `now`. */
export async function signature(secret: string, body: string, now = Date.now()): Promise<string> {
  const t = Math.floor(now / 1000);
  return `t=${t},v1=${await hmacHex(secret, `${t}.${body}`)}`;
}
