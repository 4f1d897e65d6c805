// The passkey checks (worker/players/webauthn/) in workerd, against a software authenticator: an
// answer of each kind of key is taken, and each check refuses the one answer that breaks it, with
// its own reason. The routes around them (a challenge taken once, the codes) are in sign-in.test.ts.
import { describe, expect, it } from "vitest";
import { Authenticator, type Alg, type Tamper } from "./authenticator";
import { verifyRegistration } from "../../worker/players/webauthn/registration";
import { verifySignIn } from "../../worker/players/webauthn/sign-in";
import { rawEcdsaSignature } from "../../worker/players/webauthn/cose";

const BASE = "https://muli.example.net";
const site = { origin: BASE, rpID: "muli.example.net" };
const asked = { challenge: "Y2hhbGxlbmdlLW9mLXRoaXMtdGVzdA" };
const expected = { ...asked, ...site };

async function registered(alg: Alg = "ES256", counts = true) {
  const auth = await Authenticator.create(BASE, alg, counts);
  const credential = await verifyRegistration(await auth.register(asked), expected);
  return { auth, credential };
}

type Stored = { publicKey: Uint8Array<ArrayBuffer>; signCount: number };
const signIn = async (auth: Authenticator, credential: Stored, t: Tamper = {}) => verifySignIn(await auth.signIn(asked, t), expected, credential);

describe("a passkey's answers taken", () => {
  for (const alg of ["ES256", "RS256", "EdDSA"] as const)
    it(`${alg}: registered, then signs in twice, its counter counting up`, async () => {
      const { auth, credential } = await registered(alg);
      expect(credential.id).toBe(auth.credentialId);
      const first = await signIn(auth, credential);
      expect(first.signCount).toBe(1);
      expect((await signIn(auth, { ...credential, signCount: first.signCount })).signCount).toBe(2);
    });

  it("a passkey that does not count (always 0, as many synced ones) and one without user verification", async () => {
    const { auth, credential } = await registered("ES256", false);
    expect((await signIn(auth, credential)).signCount).toBe(0);
    expect((await signIn(auth, credential, { flags: 0x01 })).signCount).toBe(0);
  });

  it("an attestation statement in another WebAuthn format is not verified (Muli asks for none): the credential is taken", async () => {
    const auth = await Authenticator.create(BASE);
    expect((await verifyRegistration(await auth.register(asked, { fmt: "packed" }), expected)).id).toBe(auth.credentialId);
  });
});

describe("registration refuses", () => {
  const refused = async (t: Tamper, reason: string, alg: Alg = "ES256") => {
    const auth = await Authenticator.create(BASE, alg);
    await expect(verifyRegistration(await auth.register(asked, t), expected)).rejects.toMatchObject({ reason });
  };
  it("another origin", () => refused({ origin: "https://muli.example.org" }, "ORIGIN"));
  it("another challenge", async () => {
    const auth = await Authenticator.create(BASE);
    await expect(verifyRegistration(await auth.register({ challenge: "b3RoZXI" }), expected)).rejects.toMatchObject({ reason: "CHALLENGE" });
  });
  it("a sign-in answer", () => refused({ type: "webauthn.get" }, "TYPE"));
  it("another site's rpId hash", () => refused({ rpID: "example.org" }, "RP_ID"));
  it("no user present", () => refused({ flags: 0x44 }, "USER_PRESENCE"));
  it("a format WebAuthn does not define", () => refused({ fmt: "made-up" }, "FORMAT"));
  it("a key of an algorithm Muli does not verify (ES384)", () => refused({}, "ALGORITHM", "ES384"));
  it("an RSA key under 2048 bits", () => refused({}, "ALGORITHM", "RS1024"));
  it("an answer naming another credential than it carries", async () => {
    const auth = await Authenticator.create(BASE);
    const answer = await auth.register(asked);
    const other = (await Authenticator.create(BASE)).credentialId;
    await expect(verifyRegistration({ ...answer, id: other, rawId: other }, expected)).rejects.toMatchObject({ reason: "CREDENTIAL_ID" });
  });
  it("authenticator data whose flags do not announce the credential it carries", () => refused({ flags: 0x05 }, "MALFORMED"));
});

describe("sign-in refuses", () => {
  const refused = async (t: Tamper, reason: string, stored?: (c: Stored) => Stored) => {
    const { auth, credential } = await registered();
    await expect(signIn(auth, stored ? stored(credential) : credential, t)).rejects.toMatchObject({ reason });
  };
  it("another origin", () => refused({ origin: "https://muli.example.org" }, "ORIGIN"));
  it("another challenge", async () => {
    const { auth, credential } = await registered();
    await expect(verifySignIn(await auth.signIn({ challenge: "b3RoZXI" }), expected, credential)).rejects.toMatchObject({ reason: "CHALLENGE" });
  });
  it("a registration answer", () => refused({ type: "webauthn.create" }, "TYPE"));
  it("another site's rpId hash", () => refused({ rpID: "example.org" }, "RP_ID"));
  it("no user present", () => refused({ flags: 0x04 }, "USER_PRESENCE"));
  it("another key's signature", async () => refused({ signer: await Authenticator.create(BASE) }, "SIGNATURE"));
  it("a signature changed by one bit", () => refused({ signature: (s) => Uint8Array.from(s, (b, i) => (i === s.length - 1 ? b ^ 1 : b)) }, "SIGNATURE"));
  it("a signature of an EdDSA key changed by one bit", async () => {
    const { auth, credential } = await registered("EdDSA");
    await expect(signIn(auth, credential, { signature: (s) => Uint8Array.from(s, (b, i) => (i === 0 ? b ^ 1 : b)) })).rejects.toMatchObject({ reason: "SIGNATURE" });
  });
  it("a counter that went back, or stayed", async () => {
    await refused({ counter: 4 }, "COUNTER", (c) => ({ ...c, signCount: 5 }));
    await refused({ counter: 5 }, "COUNTER", (c) => ({ ...c, signCount: 5 }));
    await refused({ counter: 0 }, "COUNTER", (c) => ({ ...c, signCount: 5 }));
  });
  it("a stored key of an algorithm Muli does not verify", async () => {
    const es384 = await (await Authenticator.create(BASE, "ES384")).publicKey();
    await refused({}, "ALGORITHM", (c) => ({ ...c, publicKey: es384 }));
  });
  it("authenticator data with bytes left over", async () => {
    const { auth, credential } = await registered();
    const answer = await auth.signIn(asked);
    const longer = { ...answer, response: { ...answer.response, authenticatorData: answer.response.authenticatorData + "AA" } };
    await expect(verifySignIn(longer, expected, credential)).rejects.toMatchObject({ reason: "MALFORMED" });
  });
});

describe("an ECDSA signature's DER", () => {
  it("becomes r‖s of 32 bytes each, short integers padded, a sign byte dropped; anything else is refused", () => {
    const r = [0x00, 0x80, ...new Array(31).fill(1)]; // 33 bytes: a sign byte before a high bit
    const s = [0x05]; // a short integer
    const der = Uint8Array.from([0x30, 4 + r.length + s.length, 2, r.length, ...r, 2, s.length, ...s]);
    expect([...rawEcdsaSignature(der)!]).toEqual([0x80, ...new Array(31).fill(1), ...new Array(31).fill(0), 0x05]);
    expect(rawEcdsaSignature(der.slice(0, -1))).toBeNull();
    expect(rawEcdsaSignature(Uint8Array.from([...der, 0]))).toBeNull();
    expect(rawEcdsaSignature(Uint8Array.from([0x30, 6, 2, 1, 1, 3, 1, 1]))).toBeNull();
  });
});
