// Whole games through the API: four seats over HTTP, the same over WebSockets, a Durable Object
// aborted mid-game, and bots. Every view and socket message is checked for hidden information.
import { abortAllDurableObjects } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { ApiView } from "../../worker/table/view";
import { act, chooseAction, createTable, expectNoLeak, stored, view, type Created } from "./helpers";
import { TestSocket } from "./socket";

/** One random action by the seat to act, over HTTP; checks all four views first. */
async function step(t: Created, salt: string): Promise<boolean> {
  const s = await stored(t.id);
  const views = await Promise.all(t.seats.map((seat) => view(t.id, seat.token)));
  views.forEach((v, seat) => {
    expect(v.version).toBe(s.version);
    expectNoLeak(v, seat, s.state);
  });
  if (s.state.phase === "over") return false;
  const seat = s.state.toAct[0];
  const action = await chooseAction(views[seat], s.state, salt);
  const res = await act(t.id, t.seats[seat].token, s.version, action);
  expect(res.status, `${JSON.stringify(action)} → ${await res.clone().text()}`).toBe(200);
  const next = await res.json<ApiView>();
  expect(next.version).toBe(s.version + 1);
  return true;
}

describe("a whole game", () => {
  it("is played to the end over HTTP by four seats, every view free of hidden cards", async () => {
    const t = await createTable();
    let actions = 0;
    while (await step(t, "http")) actions++;
    const end = await stored(t.id);
    expect(end.state.phase).toBe("over");
    expect(end.state.winners!.length).toBeGreaterThan(0);
    expect(end.version).toBe(actions);
    expect(end.logged).toBe(actions);
    // After the game, the record may be revealed.
    expect(((await view(t.id, t.seats[0].token)).reveal as { seed: string } | undefined)?.seed).toBe(end.state.seed);
  }, 120_000);

  it("is played to the end over WebSockets, every message free of hidden cards", async () => {
    const t = await createTable();
    const sockets = await Promise.all(t.seats.map((s) => TestSocket.open(t.id, s.token)));
    const socks = sockets.map((s) => {
      if (!(s instanceof TestSocket)) throw new Error(`no socket: ${s.status}`);
      return s;
    });
    let version = 0;
    for (;;) {
      const latest = await Promise.all(socks.map((sock) => sock.next((m) => m.type === "view" && m.view!.version === version)));
      const s = await stored(t.id);
      expect(s.version).toBe(version);
      latest.forEach((m, seat) => expectNoLeak(m, seat, s.state));
      if (s.state.phase === "over") break;
      const seat = s.state.toAct[0];
      const action = await chooseAction(latest[seat].view as unknown as ApiView, s.state, "ws");
      socks[seat].send({ type: "action", version, action });
      version++;
    }
    // No socket ever got an error, and every socket got exactly one view per version.
    for (const sock of socks) {
      expect(sock.messages.filter((m) => m.type !== "view")).toEqual([]);
      expect(sock.messages.map((m) => m.view!.version)).toEqual([...Array(version + 1).keys()]);
      sock.close();
    }
    expect(await stored(t.id)).toMatchObject({ version, logged: version });
  }, 120_000);
});

describe("a Durable Object aborted mid-game", () => {
  it("reloads the table from D1 and carries on", async () => {
    // A random game may end within a few actions (a lost Mulatschak): take one that lasts.
    let t: Created | null = null;
    for (let tries = 0; tries < 5 && !t; tries++) {
      const candidate = await createTable();
      let steps = 0;
      while (steps < 12 && (await step(candidate, `abort${tries}`))) steps++;
      if (steps === 12) t = candidate;
    }
    expect(t).not.toBeNull();
    // `seen` (the version a seat saw before this read) moves with every read; the rest must not.
    const game = ({ seen: _, ...v }: ApiView) => v;
    const before = await Promise.all(t!.seats.map(async (s) => game(await view(t!.id, s.token))));
    await abortAllDurableObjects();
    const after = await Promise.all(t!.seats.map(async (s) => game(await view(t!.id, s.token))));
    expect(after).toEqual(before);
    let more = 0;
    while (more < 12 && (await step(t!, "abort"))) more++;
    expect(more).toBeGreaterThan(0);
    expect(await stored(t!.id)).toMatchObject({ version: 12 + more, logged: 12 + more });
  }, 120_000);
});
