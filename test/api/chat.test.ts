// Table talk through the API: bounds, quick reactions, the rate limit, who may read, unread counts
// and read marks, muting, hiding and reporting; and the socket's `chat` message. Chat never
// changes what a view shows.
import { SELF, env } from "cloudflare:test";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CHAT_RATE, MAX_CHAT_CHARS } from "../../worker/chat/text";
import { BASE, auth, createTable, getView, post, stored, startRound } from "./helpers";
import { TestSocket } from "./socket";

type Msg = { id: number; seat: number; name: string; text: string; at: string; kind: string; reaction?: string };
type Listing = { messages: Msg[]; unread: number; lastRead: number; muted: boolean; notify: boolean; moderator: boolean };

const say = (id: string, token: string | null, body: unknown) => post(`/api/tables/${id}/chat`, body, auth(token));
const listing = (id: string, token: string | null) => SELF.fetch(`${BASE}/api/tables/${id}/chat`, { headers: auth(token) });
const patch = (path: string, body: unknown, token: string | null) =>
  SELF.fetch(BASE + path, { method: "PATCH", headers: { "Content-Type": "application/json", ...auth(token) }, body: JSON.stringify(body) });

async function read(id: string, token: string | null): Promise<Listing> {
  const res = await listing(id, token);
  expect(res.status, await res.clone().text()).toBe(200);
  return res.json();
}

async function said(id: string, token: string | null, text: string): Promise<Msg> {
  const res = await say(id, token, { text });
  expect(res.status, await res.clone().text()).toBe(201);
  return res.json();
}

const errorCode = async (res: Response) => (await res.json<{ error: { code: string } }>()).error.code;

