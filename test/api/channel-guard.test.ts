// Guards on a player's channels: a webhook request is signed with the channel's own secret (shown
// once), in the format the README gives; the cap of 10 channels holds under concurrent adds. And
// links are built on the configured origin, not on the request's Host header.
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import worker from "../../worker/index";
import { BASE, FOUR_HUMANS } from "./helpers";
import { bodyText, createPlayer, eventually, playerRequest, received, receiver, type Recorded } from "./correspondence";

const uid = () => crypto.randomUUID().slice(0, 8);

/** The README's recipe, written out independently of the server's code. */
async function verifies(secret: string, header: string | undefined, body: string, nowS = Math.floor(Date.now() / 1000)): Promise<boolean> {
  const m = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header ?? "");
  if (!m) return false;
  const [, t, sig] = m;
  if (Math.abs(nowS - Number(t)) > 300) return false;
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["verify"]);
  const bytes = Uint8Array.from(sig.match(/../g)!, (h) => parseInt(h, 16));
  return crypto.subtle.verify("HMAC", key, bytes, new TextEncoder().encode(`${t}.${body}`));
}

describe("a webhook", () => {
  it("gets its secret once, and every request is signed with it: the recipe verifies, a tampered body or an old timestamp does not", async () => {
    const p = await createPlayer("Anna", { language: "en" });
    const path = `/hook/signed-${uid()}`;
    const res = await playerRequest(p.key, "POST", "/channels", { kind: "webhook", url: receiver + path, format: "json" });
    expect(res.status).toBe(201);
    const made = await res.json<{ id: number; secret: string }>();
    expect(made.secret).toMatch(/^whsec_[A-Za-z0-9_-]{32}$/);
    // Shown once: neither the profile nor D1 has it in the clear.
    const profile = await (await playerRequest(p.key, "GET", "")).text();
    expect(profile).not.toContain(made.secret);
    const stored = await env.DB.prepare("SELECT config FROM channels WHERE id = ?").bind(made.id).first<{ config: string }>();
    expect(stored!.config).not.toContain(made.secret);

    expect((await playerRequest(p.key, "POST", `/channels/${made.id}/test`)).status).toBe(202);
    const [req] = await eventually<Recorded[]>(async () => {
      const r = await received(path);
      return r.length > 0 && r;
    }, 10_000, "webhook request");
    const body = bodyText(req);
    const header = req.headers["muli-signature"];
    expect(await verifies(made.secret, header, body)).toBe(true);
    expect(await verifies(made.secret, header, body.replace("Muli", "Mule"))).toBe(false);
    expect(await verifies("whsec_" + "A".repeat(32), header, body)).toBe(false);
    // Replayed ten minutes later: refused by the recipe's five-minute window.
    expect(await verifies(made.secret, header, body, Math.floor(Date.now() / 1000) + 600)).toBe(false);
  });
});

describe("the channel cap", () => {
  it("holds under 45 concurrent adds: at most 10 stored, every other add refused with 400 TOO_MANY_CHANNELS", async () => {
    const p = await createPlayer();
    const answers = await Promise.all(
      Array.from({ length: 45 }, (_, i) => playerRequest(p.key, "POST", "/channels", { kind: "webhook", url: `${receiver}/hook/cap-${uid()}-${i}`, format: "json" })),
    );
    const statuses = answers.map((r) => r.status);
    const refused = await Promise.all(answers.filter((r) => r.status !== 201).map((r) => r.json<{ error: { code: string } }>()));
    const stored = await env.DB.prepare("SELECT count(*) AS n FROM channels WHERE player_id = ?").bind(p.id).first<{ n: number }>();
    expect(stored!.n).toBe(10);
    expect(statuses.filter((s) => s === 201).length).toBe(10);
    expect(new Set(refused.map((r) => r.error.code))).toEqual(new Set(["TOO_MANY_CHANNELS"]));
  });
});

describe("links", () => {
  it("are built on PUBLIC_ORIGIN, whatever the Host header says", async () => {
    const req = new Request("http://evil.example/api/tables", { method: "POST", headers: { "Content-Type": "application/json", Host: "evil.example" }, body: JSON.stringify(FOUR_HUMANS) });
    const ctx = createExecutionContext();
    const res = await worker.fetch(req, { ...env, PUBLIC_ORIGIN: "https://muli.club.example" }, ctx);
    await waitOnExecutionContext(ctx);
    expect(res.status).toBe(201);
    const t = await res.json<{ seats: { link: string | null }[]; host?: { link: string } }>();
    const links = [...t.seats.map((s) => s.link).filter((l): l is string => !!l), ...(t.host ? [t.host.link] : [])];
    expect(links.length).toBeGreaterThan(0);
    for (const l of links) expect(l.startsWith("https://muli.club.example/")).toBe(true);
    expect(JSON.stringify(t)).not.toContain("evil.example");
    expect(BASE).not.toContain("evil");
  });
});
