// Web Push for real: the server builds an encrypted message for a subscription whose private key
// only this test knows, posts it to a loopback "push service", and the test decrypts it (RFC 8291,
// with WebCrypto's own HKDF, not the server's code) and checks the VAPID signature (RFC 8292).
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { addChannel, createPlayer, eventually, newSubscription, playerRequest, received, receiver, type Recorded } from "./correspondence";
import { decrypt, enc, fromB64 } from "./push-reader";

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
