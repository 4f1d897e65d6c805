// A software passkey for the API tests: a key pair (ES256 unless asked otherwise) answering WebAuthn
// registration ("none" attestation) and sign-in challenges the way a browser hands them to the
// server, or, told what to tamper with, answering them wrong in one way.
import { base64url, fromBase64url } from "../../worker/base/secrets";

type Cbor = number | string | Uint8Array | Map<Cbor, Cbor>;

function head(major: number, n: number): number[] {
  if (n < 24) return [(major << 5) | n];
  if (n < 256) return [(major << 5) | 24, n];
  return [(major << 5) | 25, n >> 8, n & 255];
}

/** The little CBOR WebAuthn needs: small integers, text, bytes, maps. */
function cbor(x: Cbor): number[] {
  if (typeof x === "number") return x >= 0 ? head(0, x) : head(1, -1 - x);
  if (typeof x === "string") {
    const b = new TextEncoder().encode(x);
    return [...head(3, b.length), ...b];
  }
  if (x instanceof Uint8Array) return [...head(2, x.length), ...x];
  return [...head(5, x.size), ...[...x].flatMap(([k, v]) => [...cbor(k), ...cbor(v)])];
}

const concat = (...parts: (Uint8Array | number[])[]) => Uint8Array.from(parts.flatMap((p) => [...p]));
const sha256 = async (b: Uint8Array) => new Uint8Array(await crypto.subtle.digest("SHA-256", b as Uint8Array<ArrayBuffer>));
const u32 = (n: number) => [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];

/** WebCrypto's raw r‖s signature as the DER sequence WebAuthn carries. */
function der(raw: Uint8Array): Uint8Array {
  const int = (b: Uint8Array) => {
    let i = 0;
    while (i < b.length - 1 && b[i] === 0) i++;
    const v = b[i] & 0x80 ? [0, ...b.slice(i)] : [...b.slice(i)];
    return [2, v.length, ...v];
  };
  const half = raw.length / 2;
  const body = [...int(raw.slice(0, half)), ...int(raw.slice(half))];
  return Uint8Array.from([0x30, body.length, ...body]);
}

/** The kinds of key a software passkey can have: the three Muli verifies, and two it refuses (ES384; RS256 with a 1024-bit key). */
export type Alg = "ES256" | "RS256" | "EdDSA" | "ES384" | "RS1024";
const KINDS = {
  ES256: { generate: { name: "ECDSA", namedCurve: "P-256" }, sign: { name: "ECDSA", hash: "SHA-256" } },
  ES384: { generate: { name: "ECDSA", namedCurve: "P-384" }, sign: { name: "ECDSA", hash: "SHA-384" } },
  RS256: { generate: { name: "RSASSA-PKCS1-v1_5", modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: "SHA-256" }, sign: { name: "RSASSA-PKCS1-v1_5" } },
  RS1024: { generate: { name: "RSASSA-PKCS1-v1_5", modulusLength: 1024, publicExponent: new Uint8Array([1, 0, 1]), hash: "SHA-256" }, sign: { name: "RSASSA-PKCS1-v1_5" } },
  EdDSA: { generate: { name: "Ed25519" }, sign: { name: "Ed25519" } },
} as const;

async function coseKey(alg: Alg, key: CryptoKey): Promise<Map<Cbor, Cbor>> {
  const jwk = await crypto.subtle.exportKey("jwk", key);
  const b = (s: string | undefined) => fromBase64url(s!);
  if (alg === "RS256" || alg === "RS1024") return new Map<Cbor, Cbor>([[1, 3], [3, -257], [-1, b(jwk.n)], [-2, b(jwk.e)]]);
  if (alg === "EdDSA") return new Map<Cbor, Cbor>([[1, 1], [3, -8], [-1, 6], [-2, b(jwk.x)]]);
  return new Map<Cbor, Cbor>([[1, 2], [3, alg === "ES256" ? -7 : -35], [-1, alg === "ES256" ? 1 : 2], [-2, b(jwk.x)], [-3, b(jwk.y)]]);
}

