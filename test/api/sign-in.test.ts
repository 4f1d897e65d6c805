// Signing a device in: a passkey (worker/players/webauthn/ in workerd, answered by a software
// authenticator; each of its refusals is in webauthn.test.ts), another device's sign-in link, an e-mailed one-time link; revoking a device and
// rotating a key. Every refusal is a 4xx with its code.
import { SELF, env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { BASE } from "./helpers";
import { addChannel, createPlayer, pauth, playerRequest } from "./correspondence";
import { Authenticator } from "./authenticator";
import { hashToken } from "../../worker/base/secrets";

const call = (path: string, init: { method?: string; key?: string; body?: unknown } = {}) =>
  SELF.fetch(`${BASE}/api/players${path}`, {
    method: init.method ?? (init.body === undefined ? "GET" : "POST"),
    headers: { ...(init.key ? pauth(init.key) : {}), ...(init.body === undefined ? {} : { "Content-Type": "application/json" }), "User-Agent": "Mozilla/5.0 (Linux; Android 14) Chrome/130.0 Mobile Safari/537.36" },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });

const code = async (res: Response) => (await res.json<{ error: { code: string } }>()).error.code;

interface Me {
  name: string;
  devices: { id: string; label: string; via: string; current: boolean }[];
  passkeys: { id: string; label: string }[];
}
const me = async (key: string) => (await playerRequest(key, "GET", "")).json<Me>();

async function withPasskey() {
  const p = await createPlayer("Anna");
  const auth = await Authenticator.create(BASE);
  const options = await (await call("/me/passkeys/options", { key: p.key, body: {} })).json<{ challenge: string; authenticatorSelection: { residentKey: string } }>();
  expect(options.authenticatorSelection.residentKey).toBe("required");
  const res = await call("/me/passkeys", { key: p.key, body: { response: await auth.register(options) } });
  expect(res.status, await res.clone().text()).toBe(201);
  return { p, auth };
}

const signInOptions = async () => (await call("/signin/passkey/options", { body: {} })).json<{ challenge: string }>();

describe("passkeys", () => {
  it("register on a signed-in device, then sign in on a device holding nothing: it gets a key of its own", async () => {
    const { p, auth } = await withPasskey();
    expect((await me(p.key)).passkeys).toEqual([expect.objectContaining({ id: auth.credentialId, label: "Chrome · Android" })]);
    const res = await call("/signin/passkey", { body: { response: await auth.signIn(await signInOptions()) } });
    expect(res.status, await res.clone().text()).toBe(200);
    const signed = await res.json<{ id: string; name: string; key: string }>();
    expect(signed).toMatchObject({ id: p.id, name: "Anna" });
    expect(signed.key).not.toBe(p.key);
    const devices = (await me(signed.key)).devices;
    expect(devices.map((d) => d.via).sort()).toEqual(["created", "passkey"]);
    expect(devices.find((d) => d.current)?.via).toBe("passkey");
    // Only hashes are kept: neither key nor the challenge's answer in D1.
    const rows = JSON.stringify((await env.DB.prepare("SELECT * FROM player_keys WHERE player_id = ?").bind(p.id).all()).results);
    expect(rows).not.toContain(signed.key);
    expect(rows).toContain(await hashToken(signed.key));
  });

  it("a challenge answers once: a replayed sign-in or registration is refused", async () => {
    const { p, auth } = await withPasskey();
    const answer = await auth.signIn(await signInOptions());
    expect((await call("/signin/passkey", { body: { response: answer } })).status).toBe(200);
    const again = await call("/signin/passkey", { body: { response: answer } });
    expect(again.status).toBe(401);
    expect(await code(again)).toBe("CHALLENGE_INVALID");
    // Registration: the same answer twice.
    const other = await Authenticator.create(BASE);
    const options = await (await call("/me/passkeys/options", { key: p.key, body: {} })).json<{ challenge: string }>();
    const reg = await other.register(options);
    expect((await call("/me/passkeys", { key: p.key, body: { response: reg } })).status).toBe(201);
    const twice = await call("/me/passkeys", { key: p.key, body: { response: reg } });
    expect(twice.status).toBe(400);
    expect(await code(twice)).toBe("CHALLENGE_INVALID");
  });

  it("refuses an expired challenge, a challenge never handed out, another key's signature, a removed passkey", async () => {
    const { p, auth } = await withPasskey();
    const options = await signInOptions();
    await env.DB.prepare("UPDATE webauthn_challenges SET expires_at = ? WHERE challenge = ?").bind(Date.now() - 1, options.challenge).run();
    const expired = await call("/signin/passkey", { body: { response: await auth.signIn(options) } });
    expect([expired.status, await code(expired)]).toEqual([401, "CHALLENGE_INVALID"]);
    const made = await call("/signin/passkey", { body: { response: await auth.signIn({ challenge: "bWFkZS11cC1jaGFsbGVuZ2U" }) } });
    expect([made.status, await code(made)]).toEqual([401, "CHALLENGE_INVALID"]);
    const forger = await Authenticator.create(BASE);
    const forged = await call("/signin/passkey", { body: { response: await auth.signIn(await signInOptions(), { signer: forger }) } });
    expect([forged.status, await code(forged)]).toEqual([401, "PASSKEY_REFUSED"]);
    expect((await call(`/me/passkeys/${encodeURIComponent(auth.credentialId)}`, { method: "DELETE", key: p.key })).status).toBe(204);
    const removed = await call("/signin/passkey", { body: { response: await auth.signIn(await signInOptions()) } });
    expect([removed.status, await code(removed)]).toEqual([401, "PASSKEY_UNKNOWN"]);
    // A registration challenge does not sign anyone in, and a malformed answer is a 400.
    const regOptions = await (await call("/me/passkeys/options", { key: p.key, body: {} })).json<{ challenge: string }>();
    const crossed = await call("/signin/passkey", { body: { response: await auth.signIn(regOptions) } });
    expect([crossed.status, await code(crossed)]).toEqual([401, "CHALLENGE_INVALID"]);
    const bad = await call("/signin/passkey", { body: { response: { id: "x" } } });
    expect([bad.status, await code(bad)]).toEqual([400, "INVALID_REQUEST"]);
  });
});

/** A sign-in link made on the device holding `key`: its id and token. */
async function makeLink(key: string): Promise<{ id: string; token: string; link: string; expiresAt: number }> {
  const res = await call("/me/signin-links", { key, body: {} });
  expect(res.status, await res.clone().text()).toBe(201);
  const made = await res.json<{ id: string; link: string; expiresAt: number }>();
  return { ...made, token: new URL(made.link).hash.slice(1) };
}

/** Signs a new device in with a fresh link from `key`: the new device's key and the link. */
async function linked(key: string) {
  const l = await makeLink(key);
  const res = await call("/signin", { key: l.token, body: {} });
  expect(res.status, await res.clone().text()).toBe(200);
  return { ...(await res.json<{ key: string }>()), link: l };
}

interface Links {
  signInLinks: { id: string; usedAt: number | null; devices: { id: string; signedOut: boolean }[] }[];
}

describe("sign-in links", () => {
  it("are good once, for a day, and never the device's key", async () => {
    const a = await createPlayer("Anna");
    const l = await makeLink(a.key);
    expect(l.link).toBe(`${BASE}/signin#${l.token}`);
    expect(l.token).toMatch(/^sl_[A-Za-z0-9_-]{32}$/);
    expect(l.token).not.toBe(a.key);
    expect(l.expiresAt - Date.now()).toBeLessThanOrEqual(24 * 3_600_000);
    const first = await call("/signin", { key: l.token, body: {} });
    expect(first.status).toBe(200);
    const again = await call("/signin", { key: l.token, body: {} });
    expect([again.status, await code(again)]).toEqual([401, "LINK_SPENT"]);
    // A device's key opens no sign-in (it used to be the link, reusable).
    const withKey = await call("/signin", { key: a.key, body: {} });
    expect([withKey.status, await code(withKey)]).toEqual([401, "UNAUTHORIZED"]);
    // An expired one is refused; the token is stored only hashed.
    const old = await makeLink(a.key);
    await env.DB.prepare("UPDATE sign_in_links SET expires_at = ? WHERE id = ?").bind(Date.now() - 1, old.id).run();
    const expired = await call("/signin", { key: old.token, body: {} });
    expect([expired.status, await code(expired)]).toEqual([401, "LINK_SPENT"]);
    const rows = JSON.stringify((await env.DB.prepare("SELECT * FROM sign_in_links WHERE player_id = ?").bind(a.id).all()).results);
    expect(rows).not.toContain(l.token);
    expect(rows).toContain(await hashToken(l.token));
  });

  it("list the device each signed in; revoking one stops it unused, and with signOut signs its device out too", async () => {
    const a = await createPlayer("Anna");
    const b = await linked(a.key);
    const listed = (await (await playerRequest(a.key, "GET", "")).json<Links>()).signInLinks;
    const bDevice = (await me(b.key)).devices.find((d) => d.current)!;
    expect(listed.find((x) => x.id === b.link.id)).toMatchObject({ usedAt: expect.any(Number), devices: [{ id: bDevice.id, signedOut: false }] });
    // Revoked without signOut: the device stays; with it, the device is signed out.
    const unused = await makeLink(a.key);
    expect((await call(`/me/signin-links/${unused.id}`, { method: "DELETE", key: a.key })).status).toBe(204);
    const dead = await call("/signin", { key: unused.token, body: {} });
    expect([dead.status, await code(dead)]).toEqual([401, "LINK_SPENT"]);
    expect((await call(`/me/signin-links/${b.link.id}?signOut=1`, { method: "DELETE", key: a.key })).status).toBe(204);
    const refused = await playerRequest(b.key, "GET", "");
    expect([refused.status, await code(refused)]).toEqual([401, "KEY_REVOKED"]);
    expect((await playerRequest(a.key, "GET", "")).status).toBe(200);
    // Gone from the list; another player's link is not found.
    expect((await (await playerRequest(a.key, "GET", "")).json<Links>()).signInLinks.map((x) => x.id)).not.toContain(b.link.id);
    const other = await createPlayer("Bert");
    const theirs = await makeLink(other.key);
    expect((await call(`/me/signin-links/${theirs.id}?signOut=1`, { method: "DELETE", key: a.key })).status).toBe(404);
  });

  it("a device signed in by a link cannot sign in further devices by its key", async () => {
    const a = await createPlayer("Anna");
    const b = await linked(a.key);
    const res = await call("/signin", { key: b.key, body: {} });
    expect([res.status, await code(res)]).toEqual([401, "UNAUTHORIZED"]);
  });
});

describe("devices", () => {
  it("a sign-in link gives the next device its own key; a revoked device's key stops at once (KEY_REVOKED)", async () => {
    const a = await createPlayer("Anna");
    const b = await linked(a.key);
    const devices = (await me(a.key)).devices;
    expect(devices).toHaveLength(2);
    const bDevice = (await me(b.key)).devices.find((d) => d.current)!;
    expect(bDevice).toMatchObject({ via: "link", label: "Chrome · Android" });
    expect((await call(`/me/devices/${bDevice.id}`, { method: "DELETE", key: a.key })).status).toBe(204);
    const refused = await playerRequest(b.key, "GET", "");
    expect([refused.status, await code(refused)]).toEqual([401, "KEY_REVOKED"]);
    expect((await me(a.key)).devices.map((d) => d.id)).not.toContain(bDevice.id);
    expect((await call(`/me/devices/${bDevice.id}`, { method: "DELETE", key: a.key })).status).toBe(404);
    // Another player's device is not found either.
    const other = await createPlayer("Bert");
    expect((await call(`/me/devices/${(await me(a.key)).devices[0].id}`, { method: "DELETE", key: other.key })).status).toBe(404);
  });

  it("rotating the key: this device goes on with the new key, the old key stops, the others are untouched", async () => {
    const a = await createPlayer("Anna");
    const b = await linked(a.key);
    const res = await call("/me/key", { key: a.key, body: {} });
    expect(res.status).toBe(200);
    const rotated = await res.json<{ key: string }>();
    expect(rotated.key).not.toBe(a.key);
    expect((await me(rotated.key)).name).toBe("Anna");
    expect((await playerRequest(a.key, "GET", "")).status).toBe(401);
    expect((await playerRequest(b.key, "GET", "")).status).toBe(200);
    expect((await me(rotated.key)).devices.map((d) => d.via).sort()).toEqual(["link", "rotated"]);
  });

  it("a league member who joined with their player is the member on every device of theirs", async () => {
    const made = await SELF.fetch(`${BASE}/api/leagues`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ name: "Stammtisch", rules: { preset: "standard" }, tableSize: 3, decisionHours: null }),
    });
    expect(made.status, await made.clone().text()).toBe(201);
    const l = await made.json<{ id: string; invite: string }>();
    const a = await createPlayer("Anna");
    const join = await SELF.fetch(`${BASE}/api/leagues/${l.id}/join`, {
      method: "POST",
      headers: { ...pauth(a.key), "Content-Type": "application/json" },
      body: JSON.stringify({ name: "Anna", invite: l.invite }),
    });
    expect(join.status, await join.clone().text()).toBe(201);
    const member = (await join.json<{ member: { id: string } }>()).member.id;
    const b = await linked(a.key);
    const seen = await SELF.fetch(`${BASE}/api/leagues/${l.id}`, { headers: pauth(b.key) });
    expect(seen.status, await seen.clone().text()).toBe(200);
    expect((await seen.json<{ you: unknown }>()).you).toMatchObject({ role: "member", member });
  });
});