describe("table talk", () => {
  it("takes 1–500 characters after trimming, answers API.md's shape, and lists oldest first", async () => {
    const t = await createTable();
    const [anna, bernd] = t.seats.map((s) => s.token);
    const first = await said(t.id, anna, "  Bin bis Sonntag weg  ");
    expect(first).toMatchObject({ seat: 0, name: "Anna", text: "Bin bis Sonntag weg", kind: "text" });
    expect(typeof first.id).toBe("number");
    expect(new Date(first.at).toISOString()).toBe(first.at);
    // Exactly 500 characters (an emoji counts as one) is fine; 501, empty and blank are not.
    const long = "🂡" + "x".repeat(MAX_CHAT_CHARS - 1);
    expect((await said(t.id, bernd, long)).text).toBe(long);
    for (const body of [{ text: "x".repeat(MAX_CHAT_CHARS + 1) }, { text: "" }, { text: " \n\t " }, { text: 5 }, {}, "not json"]) {
      const res = await say(t.id, bernd, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(await errorCode(res)).toBe("INVALID_MESSAGE");
    }
    // Markup is stored and sent as the text it is; control characters are dropped.
    const markup = await said(t.id, bernd, "<b>hi</b>\u0007 <img src=x onerror=alert(1)>");
    expect(markup.text).toBe("<b>hi</b> <img src=x onerror=alert(1)>");
    const l = await read(t.id, t.seats[2].token);
    expect(l.messages.map((m) => m.id)).toEqual([first.id, first.id + 1, markup.id].sort((a, b) => a - b));
    expect(l.messages.map((m) => m.seat)).toEqual([0, 1, 1]);
    expect(l).toMatchObject({ unread: 3, muted: false, notify: false });
  });

  it("stores a quick reaction like a message", async () => {
    const t = await createTable();
    const res = await say(t.id, t.seats[1].token, { reaction: "gg" });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ seat: 1, kind: "reaction", reaction: "gg", text: "👏" });
    expect((await say(t.id, t.seats[1].token, { reaction: "boo" })).status).toBe(400);
    const row = await env.DB.prepare("SELECT kind, text, author FROM chat_messages WHERE room = ?").bind(t.id).first();
    expect(row).toEqual({ kind: "reaction", text: "gg", author: "1" });
  });

  it("limits each seat, not the table", async () => {
    const t = await createTable();
    for (let i = 0; i < CHAT_RATE.messages; i++) await said(t.id, t.seats[0].token, `Nachricht ${i}`);
    const over = await say(t.id, t.seats[0].token, { text: "eine zu viel" });
    expect(over.status).toBe(429);
    expect(await errorCode(over)).toBe("RATE_LIMITED");
    // Another seat still talks; the refused message is nowhere.
    await said(t.id, t.seats[1].token, "ich darf noch");
    const l = await read(t.id, t.seats[2].token);
    expect(l.messages).toHaveLength(CHAT_RATE.messages + 1);
    expect(l.messages.some((m) => m.text === "eine zu viel")).toBe(false);
    // Once the window has passed, the seat may talk again.
    await env.DB.prepare("UPDATE chat_messages SET at = at - ? WHERE room = ?").bind(CHAT_RATE.windowMs, t.id).run();
    await said(t.id, t.seats[0].token, "wieder da");
  });

  it("is read only by the table's seats", async () => {
    const t = await createTable();
    const other = await createTable();
    await said(t.id, t.seats[0].token, "nur für uns");
    for (const token of [null, "wrong-token", other.seats[0].token]) {
      expect((await listing(t.id, token)).status).toBe(401);
      expect((await say(t.id, token, { text: "hallo" })).status).toBe(401);
    }
    expect((await listing("t_CCCCCCCCCCCCCCCC", t.seats[0].token)).status).toBe(404);
    expect((await read(other.id, other.seats[0].token)).messages).toEqual([]);
  });

  it("counts unread messages by others until they are marked read", async () => {
    const t = await createTable();
    const [anna, bernd] = t.seats.map((s) => s.token);
    await said(t.id, anna, "eins");
    const two = await said(t.id, anna, "zwei");
    expect((await read(t.id, anna)).unread).toBe(0); // your own messages are read
    const unread = () => SELF.fetch(`${BASE}/api/tables/${t.id}/chat/unread`, { headers: auth(bernd) }).then((r) => r.json<{ unread: number }>());
    expect(await unread()).toEqual({ unread: 2, muted: false });
    const marked = await post(`/api/tables/${t.id}/chat/read`, { upTo: two.id - 1 }, auth(bernd));
    expect(await marked.json()).toEqual({ unread: 1 });
    await post(`/api/tables/${t.id}/chat/read`, { upTo: two.id }, auth(bernd));
    // A read mark never moves back.
    await post(`/api/tables/${t.id}/chat/read`, { upTo: 0 }, auth(bernd));
    expect(await unread()).toEqual({ unread: 0, muted: false });
    expect((await post(`/api/tables/${t.id}/chat/read`, { upTo: -1 }, auth(bernd))).status).toBe(400);
  });

  it("lets a seat mute the table's chat for itself only", async () => {
    const t = await createTable();
    const [anna, bernd, clara] = t.seats.map((s) => s.token);
    const muted = await patch(`/api/tables/${t.id}/chat/settings`, { muted: true }, bernd);
    expect(await muted.json()).toEqual({ muted: true, notify: false });
    await said(t.id, anna, "hört mich wer?");
    expect(await read(t.id, bernd)).toMatchObject({ unread: 0, muted: true });
    expect(await read(t.id, clara)).toMatchObject({ unread: 1, muted: false });
    await patch(`/api/tables/${t.id}/chat/settings`, { muted: false }, bernd);
    expect(await read(t.id, bernd)).toMatchObject({ unread: 1, muted: false });
    expect((await patch(`/api/tables/${t.id}/chat/settings`, { muted: "yes" }, bernd)).status).toBe(400);
  });

  it("lets the creator's seat hide a message for everyone, and nobody else", async () => {
    const t = await createTable({ rules: { preset: "standard", players: 3 }, seats: [{ name: "Muli", bot: "random" }, { name: "Anna" }, { name: "Bernd" }] });
    const [, anna, bernd] = t.seats.map((s) => s.token);
    const rude = await said(t.id, bernd, "du Schummler");
    await said(t.id, bernd, "Entschuldigung");
    expect((await read(t.id, anna)).moderator).toBe(true); // the first person's seat
    expect((await read(t.id, bernd)).moderator).toBe(false);
    const denied = await post(`/api/tables/${t.id}/chat/${rude.id}/hide`, {}, auth(bernd));
    expect(denied.status).toBe(403);
    expect((await post(`/api/tables/${t.id}/chat/${rude.id}/hide`, {}, auth("wrong"))).status).toBe(401);
    expect((await post(`/api/tables/${t.id}/chat/${rude.id}/hide`, {}, auth(anna))).status).toBe(200);
    expect((await post(`/api/tables/${t.id}/chat/${rude.id}/hide`, {}, auth(anna))).status).toBe(404);
    expect((await post(`/api/tables/${t.id}/chat/999999/hide`, {}, auth(anna))).status).toBe(404);
    for (const token of [anna, bernd]) expect((await read(t.id, token)).messages.map((m) => m.text)).toEqual(["Entschuldigung"]);
    expect((await read(t.id, anna)).unread).toBe(1);
  });

  it("lets the host hide a message: by the host key, or from the seat of the player who made the table", async () => {
    const p = (await (await post("/api/players", { name: "Clara" })).json()) as { key: string };
    const made = await post("/api/tables", { rules: { preset: "standard", players: 3 }, seats: [{ name: "Anna" }, { name: "Bernd" }, { name: "Clara" }], you: 2 }, auth(p.key));
    expect(made.status).toBe(201);
    const t = (await made.json()) as { id: string; seats: { token: string }[]; host: { key: string } };
    const [anna, bernd, clara] = t.seats.map((s) => s.token);
    // The host's seat is Clara's, not the first one.
    expect((await read(t.id, clara)).moderator).toBe(true);
    expect((await read(t.id, anna)).moderator).toBe(false);
    const rude = await said(t.id, bernd, "du Schummler");
    expect((await post(`/api/tables/${t.id}/chat/${rude.id}/hide`, {}, auth(anna))).status).toBe(403);
    expect((await post(`/api/tables/${t.id}/chat/${rude.id}/hide`, {}, auth(t.host.key))).status).toBe(200);
    const worse = await said(t.id, bernd, "noch schlimmer");
    expect((await post(`/api/tables/${t.id}/chat/${worse.id}/hide`, {}, auth(clara))).status).toBe(200);
    expect((await read(t.id, anna)).messages).toEqual([]);
    // The host key reads no chat: it is not a seat.
    expect((await listing(t.id, t.host.key)).status).toBe(401);
  });

  it("sends a reported message to the feedback store with its table", async () => {
    const t = await createTable();
    const m = await said(t.id, t.seats[1].token, "gemeiner Satz");
    const res = await post(`/api/tables/${t.id}/chat/${m.id}/report`, { reason: "beleidigend" }, auth(t.seats[2].token));
    expect(res.status).toBe(201);
    const { id } = await res.json<{ id: number }>();
    const row = await env.DB.prepare("SELECT kind, text, room, message_id AS messageId FROM feedback WHERE id = ?").bind(id).first<{ kind: string; text: string; room: string; messageId: number }>();
    expect(row).toMatchObject({ kind: "chat", room: t.id, messageId: m.id });
    expect(row!.text).toContain("gemeiner Satz");
    expect(row!.text).toContain("beleidigend");
    // Without a reason is fine; an outsider cannot report.
    expect((await SELF.fetch(`${BASE}/api/tables/${t.id}/chat/${m.id}/report`, { method: "POST", headers: auth(t.seats[0].token) })).status).toBe(201);
    expect((await post(`/api/tables/${t.id}/chat/${m.id}/report`, {}, auth("wrong"))).status).toBe(401);
  });

  it("changes nothing a view shows: same version, same ETag, same body", async () => {
    const t = await createTable();
    const before = await getView(t.id, t.seats[0].token);
    const body = await before.text();
    await said(t.id, t.seats[1].token, "Gut gespielt!");
    await say(t.id, t.seats[2].token, { reaction: "wow" });
    const after = await getView(t.id, t.seats[0].token);
    expect(after.headers.get("ETag")).toBe(before.headers.get("ETag"));
    expect(await after.text()).toBe(body);
    expect(await stored(t.id)).toMatchObject({ version: 0, logged: 0 });
    const again = await getView(t.id, t.seats[0].token, { "If-None-Match": before.headers.get("ETag")! });
    expect(again.status).toBe(304);
  });
});

