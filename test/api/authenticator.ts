// A software passkey for the API tests: an ES256 key pair answering WebAuthn registration
// ("none" attestation) and sign-in challenges the way a browser hands them to the server.
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
  const body = [...int(raw.slice(0, 32)), ...int(raw.slice(32))];
  return Uint8Array.from([0x30, body.length, ...body]);
}

interface Options {
  challenge: string;
}

export class Authenticator {
  readonly id = crypto.getRandomValues(new Uint8Array(16));
  private counter = 0;
  private constructor(private readonly keys: CryptoKeyPair, readonly origin: string, readonly rpID: string) {}

  static async create(origin: string): Promise<Authenticator> {
    const keys = (await crypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, true, ["sign", "verify"])) as CryptoKeyPair;
    return new Authenticator(keys, origin, new URL(origin).hostname);
  }

  get credentialId(): string {
    return base64url(this.id);
  }

  private clientData(type: string, challenge: string): Uint8Array {
    return new TextEncoder().encode(JSON.stringify({ type, challenge, origin: this.origin, crossOrigin: false }));
  }

  async register(options: Options) {
    const jwk = await crypto.subtle.exportKey("jwk", this.keys.publicKey);
    const cose = new Map<Cbor, Cbor>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, fromBase64url(jwk.x!)],
      [-3, fromBase64url(jwk.y!)],
    ]);
    // user present + verified + attested credential data
    const authData = concat(await sha256(new TextEncoder().encode(this.rpID)), [0x45], u32(this.counter), new Uint8Array(16), [0, this.id.length], this.id, cbor(cose));
    const attestation = Uint8Array.from(cbor(new Map<Cbor, Cbor>([["fmt", "none"], ["attStmt", new Map()], ["authData", authData]])));
    return {
      id: this.credentialId,
      rawId: this.credentialId,
      type: "public-key",
      clientExtensionResults: {},
      response: { clientDataJSON: base64url(this.clientData("webauthn.create", options.challenge)), attestationObject: base64url(attestation), transports: ["internal"] },
    };
  }

  /** An answer to a sign-in challenge; `signer` signs it instead (a key the server never saw). */
  async signIn(options: Options, signer?: Authenticator) {
    this.counter++;
    const clientData = this.clientData("webauthn.get", options.challenge);
    const authData = concat(await sha256(new TextEncoder().encode(this.rpID)), [0x05], u32(this.counter));
    const signed = concat(authData, await sha256(clientData));
    const raw = new Uint8Array(await crypto.subtle.sign({ name: "ECDSA", hash: "SHA-256" }, (signer ?? this).keys.privateKey, signed as Uint8Array<ArrayBuffer>));
    return {
      id: this.credentialId,
      rawId: this.credentialId,
      type: "public-key",
      clientExtensionResults: {},
      response: { clientDataJSON: base64url(clientData), authenticatorData: base64url(authData), signature: base64url(der(raw)) },
    };
  }
}
