// What the browser is asked (PublicKeyCredentialCreationOptionsJSON / …RequestOptionsJSON), each
// with a fresh challenge: 32 random bytes, base64url.
import { base64url, randomBytes } from "../../base/secrets";
import { ALGORITHMS } from "./cose";

const challenge = () => base64url(randomBytes(32));

export interface NewPasskeyFor {
  rpName: string;
  rpID: string;
  user: { id: string; name: string };
  timeout: number;
  /** The player's passkeys already there, so that a device does not register twice. */
  exclude: { id: string; transports?: string[] }[];
}

export const registrationOptions = (o: NewPasskeyFor) => ({
  challenge: challenge(),
  rp: { name: o.rpName, id: o.rpID },
  user: { id: base64url(new TextEncoder().encode(o.user.id)), name: o.user.name, displayName: o.user.name },
  pubKeyCredParams: ALGORITHMS.map((alg) => ({ alg, type: "public-key" as const })),
  timeout: o.timeout,
  attestation: "none" as const,
  excludeCredentials: o.exclude.map((c) => ({ id: c.id, type: "public-key" as const, ...(c.transports ? { transports: c.transports } : {}) })),
  // Discoverable, so that a device holding nothing can sign in without naming the player first.
  authenticatorSelection: { residentKey: "required" as const, requireResidentKey: true, userVerification: "preferred" as const },
  extensions: { credProps: true },
  hints: [],
});

/** Sign-in with a discoverable passkey: no credential named, the authenticator names the player. */
export const signInOptions = (rpID: string, timeout: number) => ({ rpId: rpID, challenge: challenge(), timeout, userVerification: "preferred" as const });
