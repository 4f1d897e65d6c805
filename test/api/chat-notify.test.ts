// Table talk in the notifications: a turn message or digest mentions the unread chat of its
// tables ("Anna: Bin bis Sonntag weg"), muted and hidden messages never; a seat may ask to hear
// of every new message, which then goes through quiet hours and the digest window like a turn.
import { SELF, env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { DIGEST_WINDOW_MS, flush, recordNotice } from "../../worker/notify/pipeline";
import { BASE, auth, createTable, post } from "./helpers";
import { addChannel, createPlayer, drainQueue, eventually, linkSeat, noticesOf, outboxOf, playerRequest, receiver } from "./correspondence";
import { TestSocket } from "./socket";

const uid = () => crypto.randomUUID().slice(0, 8);

async function say(id: string, token: string | null, body: unknown): Promise<{ id: number }> {
  const res = await post(`/api/tables/${id}/chat`, body, auth(token));
  expect(res.status, await res.clone().text()).toBe(201);
  return res.json();
}

const settings = (id: string, token: string | null, body: unknown) =>
  SELF.fetch(`${BASE}/api/tables/${id}/chat/settings`, { method: "PATCH", headers: { "Content-Type": "application/json", ...auth(token) }, body: JSON.stringify(body) });

/** A player (Bernd's seat, seat 1) with a webhook at `n` fresh tables. */
async function setup(n: number, extra: Record<string, unknown> = {}) {
  const p = await createPlayer("Bernd", { language: "en" });
  if (Object.keys(extra).length) expect((await playerRequest(p.key, "PATCH", "", extra)).status).toBe(200);
  await addChannel(p.key, { kind: "webhook", url: `${receiver}/hook/chat-${uid()}` });
  const tables = [];
  for (let i = 0; i < n; i++) {
    const t = await createTable();
    await linkSeat(p.key, t.id, t.seats[1].token);
    tables.push(t);
  }
  const turn = (tableId: string) => recordNotice(env, { type: "notice", kind: "turn", playerId: p.id, tableId, seat: 1, version: 0, deadline: null }, Date.now());
  return { p, tables, turn };
}

const payloads = async (playerId: string) => (await outboxOf(playerId)).map((r) => JSON.parse(r.payload) as { kind: string; title: string; text: string });

describe("unread chat in turn messages", () => {
  it("is quoted in a digest, per table, without muted or hidden messages", async () => {
    const { p, tables, turn } = await setup(3);
    const [a, b, c] = tables;
    // Bernd's own words are never "unread" for him (writing marks what came before as read).
    await say(a.id, a.seats[1].token, { text: "ich bin Bernd" });
    await say(a.id, a.seats[0].token, { text: "Bin bis Sonntag weg" });
    // Two unread at b: the newest is quoted, with the count; a hidden one is not counted.
    await say(b.id, b.seats[2].token, { text: "Wer gibt?" });
    const rude = await say(b.id, b.seats[3].token, { text: "Schummler!" });
    await say(b.id, b.seats[3].token, { reaction: "gg" });
    expect((await post(`/api/tables/${b.id}/chat/${rude.id}/hide`, {}, auth(b.seats[0].token))).status).toBe(200);
    // c is muted by Bernd: its chat is not mentioned.
    await say(c.id, c.seats[0].token, { text: "geheim" });
    expect((await settings(c.id, c.seats[1].token, { muted: true })).status).toBe(200);

    for (const t of tables) await turn(t.id);
    await flush(env, p.id, Date.now());
    const [digest] = await payloads(p.id);
    expect(digest.kind).toBe("digest");
    const lines = digest.text.split("\n•").map((l) => l.trim());
    const lineOf = (id: string) => lines.find((l) => l.split(/\s+/).includes(`${BASE}/t/${id}`))!;
    expect(lineOf(a.id)).toContain("it is your turn at the table with Anna, Clara and Dora. Unread chat: Anna: Bin bis Sonntag weg");
    expect(lineOf(b.id)).toContain("Unread chat (2), the latest: Dora: 👏 Well played!");
    expect(digest.text).not.toContain("Schummler");
    expect(lineOf(c.id)).not.toContain("geheim");
    expect(lineOf(c.id)).not.toContain("Unread");
    expect(digest.text).not.toContain("ich bin Bernd");
  });

  it("is said in the player's language", async () => {
    const { p, tables, turn } = await setup(1, { language: "de" });
    await say(tables[0].id, tables[0].seats[0].token, { reaction: "luck" });
    await turn(tables[0].id);
    await flush(env, p.id, Date.now());
    const [m] = await payloads(p.id);
    expect(m.text).toBe("Bernd, du bist am Tisch mit Anna, Clara und Dora am Zug. Ungelesen im Tischgespräch: Anna: 🍀 Viel Glück!");
  });
});

describe("a seat that asked to hear of chat", () => {
  it("gets a message for a new message when it has no socket open, and none while it has", async () => {
    const { p, tables } = await setup(1);
    const t = tables[0];
    expect(await (await settings(t.id, t.seats[1].token, { notify: true })).json()).toEqual({ muted: false, notify: true });
    // While Bernd's socket is open, he reads along: no notice.
    const sock = await TestSocket.open(t.id, t.seats[1].token);
    if (!(sock instanceof TestSocket)) throw new Error("socket refused");
    await sock.next((m) => m.type === "view");
    await say(t.id, t.seats[0].token, { text: "bist du da?" });
    await sock.next((m) => m.type === "chat");
    sock.close();
    await eventually(async () => (await SELF.fetch(`${BASE}/api/tables/${t.id}/ws`)).status === 426, 2000, "socket gone");
    await drainQueue();
    expect(await noticesOf(p.id)).toEqual([]);
    // Now he is away: the next message reaches him through the queue.
    await say(t.id, t.seats[0].token, { text: "Bin bis Sonntag weg" });
    const [m] = await eventually(async () => { const r = await payloads(p.id); return r.length > 0 && r; }, 10_000, "chat message");
    expect(m).toMatchObject({ kind: "chat", title: "Muli: a new message" });
    expect(m.text).toBe("Bernd, a new message at the table with Anna, Clara and Dora: Anna: Bin bis Sonntag weg");
    expect((await noticesOf(p.id)).map((n) => n.kind)).toEqual(["chat"]);
  });

  it("waits out quiet hours and the digest window, and drops what was read meanwhile", async () => {
    const { p, tables } = await setup(2, { timeZone: "Europe/Vienna", quietHours: { start: "22:00", end: "07:00" } });
    const [a, b] = tables;
    const chatNotice = (tableId: string, id: number) => recordNotice(env, { type: "notice", kind: "chat", playerId: p.id, tableId, seat: 1, version: id, deadline: null }, Date.now());
    const m1 = await say(a.id, a.seats[0].token, { text: "Gute Nacht" });
    await chatNotice(a.id, m1.id);
    await flush(env, p.id, Date.UTC(2026, 11, 1, 22, 30)); // 23:30 in Vienna
    expect(await outboxOf(p.id)).toHaveLength(0);
    const morning = Date.UTC(2026, 11, 2, 6, 0); // 07:00 in Vienna
    await flush(env, p.id, morning);
    expect((await payloads(p.id)).map((m) => m.text)).toEqual(["Bernd, a new message at the table with Anna, Clara and Dora: Anna: Gute Nacht"]);
    // Within the digest window two more wait; one of them is read at the table before they go.
    const m2 = await say(a.id, a.seats[2].token, { text: "Guten Morgen" });
    const m3 = await say(b.id, b.seats[3].token, { text: "Kaffee?" });
    await chatNotice(a.id, m2.id);
    await chatNotice(b.id, m3.id);
    await flush(env, p.id, morning + 60_000);
    expect(await outboxOf(p.id)).toHaveLength(1);
    await post(`/api/tables/${a.id}/chat/read`, { upTo: m2.id }, auth(a.seats[1].token));
    await flush(env, p.id, morning + DIGEST_WINDOW_MS);
    const sent = await payloads(p.id);
    expect(sent).toHaveLength(2);
    expect(sent[1].text).toBe("Bernd, a new message at the table with Anna, Clara and Dora: Dora: Kaffee?");
    const statuses = Object.fromEntries((await noticesOf(p.id)).map((n) => [`${n.table_id}:${n.version}`, n.status]));
    expect(statuses).toEqual({ [`${a.id}:${m1.id}`]: "sent", [`${a.id}:${m2.id}`]: "stale", [`${b.id}:${m3.id}`]: "sent" });
  });
});