describe("table talk on the socket", () => {
  it("reaches every open socket of the table as a chat message, and no view", async () => {
    const t = await createTable();
    const other = await createTable();
    const socks = await Promise.all([...t.seats.map((s) => TestSocket.open(t.id, s.token)), TestSocket.open(other.id, other.seats[0].token)]);
    const open = socks.map((s) => {
      if (!(s instanceof TestSocket)) throw new Error(`socket refused: ${s.status}`);
      return s;
    });
    await Promise.all(open.map((s) => s.next((m) => m.type === "view")));
    const sent = await said(t.id, t.seats[2].token, "Servus beinand");
    for (const s of open.slice(0, 4)) {
      const m = (await s.next((x) => x.type === "chat")) as unknown as { message: Msg };
      expect(m.message).toEqual(sent);
    }
    // A hidden message is taken back on every socket.
    await post(`/api/tables/${t.id}/chat/${sent.id}/hide`, {}, auth(t.seats[0].token));
    for (const s of open.slice(0, 4)) expect(await s.next((x) => x.type === "chatHidden")).toEqual({ type: "chatHidden", id: sent.id });
    await new Promise((r) => setTimeout(r, 100));
    for (const s of open.slice(0, 4)) expect(s.messages.filter((m) => m.type === "view")).toHaveLength(1);
    expect(open[4].messages.map((m) => m.type)).toEqual(["view"]);
    open.forEach((s) => s.close());
  });
});