describe("a sign-in link by e-mail", () => {
  async function mailed(token: string, playerId: string, expiresAt = Date.now() + 60_000) {
    await env.DB.prepare("INSERT INTO sign_in_mails (token_hash, player_id, expires_at) VALUES (?, ?, ?)").bind(await hashToken(token), playerId, expiresAt).run();
  }
  const token = () => "m_" + "x".repeat(8) + crypto.randomUUID().replace(/-/g, "").slice(0, 24);

  it("goes to a registered address only, stored hashed; the same answer for any address", async () => {
    const p = await createPlayer("Anna");
    await addChannel(p.key, { kind: "email", address: "Anna.Sign@example.com" });
    const known = await call("/signin/email", { body: { address: "anna.sign@example.com" } });
    expect(known.status).toBe(202);
    const unknown = await call("/signin/email", { body: { address: "nobody@example.com" } });
    expect(unknown.status).toBe(202);
    expect(await unknown.json()).toEqual(await known.json());
    const rows = (await env.DB.prepare("SELECT * FROM sign_in_mails WHERE player_id = ?").bind(p.id).all<{ token_hash: string; expires_at: number }>()).results;
    expect(rows).toHaveLength(1);
    expect(rows[0].token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0].expires_at - Date.now()).toBeLessThanOrEqual(15 * 60_000);
    const bad = await call("/signin/email", { body: { address: "not an address" } });
    expect([bad.status, await code(bad)]).toEqual([400, "INVALID_REQUEST"]);
  });

  it("signs in once: a replayed, an expired or a made-up link is refused (LINK_SPENT)", async () => {
    const p = await createPlayer("Anna");
    const t = token();
    await mailed(t, p.id);
    const res = await call("/signin/email/redeem", { body: { token: t } });
    expect(res.status).toBe(200);
    const signed = await res.json<{ key: string }>();
    expect((await me(signed.key)).devices.find((d) => d.current)?.via).toBe("email");
    const replay = await call("/signin/email/redeem", { body: { token: t } });
    expect([replay.status, await code(replay)]).toEqual([401, "LINK_SPENT"]);
    const old = token();
    await mailed(old, p.id, Date.now() - 1);
    const expired = await call("/signin/email/redeem", { body: { token: old } });
    expect([expired.status, await code(expired)]).toEqual([401, "LINK_SPENT"]);
    const made = await call("/signin/email/redeem", { body: { token: "m_nope" } });
    expect([made.status, await code(made)]).toEqual([401, "LINK_SPENT"]);
  });
});

describe("what a key is not", () => {
  it("a seat token does not open a player, a player key is not a seat link", async () => {
    const p = await createPlayer("Anna");
    const res = await call("/signin", { key: "x".repeat(32), body: {} });
    expect([res.status, await code(res)]).toEqual([401, "UNAUTHORIZED"]);
    const t = await (await SELF.fetch(`${BASE}/api/tables`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ rules: { preset: "standard", players: 3 }, seats: [{ name: "A" }, { name: "B" }, { name: "C" }] }) })).json<{ id: string }>();
    const linked = await playerRequest(p.key, "POST", "/seats", { table: t.id, token: p.key });
    expect([linked.status, await code(linked)]).toEqual([400, "INVALID_REQUEST"]);
  });
});
