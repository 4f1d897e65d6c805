// Seat links carry their seat's token: D1 keeps them only sealed (AES-GCM), and a message carries
// the table's bare link (the player's own devices take the seat from the profile).
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { LinkSealError, openLink, redactLink, sealLink } from "../../worker/base/link-crypto";
import { deliver, flush, recordNotice } from "../../worker/notify/pipeline";
import { BASE, createTable, getView } from "./helpers";
import { addChannel, bodyText, createPlayer, eventually, linkSeat, noticesOf, outboxOf, playerRequest, received, receiver } from "./correspondence";

const uid = () => crypto.randomUUID().slice(0, 8);

/** Every row of every table in every D1 database (DB2 too in the split layout), as text. */
async function everyRow(): Promise<{ table: string; text: string }[]> {
  const out = [];
  for (const d1 of [env.DB, ...(env.DB2 ? [env.DB2] : [])]) {
    const { results: tables } = await d1.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all<{ name: string }>();
    for (const { name } of tables) {
      // D1's internal tables cannot be read (SQLITE_AUTH); nothing of ours is in them.
      if (name.startsWith("_cf_")) continue;
      const { results } = await d1.prepare(`SELECT * FROM "${name.replace(/"/g, '""')}"`).all();
      out.push({ table: name, text: JSON.stringify(results) });
    }
  }
  return out;
}

/** A player with a JSON webhook, linked to seat 1 of a fresh table, and a turn notice sent. */
async function turnSent() {
  const p = await createPlayer("Anna", { language: "en" });
  const path = `/hook/at-rest-${uid()}`;
  await addChannel(p.key, { kind: "webhook", url: receiver + path, format: "json" });
  const t = await createTable();
  await linkSeat(p.key, t.id, t.seats[1].token);
  await recordNotice(env, { type: "notice", kind: "turn", playerId: p.id, tableId: t.id, seat: 1, version: 0, deadline: null }, Date.now());
  await flush(env, p.id, Date.now());
  const [req] = await eventually(async () => (await received(path)).length > 0 && received(path), 10_000, "turn message");
  await eventually(async () => (await outboxOf(p.id))[0]?.status === "sent", 5000, "outbox sent");
  return { p, t, token: t.seats[1].token!, link: t.seats[1].link!, sent: JSON.parse(bodyText(req)) };
}

describe("seat links at rest", () => {
  it("are not sealed at all without a configured key, nor with the key wrangler.toml once published", async () => {
    const p = await createPlayer("Ohne", { language: "en" });
    const t = await createTable();
    const keep = env.LINK_KEY_DEV;
    const e = env as { LINK_KEY_DEV?: string };
    try {
      for (const key of [undefined, "WY-zw-1q7Rp0PXVFZM2886YAAQ3ZtY40Phen3KRoTi4"]) {
        e.LINK_KEY_DEV = key;
        const res = await playerRequest(p.key, "POST", "/seats", { table: t.id, token: t.seats[0].token });
        expect(res.status).toBe(503);
        expect((await res.json<{ error: { code: string } }>()).error.code).toBe("NOT_CONFIGURED");
      }
      const row = await env.DB.prepare("SELECT count(*) AS n FROM player_seats WHERE table_id = ?").bind(t.id).first<{ n: number }>();
      expect(row?.n).toBe(0);
    } finally {
      e.LINK_KEY_DEV = keep;
    }
    expect((await playerRequest(p.key, "POST", "/seats", { table: t.id, token: t.seats[0].token })).status).toBe(200);
  });

  it("no D1 table holds the raw token, and the message carries the table's link without it", async () => {
    const { p, t, token, link, sent } = await turnSent();
    expect(token.length).toBeGreaterThanOrEqual(32);

    const rows = await everyRow();
    expect(rows.map((r) => r.table)).toEqual(expect.arrayContaining(["player_seats", "outbox", "notices", "seats"]));
    expect(rows.filter((r) => r.text.includes(token)).map((r) => r.table)).toEqual([]);

    // The stored seat link is sealed; the outbox and the message have the table's bare link.
    const stored = await env.DB.prepare("SELECT link FROM player_seats WHERE table_id = ?").bind(t.id).first<{ link: string }>();
    expect(stored!.link).toMatch(/^v1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]+$/);
    expect(JSON.parse((await outboxOf(p.id))[0].payload).url).toBe(`${BASE}/t/${t.id}`);
    expect(sent.url).toBe(`${BASE}/t/${t.id}`);
    expect(sent.tables[0].link).toBe(`${BASE}/t/${t.id}`);
    expect(JSON.stringify(sent)).not.toContain(token);

    // The player's own profile (read with the key) gives the working link back.
    const me = await (await playerRequest(p.key, "GET", "")).json<{ seats: { table: string; link: string }[] }>();
    expect(me.seats.find((s) => s.table === t.id)!.link).toBe(link);
    const res = await getView(t.id, new URL(link).hash.slice(1));
    expect(res.status).toBe(200);
    expect((await res.json<{ you: number }>()).you).toBe(1);
  });

  it("seals with a fresh IV each time and opens only with its key", async () => {
    const link = `${BASE}/t/t_x#secret-token`;
    const [a, b] = [await sealLink(link), await sealLink(link)];
    expect(a).not.toBe(b);
    expect(a).not.toContain("secret-token");
    expect(await openLink(a)).toBe(link);
    expect(await openLink(b)).toBe(link);
    const other = btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(32)))).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
    await expect(openLink(a, other)).rejects.toBeInstanceOf(LinkSealError);
    await expect(openLink(await sealLink(link, other), other)).resolves.toBe(link);
    expect(redactLink(link)).toBe(`${BASE}/t/t_x#…`);
  });
});

