// A credential's public key as the authenticator gives it (a COSE key, RFC 9052/9053), checked
// and imported into WebCrypto, and a signature verified with it.
import { decodeCBOR } from "@levischuck/tiny-cbor";
import { base64url, type Bytes } from "../../base/secrets";
import { refuse } from "./refusal";

export const ES256 = -7;
export const EDDSA = -8;
export const RS256 = -257;
/** What a new passkey may use, in the order offered to the browser. */
export const ALGORITHMS = [EDDSA, ES256, RS256];

// COSE key labels and values.
const KTY = 1;
const ALG = 3;
const OKP = 1;
const EC2 = 2;
const RSA = 3;
const CRV = -1; // EC2, OKP: the curve; RSA: n
const X = -2; // EC2, OKP: x; RSA: e
const Y = -3;
const P256 = 1;
const ED25519 = 6;

interface Verifier {
  key: CryptoKey;
  params: AlgorithmIdentifier | EcdsaParams;
  alg: number;
}

function bytesAt(key: Map<string | number, unknown>, label: number, length?: number): Bytes {
  const v = key.get(label);
  if (!(v instanceof Uint8Array) || (length !== undefined && v.length !== length)) refuse("ALGORITHM", `The public key's parameter ${label} is missing or has the wrong length.`);
  return Uint8Array.from(v);
}

const imported = (format: "raw" | "jwk", data: Bytes | JsonWebKey, algorithm: AlgorithmIdentifier | EcKeyImportParams | RsaHashedImportParams): Promise<CryptoKey> =>
  (format === "raw" ? crypto.subtle.importKey("raw", data as Bytes, algorithm, false, ["verify"]) : crypto.subtle.importKey("jwk", data as JsonWebKey, algorithm, false, ["verify"])).catch(() =>
    refuse("ALGORITHM", "The public key is not a valid key of its kind."),
  );

/** The key, ready to verify with; ALGORITHM if it is not one of ALGORITHMS or is not well formed. */
export async function verifierOf(cose: Bytes): Promise<Verifier> {
  let key: unknown;
  try {
    key = decodeCBOR(cose);
  } catch {
    return refuse("MALFORMED", "The public key is not CBOR.");
  }
  if (!(key instanceof Map)) return refuse("MALFORMED", "The public key is not a COSE key.");
  const [kty, alg, crv] = [key.get(KTY), key.get(ALG), key.get(CRV)];
  if (alg === ES256 && kty === EC2 && crv === P256) {
    const point = Uint8Array.from([4, ...bytesAt(key, X, 32), ...bytesAt(key, Y, 32)]);
    return { key: await imported("raw", point, { name: "ECDSA", namedCurve: "P-256" }), params: { name: "ECDSA", hash: "SHA-256" }, alg };
  }
  if (alg === EDDSA && kty === OKP && crv === ED25519) return { key: await imported("raw", bytesAt(key, X, 32), { name: "Ed25519" }), params: { name: "Ed25519" }, alg };
  if (alg === RS256 && kty === RSA) {
    const n = bytesAt(key, CRV);
    // WebCrypto takes small moduli too; WebAuthn's RS256 keys are 2048 bits or more.
    if (n.length < 256) refuse("ALGORITHM", "The passkey's RSA key is shorter than 2048 bits.");
    const jwk = { kty: "RSA", alg: "RS256", n: base64url(n), e: base64url(bytesAt(key, X)) };
    return { key: await imported("jwk", jwk, { name: "RSASSA-PKCS1-v1_5", hash: "SHA-256" }), params: { name: "RSASSA-PKCS1-v1_5" }, alg };
  }
  return refuse("ALGORITHM", `This passkey's key (COSE algorithm ${String(alg)}, key type ${String(kty)}) is not one Muli can verify: ES256, RS256 or EdDSA.`);
}

/** An ECDSA signature as WebAuthn carries it (DER: SEQUENCE of two INTEGERs) as WebCrypto takes it (r‖s, 32 bytes each); null if it is not that. */
export function rawEcdsaSignature(der: Bytes): Bytes | null {
  if (der.length < 8 || der[0] !== 0x30 || der[1] !== der.length - 2) return null;
  const out = new Uint8Array(64);
  let at = 2;
  for (const half of [0, 32]) {
    if (der[at] !== 0x02) return null;
    const length = der[at + 1];
    let int = der.subarray(at + 2, at + 2 + length);
    if (length < 1 || length > 33 || int.length !== length) return null;
    // A leading zero only keeps a high bit from reading as a sign.
    if (int.length === 33) {
      if (int[0] !== 0) return null;
      int = int.subarray(1);
    }
    out.set(int, half + 32 - int.length);
    at += 2 + length;
  }
  return at === der.length ? out : null;
}

/** Does `signature` sign `data` with this key? */
export async function verifies(v: Verifier, signature: Bytes, data: Bytes): Promise<boolean> {
  const sig = v.alg === ES256 ? rawEcdsaSignature(signature) : signature;
  if (!sig) return false;
  try {
    return await crypto.subtle.verify(v.params, v.key, sig, data);
  } catch {
    return false;
  }
}
