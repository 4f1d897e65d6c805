// The authenticator's part of an answer (authenticatorData, WebAuthn §6.1): for which site, whether
// a person was there, the signature counter and, at registration, the new credential.
import { decodePartialCBOR } from "@levischuck/tiny-cbor";
import type { Bytes } from "../../base/secrets";
import { refuse, sameBytes, sha256 } from "./refusal";

const USER_PRESENT = 0x01;
const USER_VERIFIED = 0x04;
const ATTESTED_CREDENTIAL = 0x40;
const EXTENSIONS = 0x80;

export interface AuthenticatorData {
  bytes: Bytes;
  rpIdHash: Bytes;
  userPresent: boolean;
  userVerified: boolean;
  signCount: number;
  /** Only in a registration's: the credential's id and its public key (COSE, as CBOR bytes). */
  credential?: { id: Bytes; publicKey: Bytes };
}

/** The length of the CBOR item at `at`, or MALFORMED. */
function cborLength(bytes: Bytes, at: number, what: string): number {
  try {
    return decodePartialCBOR(bytes, at)[1];
  } catch {
    return refuse("MALFORMED", `authenticatorData: the ${what} is not CBOR.`);
  }
}

export function parseAuthenticatorData(bytes: Bytes): AuthenticatorData {
  if (bytes.length < 37) refuse("MALFORMED", "authenticatorData is too short.");
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const flags = bytes[32];
  const data: AuthenticatorData = {
    bytes,
    rpIdHash: bytes.slice(0, 32),
    userPresent: (flags & USER_PRESENT) !== 0,
    userVerified: (flags & USER_VERIFIED) !== 0,
    signCount: view.getUint32(33),
  };
  let at = 37;
  if (flags & ATTESTED_CREDENTIAL) {
    // 16 bytes AAGUID, then the id's length and the id, then the key.
    if (bytes.length < at + 18) refuse("MALFORMED", "authenticatorData: the credential is cut short.");
    const idLength = view.getUint16(at + 16);
    at += 18;
    if (idLength > 1023 || bytes.length < at + idLength) refuse("MALFORMED", "authenticatorData: the credential id is cut short.");
    const id = bytes.slice(at, at + idLength);
    at += idLength;
    const keyLength = cborLength(bytes, at, "public key");
    data.credential = { id, publicKey: bytes.slice(at, at + keyLength) };
    at += keyLength;
  }
  if (flags & EXTENSIONS) at += cborLength(bytes, at, "extensions");
  if (at !== bytes.length) refuse("MALFORMED", "authenticatorData has bytes left over.");
  return data;
}

/** For this site, and a person was there (touched it); verification (PIN, face) is not required. */
export async function checkAuthenticatorData(data: AuthenticatorData, rpID: string): Promise<void> {
  if (!sameBytes(data.rpIdHash, await sha256(new TextEncoder().encode(rpID)))) refuse("RP_ID", `The authenticator answered for another site than ${rpID}.`);
  if (!data.userPresent) refuse("USER_PRESENCE", "The authenticator says nobody was present.");
}
