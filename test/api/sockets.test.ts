// The WebSocket's refusals: a wrong token, no upgrade, and bad messages, each answered to the
// sender only and changing nothing.
import { SELF, env, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { tableStub } from "../../worker/table/stub";
import { broadcast } from "../../worker/table/sockets";
import type { TableRecord } from "../../worker/table/model";
import { asAction, BASE, createTable, post, stored, view } from "./helpers";
import type { ApiView } from "../../worker/table/view";
import { TestSocket } from "./socket";

async function openAll(id: string, tokens: (string | null)[]): Promise<TestSocket[]> {
  const socks = await Promise.all(tokens.map((t) => TestSocket.open(id, t)));
  return socks.map((s) => {
    if (!(s instanceof TestSocket)) throw new Error(`socket refused: ${s.status}`);
    return s;
  });
}

describe("the table socket", () => {
  it("takes its token from the first message only: a token in the address opens nothing", async () => {
    const t = await createTable();
    // Old clients put the token in the query string: ignored; the socket still has to say who it is.
    const sock = await TestSocket.connect(t.id, `?token=${t.seats[0].token}`);
    if (!(sock instanceof TestSocket)) throw new Error(`upgrade refused: ${sock.status}`);
    const legal = { type: "action", version: 0, action: { type: "noMulatschak" } };
    sock.send(legal);
    const refused = await sock.next((m) => m.type === "error");
    expect(refused.error!.code).toBe("UNAUTHORIZED");
    expect(await sock.closed()).toBe(4001);
    expect(sock.messages.some((m) => m.type === "view")).toBe(false);
    expect(await stored(t.id)).toMatchObject({ version: 0, logged: 0 });
    // The same token in the first message opens the seat.
    const good = await TestSocket.open(t.id, t.seats[0].token);
    expect(good).toBeInstanceOf(TestSocket);
    expect((await (good as TestSocket).next((m) => m.type === "view")).view).toMatchObject({ you: 0 });
    (good as TestSocket).close();
  });

  it("tells a socket that has not named its seat nothing: no view, no table talk", async () => {
    const t = await createTable();
    const pending = await TestSocket.connect(t.id);
    if (!(pending instanceof TestSocket)) throw new Error("upgrade refused");
    const seated = await TestSocket.open(t.id, t.seats[1].token);
    if (!(seated instanceof TestSocket)) throw new Error("socket refused");
    const said = await post(`/api/tables/${t.id}/chat`, { text: "Servus" }, { Authorization: `Bearer ${t.seats[0].token}` });
    expect(said.status).toBe(201);
    await seated.next((m) => m.type === "chat");
    expect(pending.messages).toEqual([]);
    pending.close();
    seated.close();
  });

  it("keeps at most four sockets per seat: a new one closes the oldest", async () => {
    const t = await createTable();
    const socks: TestSocket[] = [];
    for (let i = 0; i < 6; i++) {
      const s = await TestSocket.open(t.id, t.seats[1].token);
      if (!(s instanceof TestSocket)) throw new Error(`socket refused: ${s.status}`);
      socks.push(s);
    }
    expect(await socks[0].closed()).toBe(4008);
    expect(await socks[1].closed()).toBe(4008);
    // The four newest still get every view.
    const other = await TestSocket.open(t.id, t.seats[0].token);
    if (!(other instanceof TestSocket)) throw new Error("socket refused");
    const v = (await other.next((m) => m.type === "view")).view as unknown as { toAct: number[]; legal: unknown[] };
    const mover = v.toAct[0];
    const moverSock = mover === 1 ? socks[5] : mover === 0 ? other : ((await TestSocket.open(t.id, t.seats[mover].token)) as TestSocket);
    const moverView = (await moverSock.next((m) => m.type === "view")).view as unknown as { legal: ApiView["legal"] };
    const from = socks.map((s) => s.messages.length);
    moverSock.send({ type: "action", version: 0, action: asAction(moverView.legal[0]) });
    for (const [i, s] of socks.slice(2).entries()) expect((await s.next((m) => m.type === "view" && m.view!.version === 1, from[i + 2])).view!.you).toBe(1);
    for (const s of socks) s.close();
    other.close();
  });

  it("refuses a wrong or missing token, an unknown table, and a request without upgrade", async () => {
    const t = await createTable();
    for (const [id, token, status, code] of [
      [t.id, "wrong", 401, "UNAUTHORIZED"],
      [t.id, null, 401, "UNAUTHORIZED"],
      ["t_CCCCCCCCCCCCCCCC", t.seats[0].token, 404, "NOT_FOUND"],
    ] as const) {
      const res = await TestSocket.open(id, token);
      expect(res).toBeInstanceOf(Response);
      expect((res as Response).status).toBe(status);
      expect((await (res as Response).json<{ error: { code: string } }>()).error.code).toBe(code);
    }
    const plain = await SELF.fetch(`${BASE}/api/tables/${t.id}/ws?token=${t.seats[0].token}`);
    expect(plain.status).toBe(426);
  });

  it("sends the view on connect, and errors only to the sender for bad messages", async () => {
    const t = await createTable();
    const socks = await openAll(t.id, t.seats.map((s) => s.token));
    const first = await Promise.all(socks.map((s) => s.next((m) => m.type === "view")));
    first.forEach((m, seat) => expect(m.view).toMatchObject({ id: t.id, version: 0, you: seat }));
    const turn = first[0].view!.toAct[0];
    const mover = socks[turn];
    const idle = socks[(turn + 1) % 4];
    const legal = asAction((first[turn].view as unknown as { legal: ApiView["legal"] }).legal[0]);
    const cases: [TestSocket, unknown, string][] = [
      [mover, "not json", "INVALID_ACTION"],
      [mover, { type: "action", version: 0, action: { type: "fly" } }, "INVALID_ACTION"],
      [mover, { type: "action", version: 3, action: legal }, "STALE_VERSION"],
      [idle, { type: "action", version: 0, action: legal }, "NOT_YOUR_TURN"],
      [mover, { type: "action", version: 0, action: { type: "play", card: "EA" } }, "WRONG_PHASE"],
      [mover, "x".repeat(9000), "INVALID_ACTION"],
    ];
    for (const [sock, msg, code] of cases) {
      const from = sock.messages.length;
      sock.send(msg);
      expect((await sock.next((m) => m.type === "error", from)).error!.code).toBe(code);
    }
    // Nobody got anything but the first view; nothing changed.
    await new Promise((r) => setTimeout(r, 100));
    for (const s of socks) expect(s.messages.filter((m) => m.type === "view")).toHaveLength(1);
    expect(await stored(t.id)).toMatchObject({ version: 0, logged: 0 });

    // A good action: every seat gets its new view, the sender included.
    mover.send({ type: "action", version: 0, action: legal });
    const next = await Promise.all(socks.map((s) => s.next((m) => m.type === "view" && m.view!.version === 1)));
    next.forEach((m, seat) => expect(m.view!.you).toBe(seat));
    expect(await stored(t.id)).toMatchObject({ version: 1, logged: 1 });
    socks.forEach((s) => s.close());
  });

  it("answers pings without waking the table", async () => {
    const t = await createTable();
    const [sock] = await openAll(t.id, [t.seats[0].token]);
    sock.send({ type: "ping" });
    expect((await sock.next((m) => m.type === "pong")).type).toBe("pong");
    sock.close();
  });

  it("checks a socket's seat again on every message: once its token no longer opens the seat, it is refused and closed", async () => {
    const t = await createTable();
    const socks = await openAll(t.id, t.seats.map((s) => s.token));
    const first = await Promise.all(socks.map((s) => s.next((m) => m.type === "view")));
    const turn = first[0].view!.toAct[0];
    const legal = asAction((first[turn].view as unknown as { legal: ApiView["legal"] }).legal[0]);
    const closed = new Promise<number>((resolve) => socks[turn].ws.addEventListener("close", (e) => resolve(e.code)));
    // The seat's token stops opening it while its socket stays open (as if the close that a seat's
    // hand-over sends had been lost): only the re-check on the message stands between them.
    await runInDurableObject(tableStub(env, t.id), async (room) => {
      const table = (room as unknown as { core: { table: { seats: { tokenHash: string | null }[] } } }).core.table;
      table.seats[turn].tokenHash = "0".repeat(64);
    });
    const from = socks[turn].messages.length;
    socks[turn].send({ type: "action", version: 0, action: legal });
    expect((await socks[turn].next((m) => m.type === "error", from)).error!.code).toBe("UNAUTHORIZED");
    expect(await closed).toBe(4003);
    expect((await stored(t.id)).version).toBe(0);
    socks.forEach((s) => s.close());
  });

  it("closes a socket a view cannot be sent to (1011) and still sends the others theirs", async () => {
    const t = await createTable();
    await view(t.id, t.seats[0].token); // loads the table into its object
    const seen = await runInDurableObject(tableStub(env, t.id), async (room) => {
      const table = (room as unknown as { core: { table: TableRecord } }).core.table;
      // Two sockets of seat 0 as the runtime hands them over: one whose send fails (its peer is
      // gone without a close the object heard of), one that works.
      const fake = (fails: boolean) => {
        const sock = { sent: [] as string[], closed: null as number | null };
        const ws = {
          deserializeAttachment: () => ({ seat: 0, tokenHash: table.seats[0].tokenHash, since: 0 }),
          send: (text: string) => {
            if (fails) throw new TypeError("WebSocket send() after close()");
            sock.sent.push(text);
          },
          close: (code: number) => void (sock.closed = code),
        };
        return { sock, ws: ws as unknown as WebSocket };
      };
      const broken = fake(true);
      const fine = fake(false);
      broadcast([broken.ws, fine.ws], table);
      return { broken: broken.sock, fine: fine.sock };
    });
    expect(seen.broken.closed).toBe(1011);
    expect(seen.fine.closed).toBeNull();
    expect(seen.fine.sent.map((m) => (JSON.parse(m) as { type: string }).type)).toEqual(["view"]);
  });
});
