// Web Push for real: the server builds an encrypted message for a subscription whose private key
// only this test knows, posts it to a loopback "push service", and the test decrypts it (RFC 8291,
// with WebCrypto's own HKDF, not the server's code) and checks the VAPID signature (RFC 8292).
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { addChannel, createPlayer, eventually, newSubscription, playerRequest, received, receiver, type Recorded } from "./correspondence";

const enc = new TextEncoder();
type B = Uint8Array<ArrayBuffer>;
const fromB64 = (s: string) => Uint8Array.from(atob(s.replace(/-/g, "+").replace(/_/g, "/") + "===".slice((s.length + 3) % 4)), (c) => c.charCodeAt(0));
const cat = (...parts: B[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let i = 0;
  for (const p of parts) out.set(p, (i += p.length) - p.length);
  return out;
};

async function hkdf(salt: B, ikm: B, info: B, bytes: number): Promise<B> {
  const key = await crypto.subtle.importKey("raw", ikm, "HKDF", false, ["deriveBits"]);
  return new Uint8Array(await crypto.subtle.deriveBits({ name: "HKDF", hash: "SHA-256", salt, info }, key, bytes * 8));
}

/** RFC 8291 §3 / RFC 8188: decrypt an aes128gcm push body with the user agent's private key. */
async function decrypt(body: B, uaPrivate: CryptoKey, uaPublic: B, auth: B): Promise<string> {
  const salt = body.slice(0, 16);
  const rs = new DataView(body.buffer, body.byteOffset).getUint32(16);
  const idlen = body[20];
  const asPublic = body.slice(21, 21 + idlen);
  const ciphertext = body.slice(21 + idlen);
  expect(idlen).toBe(65);
  expect(ciphertext.length).toBeLessThanOrEqual(rs);
  const asKey = await crypto.subtle.importKey("raw", asPublic, { name: "ECDH", namedCurve: "P-256" }, false, []);
  const ecdh = new Uint8Array(await crypto.subtle.deriveBits({ name: "ECDH", public: asKey } as EcdhKeyDeriveParams, uaPrivate, 256));
  const ikm = await hkdf(auth, ecdh, cat(enc.encode("WebPush: info\0"), uaPublic, asPublic), 32);
  const cek = await hkdf(salt, ikm, enc.encode("Content-Encoding: aes128gcm\0"), 16);
  const nonce = await hkdf(salt, ikm, enc.encode("Content-Encoding: nonce\0"), 12);
  const key = await crypto.subtle.importKey("raw", cek, "AES-GCM", false, ["decrypt"]);
  const padded = new Uint8Array(await crypto.subtle.decrypt({ name: "AES-GCM", iv: nonce }, key, ciphertext));
  // The last record ends with 0x02, then optional zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  expect(padded[end]).toBe(2);
  return new TextDecoder().decode(padded.slice(0, end));
}

async function verifyVapid(req: Recorded): Promise<Record<string, unknown>> {
  const m = /^vapid t=([^,]+),\s*k=(\S+)$/.exec(req.headers.authorization ?? "");
  expect(m, req.headers.authorization).not.toBeNull();
  const [, jwt, k] = m!;
  expect(k).toBe(env.VAPID_PUBLIC_KEY);
  const [h, c, s] = jwt.split(".");
  expect(JSON.parse(new TextDecoder().decode(fromB64(h)))).toEqual({ typ: "JWT", alg: "ES256" });
  const key = await crypto.subtle.importKey("raw", fromB64(k), { name: "ECDSA", namedCurve: "P-256" }, false, ["verify"]);
  const ok = await crypto.subtle.verify({ name: "ECDSA", hash: "SHA-256" }, key, fromB64(s), enc.encode(`${h}.${c}`));
  expect(ok).toBe(true);
  return JSON.parse(new TextDecoder().decode(fromB64(c)));
}

describe("Web Push", () => {
  it("sends a message only the subscription's private key can read, signed with the VAPID key", async () => {
    const p = await createPlayer("Anna", { language: "en" });
    const path = `/push/${crypto.randomUUID()}`;
    const sub = await newSubscription(receiver + path);
    const ch = await addChannel(p.key, { kind: "push", subscription: sub.subscription });
    expect((await playerRequest(p.key, "POST", `/channels/${ch}/test`)).status).toBe(202);
    const [req] = await eventually(async () => (await received(path)).length > 0 && received(path), 10_000, "push request");
    expect(req.headers["content-encoding"]).toBe("aes128gcm");
    expect(Number(req.headers.ttl)).toBeGreaterThan(0);
    const body = Uint8Array.from(atob(req.body), (c) => c.charCodeAt(0));
    const message = JSON.parse(await decrypt(body, sub.privateKey, sub.publicRaw, sub.auth));
    expect(message).toMatchObject({ title: "Muli: test message", url: "http://muli.test/settings" });
    // The plaintext is nowhere in what travelled.
    expect(new TextDecoder("latin1").decode(body)).not.toContain("Muli");
    const claims = await verifyVapid(req);
    expect(claims.aud).toBe(new URL(receiver).origin);
    expect(claims.sub).toBe("mailto:test@muli.test");
    expect(Number(claims.exp) * 1000 - Date.now()).toBeGreaterThan(3_600_000);
    expect(Number(claims.exp) * 1000 - Date.now()).toBeLessThanOrEqual(24 * 3_600_000);
  });

  it("cannot be read with another key pair", async () => {
    const p = await createPlayer();
    const path = `/push/${crypto.randomUUID()}`;
    const sub = await newSubscription(receiver + path);
    const other = await newSubscription(receiver + path);
    const ch = await addChannel(p.key, { kind: "push", subscription: sub.subscription });
    await playerRequest(p.key, "POST", `/channels/${ch}/test`);
    const [req] = await eventually(async () => (await received(path)).length > 0 && received(path), 10_000, "push request");
    const body = Uint8Array.from(atob(req.body), (c) => c.charCodeAt(0));
    await expect(decrypt(body, other.privateKey, sub.publicRaw, sub.auth)).rejects.toThrow();
  });
});