/** `sealed` with one character of its ciphertext changed. */
function tamper(sealed: string): string {
  const i = sealed.length - 5;
  return sealed.slice(0, i) + (sealed[i] === "A" ? "B" : "A") + sealed.slice(i + 1);
}

describe("a tampered sealed link", () => {
  it.each([
    ["a changed ciphertext", tamper],
    ["garbage", () => "v1.%%%.???"],
    ["an unsealed link", () => `${BASE}/t/t_x#token`],
  ])("is rejected without a 5xx: %s", async (_, change) => {
    await expect(openLink(change(await sealLink("x")))).rejects.toBeInstanceOf(LinkSealError);
  });

  it("in player_seats: the profile answers 200 without it, the notice is dropped, nothing is sent", async () => {
    const p = await createPlayer();
    const path = `/hook/tampered-${uid()}`;
    await addChannel(p.key, { kind: "webhook", url: receiver + path, format: "json" });
    const t = await createTable();
    await linkSeat(p.key, t.id, t.seats[2].token);
    const { link } = (await env.DB.prepare("SELECT link FROM player_seats WHERE table_id = ?").bind(t.id).first<{ link: string }>())!;
    await env.DB.prepare("UPDATE player_seats SET link = ? WHERE table_id = ?").bind(tamper(link), t.id).run();

    const res = await playerRequest(p.key, "GET", "");
    expect(res.status).toBe(200);
    const me = await res.json<{ seats: { table: string; link: string }[] }>();
    expect(me.seats).toEqual([expect.objectContaining({ table: t.id, link: "" })]);

    await recordNotice(env, { type: "notice", kind: "turn", playerId: p.id, tableId: t.id, seat: 2, version: 0, deadline: null }, Date.now());
    await flush(env, p.id, Date.now());
    expect((await noticesOf(p.id)).map((n) => n.status)).toEqual(["stale"]);
    expect(await outboxOf(p.id)).toEqual([]);
  });

  it("in an outbox row queued by an older version: sent with the bare table link, its sealed secret never opened", async () => {
    const p = await createPlayer();
    const path = `/hook/tampered-out-${uid()}`;
    const ch = await addChannel(p.key, { kind: "webhook", url: receiver + path, format: "json" });
    const link = `${BASE}/t/t_abc#tok`;
    const id = `t:${uid()}`;
    const message = { kind: "turn", title: "T", text: redactLink(link), url: redactLink(link), tables: [] };
    await env.DB.prepare("INSERT INTO outbox (id, player_id, channel_id, channel_kind, kind, payload, links, status, attempts, created_at) VALUES (?, ?, ?, 'webhook', 'turn', ?, ?, 'queued', 0, ?)")
      .bind(id, p.id, ch, JSON.stringify(message), JSON.stringify({ [redactLink(link)]: tamper(await sealLink(link)) }), Date.now())
      .run();
    expect(await deliver(env, id, Date.now())).toBeNull();
    const row = await env.DB.prepare("SELECT status FROM outbox WHERE id = ?").bind(id).first<{ status: string }>();
    expect(row).toEqual({ status: "sent" });
    const [req] = await received(path);
    expect(JSON.parse(bodyText(req))).toMatchObject({ url: `${BASE}/t/t_abc`, text: `${BASE}/t/t_abc` });
  });
});
