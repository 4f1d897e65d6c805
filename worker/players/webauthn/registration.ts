// A new passkey's answer (WebAuthn §7.1). Muli asks for attestation "none": it trusts a passkey
// because a signed-in player registers it, not because of its maker, so an attestation statement
// some authenticators send anyway is not verified, only its format's name checked.
import { decodeCBOR } from "@levischuck/tiny-cbor";
import { base64url, type Bytes } from "../../base/secrets";
import type { Expected, RegistrationAnswer } from "./answers";
import { checkAuthenticatorData, parseAuthenticatorData } from "./authenticator-data";
import { checkClientData } from "./client-data";
import { verifierOf } from "./cose";
import { bytesOf, refuse, sameBytes } from "./refusal";

// The formats WebAuthn defines (IANA's registry of attestation statement formats).
const FORMATS = new Set(["none", "packed", "tpm", "android-key", "android-safetynet", "fido-u2f", "apple"]);

export interface NewCredential {
  id: string;
  /** The COSE key, as the authenticator gave it: what sign-in verifies with. */
  publicKey: Bytes;
  signCount: number;
}

function attestationOf(field: unknown): { fmt: string; authData: Bytes } {
  const bytes = bytesOf("attestationObject", field);
  let object: unknown;
  try {
    object = decodeCBOR(bytes);
  } catch {
    return refuse("MALFORMED", "attestationObject is not CBOR.");
  }
  if (!(object instanceof Map)) return refuse("MALFORMED", "attestationObject is not a map.");
  const [fmt, authData] = [object.get("fmt"), object.get("authData")];
  if (typeof fmt !== "string" || !(authData instanceof Uint8Array)) return refuse("MALFORMED", "attestationObject lacks fmt or authData.");
  if (!FORMATS.has(fmt)) refuse("FORMAT", `"${fmt}" is not a WebAuthn attestation format.`);
  return { fmt, authData: Uint8Array.from(authData) };
}

export async function verifyRegistration(answer: RegistrationAnswer, expected: Expected): Promise<NewCredential> {
  if (answer.id !== answer.rawId || answer.type !== "public-key") refuse("MALFORMED", "The answer's id and rawId differ, or it is not a public key.");
  checkClientData(answer.response.clientDataJSON, "webauthn.create", expected);
  const data = parseAuthenticatorData(attestationOf(answer.response.attestationObject).authData);
  await checkAuthenticatorData(data, expected.rpID);
  if (!data.credential) return refuse("MALFORMED", "The answer carries no new credential.");
  if (!sameBytes(data.credential.id, bytesOf("rawId", answer.rawId))) refuse("CREDENTIAL_ID", "The answer names another credential than the one it carries.");
  await verifierOf(data.credential.publicKey);
  // The id as the browser will send it at sign-in (base64url without padding), however it came.
  return { id: base64url(data.credential.id), publicKey: data.credential.publicKey, signCount: data.signCount };
}
