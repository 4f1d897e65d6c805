// A passkey's answer to a sign-in challenge (WebAuthn §7.2), checked against the key and
// signature counter stored when it was registered.
import type { Bytes } from "../../base/secrets";
import type { Expected, SignInAnswer } from "./answers";
import { checkAuthenticatorData, parseAuthenticatorData } from "./authenticator-data";
import { checkClientData } from "./client-data";
import { verifierOf, verifies } from "./cose";
import { bytesOf, refuse, sha256 } from "./refusal";

export interface StoredCredential {
  publicKey: Bytes;
  signCount: number;
}

/** The new signature counter, once the answer is this site's, this challenge's, signed by this key. */
export async function verifySignIn(answer: SignInAnswer, expected: Expected, credential: StoredCredential): Promise<{ signCount: number }> {
  if (answer.id !== answer.rawId || answer.type !== "public-key") refuse("MALFORMED", "The answer's id and rawId differ, or it is not a public key.");
  const clientData = checkClientData(answer.response.clientDataJSON, "webauthn.get", expected);
  const data = parseAuthenticatorData(bytesOf("authenticatorData", answer.response.authenticatorData));
  await checkAuthenticatorData(data, expected.rpID);
  const verifier = await verifierOf(credential.publicKey);
  const signed = Uint8Array.from([...data.bytes, ...(await sha256(clientData))]);
  if (!(await verifies(verifier, bytesOf("signature", answer.response.signature), signed))) refuse("SIGNATURE", "The answer is not signed by this passkey.");
  // Authenticators that count (many synced passkeys send 0 always) must count up.
  if ((data.signCount > 0 || credential.signCount > 0) && data.signCount <= credential.signCount)
    refuse("COUNTER", `The passkey's signature counter went back (${data.signCount}, last ${credential.signCount}): it may have been copied.`);
  return { signCount: data.signCount };
}