interface Options {
  challenge: string;
}

/** What a test changes in an answer, to see it refused: each field breaks one thing. */
export interface Tamper {
  /** Another key signs (one the server never saw). */
  signer?: Authenticator;
  origin?: string;
  rpID?: string;
  type?: string;
  /** The authenticator data's flags (user present 0x01, verified 0x04, credential 0x40). */
  flags?: number;
  /** The signature counter sent, instead of one more than the last. */
  counter?: number;
  /** The attestation format named at registration. */
  fmt?: string;
  /** The signature's bytes, changed after signing. */
  signature?: (sig: Uint8Array) => Uint8Array;
}

export class Authenticator {
  readonly id = crypto.getRandomValues(new Uint8Array(16));
  private counter = 0;
  private constructor(
    private readonly keys: CryptoKeyPair,
    readonly origin: string,
    readonly rpID: string,
    readonly alg: Alg,
    private readonly counts: boolean,
  ) {}

  /** A passkey for `origin`; one that counts its signatures unless `counts` is false (many synced passkeys send 0). */
  static async create(origin: string, alg: Alg = "ES256", counts = true): Promise<Authenticator> {
    const keys = (await crypto.subtle.generateKey(KINDS[alg].generate, true, ["sign", "verify"])) as CryptoKeyPair;
    return new Authenticator(keys, origin, new URL(origin).hostname, alg, counts);
  }

  get credentialId(): string {
    return base64url(this.id);
  }

  private clientData(type: string, challenge: string, t: Tamper): Uint8Array {
    return new TextEncoder().encode(JSON.stringify({ type: t.type ?? type, challenge, origin: t.origin ?? this.origin, crossOrigin: false }));
  }

  private async authData(flags: number, t: Tamper, attested: Uint8Array[] = []): Promise<Uint8Array> {
    return concat(await sha256(new TextEncoder().encode(t.rpID ?? this.rpID)), [t.flags ?? flags], u32(t.counter ?? (this.counts ? this.counter : 0)), ...attested);
  }

  /** The public key as a COSE key's CBOR bytes (what the server stores). */
  async publicKey(): Promise<Uint8Array<ArrayBuffer>> {
    return Uint8Array.from(cbor(await coseKey(this.alg, this.keys.publicKey)));
  }

  async register(options: Options, t: Tamper = {}) {
    // user present + verified + attested credential data
    const authData = await this.authData(0x45, t, [new Uint8Array(16), Uint8Array.from([0, this.id.length]), this.id, await this.publicKey()]);
    const attestation = Uint8Array.from(cbor(new Map<Cbor, Cbor>([["fmt", t.fmt ?? "none"], ["attStmt", new Map()], ["authData", authData]])));
    return {
      id: this.credentialId,
      rawId: this.credentialId,
      type: "public-key" as const,
      clientExtensionResults: {},
      response: { clientDataJSON: base64url(this.clientData("webauthn.create", options.challenge, t)), attestationObject: base64url(attestation), transports: ["internal"] },
    };
  }

  /** An answer to a sign-in challenge. */
  async signIn(options: Options, t: Tamper = {}) {
    this.counter++;
    const clientData = this.clientData("webauthn.get", options.challenge, t);
    // user present + verified
    const authData = await this.authData(0x05, t);
    const signed = concat(authData, await sha256(clientData));
    const signer = t.signer ?? this;
    const raw = new Uint8Array(await crypto.subtle.sign(KINDS[signer.alg].sign, signer.keys.privateKey, signed as Uint8Array<ArrayBuffer>));
    const sig = signer.alg.startsWith("ES") ? der(raw) : raw;
    return {
      id: this.credentialId,
      rawId: this.credentialId,
      type: "public-key" as const,
      clientExtensionResults: {},
      response: { clientDataJSON: base64url(clientData), authenticatorData: base64url(authData), signature: base64url(t.signature ? t.signature(sig) : sig) },
    };
  }
}
