// Why a passkey's answer was refused: one reason a check, so that the route can say which and a
// test can tell the checks apart.
import { fromBase64url, type Bytes } from "../../base/secrets";

export type Reason =
  | "MALFORMED" // not what WebAuthn sends: bad base64url, JSON, CBOR or lengths
  | "TYPE" // a sign-in answer to a registration, or the other way round
  | "CHALLENGE"
  | "ORIGIN"
  | "RP_ID" // the authenticator answered for another site
  | "USER_PRESENCE" // nobody touched the authenticator
  | "CREDENTIAL_ID" // the answer names another credential than the one it carries
  | "FORMAT" // an attestation format WebAuthn does not define
  | "ALGORITHM" // a key Muli cannot verify (not ES256, RS256 or EdDSA)
  | "SIGNATURE"
  | "COUNTER"; // the signature counter went back: a cloned authenticator, or a replay

export class Refusal extends Error {
  constructor(
    readonly reason: Reason,
    message: string,
  ) {
    super(message);
  }
}

export function refuse(reason: Reason, message: string): never {
  throw new Refusal(reason, message);
}

/** Bytes of a base64url field of the answer; anything else is MALFORMED. */
export function bytesOf(field: string, text: unknown): Bytes {
  if (typeof text !== "string" || !/^[A-Za-z0-9_-]*={0,2}$/.test(text)) refuse("MALFORMED", `${field} is not base64url.`);
  try {
    return fromBase64url(text);
  } catch {
    return refuse("MALFORMED", `${field} is not base64url.`);
  }
}

export const sha256 = async (bytes: Bytes): Promise<Bytes> => new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));

/** Same bytes? (Not secret: compared in plain time.) */
export const sameBytes = (a: Uint8Array, b: Uint8Array): boolean => a.length === b.length && a.every((x, i) => x === b[i]);