describe("table talk at a league table", () => {
  async function leagueRound() {
    const res = await post("/api/leagues", { name: "Stammtisch", rules: { preset: "standard", startPoints: 2 }, tableSize: 3, decisionHours: null });
    const l = await res.json<{ id: string; adminKey: string; invite: string }>();
    const keys: string[] = [];
    for (const name of ["Anna", "Bernd", "Clara", "Dora", "Emil", "Franz"]) {
      const j = await post(`/api/leagues/${l.id}/join`, { invite: l.invite, name });
      keys.push((await j.json<{ key: string }>()).key);
    }
    await startRound(l.id, l.adminKey);
    const page = await (await SELF.fetch(`${BASE}/api/leagues/${l.id}`, { headers: auth(l.adminKey) })).json<{ rounds: { tables: { tableId: string }[] }[] }>();
    const [a, b] = page.rounds[0].tables.map((x) => x.tableId);
    // The seat tokens at a table: each member's league page links their own seat.
    const at = async (table: string) => {
      const tokens: string[] = [];
      for (const k of keys) {
        const mine = await (await SELF.fetch(`${BASE}/api/leagues/${l.id}`, { headers: auth(k) })).json<{ rounds: { tables: { tableId: string; link: string | null }[] }[] }>();
        const link = mine.rounds[0].tables.find((x) => x.tableId === table)?.link;
        if (link && (await getView(table, new URL(link).hash.slice(1))).status === 200) tokens.push(new URL(link).hash.slice(1));
      }
      return tokens;
    };
    return { l, a, b, seatedA: await at(a), seatedB: await at(b) };
  }

  it("is read by nobody but its seats, and the league's admin may hide a message", async () => {
    const { l, a, seatedA, seatedB } = await leagueRound();
    expect(seatedA).toHaveLength(3);
    const m = await said(a, seatedA[0], "Servus");
    // Another member of the league, and the league's admin, read nothing here.
    for (const key of [seatedB[0], l.adminKey]) {
      expect((await listing(a, key)).status).toBe(401);
      expect((await say(a, key, { text: "hallo" })).status).toBe(401);
    }
    // No seat of a league table moderates; the admin does.
    expect((await read(a, seatedA[0])).moderator).toBe(false);
    expect((await post(`/api/tables/${a}/chat/${m.id}/hide`, {}, auth(seatedA[0]))).status).toBe(403);
    expect((await post(`/api/tables/${a}/chat/${m.id}/hide`, {}, auth(seatedB[0]))).status).toBe(401);
    expect((await post(`/api/tables/${a}/chat/${m.id}/hide`, {}, auth(l.adminKey))).status).toBe(200);
    expect((await read(a, seatedA[1])).messages).toEqual([]);
  }, 30_000);
});

describe("a league's board", () => {
  async function leagueOf(visibility = "private") {
    const res = await post("/api/leagues", { name: "Stammtisch", rules: { preset: "standard" }, tableSize: 3, decisionHours: null, visibility });
    const l = await res.json<{ id: string; adminKey: string; invite: string }>();
    const members: { id: string; key: string }[] = [];
    for (const name of ["Anna", "Bernd"]) {
      const j = await (await post(`/api/leagues/${l.id}/join`, { invite: l.invite, name })).json<{ member: { id: string }; key: string }>();
      members.push({ id: j.member.id, key: j.key });
    }
    return { l, members };
  }
  const board = (id: string, key: string | null) => SELF.fetch(`${BASE}/api/leagues/${id}/board`, { headers: key ? auth(key) : {} });

  it("is for the league's members and admin, with the same rules as a table", async () => {
    const { l, members } = await leagueOf("public");
    const [anna, bernd] = members;
    const res = await post(`/api/leagues/${l.id}/board`, { text: "  Dienstag um acht?  " }, auth(anna.key));
    expect(res.status).toBe(201);
    const m = await res.json<Msg & { member: string }>();
    expect(m).toMatchObject({ member: anna.id, name: "Anna", text: "Dienstag um acht?", kind: "text" });
    expect((await post(`/api/leagues/${l.id}/board`, { text: "x".repeat(501) }, auth(bernd.key))).status).toBe(400);
    expect((await post(`/api/leagues/${l.id}/board`, { reaction: "thanks" }, auth(bernd.key))).status).toBe(201);
    const seen = await (await board(l.id, bernd.key)).json<Listing>();
    expect(seen).toMatchObject({ unread: 0, moderator: false }); // Bernd wrote after Anna
    expect(seen.messages.map((x) => x.text)).toEqual(["Dienstag um acht?", "🙏"]);
    expect(await (await board(l.id, l.adminKey)).json()).toMatchObject({ unread: 2, moderator: true });
    // A public league's guests see the league, not its board.
    expect((await board(l.id, null)).status).toBe(403);
    expect((await post(`/api/leagues/${l.id}/board`, { text: "hallo" }, {})).status).toBe(403);
    // Rate limit per member.
    for (let i = 1; i < CHAT_RATE.messages; i++) expect((await post(`/api/leagues/${l.id}/board`, { text: `${i}` }, auth(anna.key))).status).toBe(201);
    expect((await post(`/api/leagues/${l.id}/board`, { text: "zu viel" }, auth(anna.key))).status).toBe(429);
    // Muting is one's own; only the admin hides; anyone of the league reports.
    expect(await (await patch(`/api/leagues/${l.id}/board/settings`, { muted: true }, bernd.key)).json()).toEqual({ muted: true });
    expect(await (await board(l.id, bernd.key)).json()).toMatchObject({ unread: 0, muted: true });
    expect((await post(`/api/leagues/${l.id}/board/${m.id}/hide`, {}, auth(bernd.key))).status).toBe(403);
    const reported = await post(`/api/leagues/${l.id}/board/${m.id}/report`, { reason: "Spam" }, auth(bernd.key));
    expect(reported.status).toBe(201);
    const fb = await env.DB.prepare("SELECT room, message_id AS messageId, kind FROM feedback WHERE id = ?").bind((await reported.json<{ id: number }>()).id).first();
    expect(fb).toEqual({ room: l.id, messageId: m.id, kind: "chat" });
    expect((await post(`/api/leagues/${l.id}/board/${m.id}/hide`, {}, auth(l.adminKey))).status).toBe(200);
    expect((await (await board(l.id, anna.key)).json<Listing>()).messages.some((x) => x.id === m.id)).toBe(false);
  }, 30_000);

  it("does not exist for outsiders of a private league, nor for a removed member", async () => {
    const { l, members } = await leagueOf();
    expect((await board(l.id, null)).status).toBe(404);
    expect((await board(l.id, "wrong-key")).status).toBe(401);
    const del = await SELF.fetch(`${BASE}/api/leagues/${l.id}/members/${members[1].id}`, { method: "DELETE", headers: auth(l.adminKey) });
    expect(del.status).toBe(200);
    expect((await board(l.id, members[1].key)).status).toBe(401);
    expect((await board(l.id, members[0].key)).status).toBe(200);
  });
});

describe("arbitrary input to table talk", () => {
  it("is never a 5xx, and a refused message stores nothing", async () => {
    const t = await createTable();
    const count = async () => (await env.DB.prepare("SELECT count(*) AS n FROM chat_messages WHERE room = ?").bind(t.id).first<{ n: number }>())!.n;
    const first = await said(t.id, t.seats[0].token, "erste");
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom("", "/read", `/${first.id}/report`, `/${first.id}/hide`, "/x/hide", "/settings"),
        fc.oneof(fc.anything(), fc.record({ text: fc.oneof(fc.string({ unit: "binary" }), fc.anything()) }), fc.record({ reaction: fc.oneof(fc.constantFrom("gg", "boo"), fc.anything()), upTo: fc.anything(), muted: fc.anything(), reason: fc.anything() })),
        fc.integer({ min: 1, max: 3 }),
        async (path, body, seat) => {
          const before = await count();
          const init = { method: path === "/settings" ? "PATCH" : "POST", headers: { "Content-Type": "application/json", ...auth(t.seats[seat].token) }, body: JSON.stringify(body) ?? "undefined" };
          const res = await SELF.fetch(`${BASE}/api/tables/${t.id}/chat${path}`, init);
          expect(res.status, `${path} ${JSON.stringify(body)} → ${await res.clone().text()}`).toBeLessThan(500);
          if (res.status !== 201 || path !== "") expect(await count()).toBe(before);
          // Stay under the rate limit: the property is about input, not about flooding.
          if (res.status === 201 && path === "") await env.DB.prepare("UPDATE chat_messages SET at = at - ? WHERE room = ?").bind(CHAT_RATE.windowMs, t.id).run();
          await res.body?.cancel();
        },
      ),
      { numRuns: 150 },
    );
  }, 120_000);
});
