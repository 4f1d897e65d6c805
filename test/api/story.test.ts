// "Since you were here": the server keeps the version each seat last saw and tells it in the first
// view of a visit; GET /api/tables/:id/story?from=N tells what happened after N (and this hand),
// from public facts only.
import { describe, expect, it } from "vitest";
import type { StoryItem } from "../../worker/engine";
import type { ApiView } from "../../worker/table/view";
import { act, auth, BASE, chooseAction, createTable, expectNoLeak, fetchOrFail, stored, view } from "./helpers";
import { TestSocket } from "./socket";

const getStory = (id: string, token: string | null, from: number | string) =>
  fetchOrFail(`${BASE}/api/tables/${id}/story?from=${from}`, { headers: auth(token) });

describe("since you were here", () => {
  it("the first view of a visit says what the seat saw last; the story after it is public", async () => {
    const t = await createTable();
    expect((await view(t.id, t.seats[2].token)).seen).toBe(0);
    // Others play on while seat 2 is away (when it is to act right after its own move, as the
    // cutter is after a white hand's redeal, it acts: the version after its own last action is
    // what it saw last).
    let seen2 = 0;
    for (let i = 0; i < 14; i++) {
      const s = await stored(t.id);
      const seat = s.state.toAct[0];
      if (seat === 2 && s.version > seen2) break;
      const v = await view(t.id, t.seats[seat].token);
      const res = await act(t.id, t.seats[seat].token, s.version, await chooseAction(v, s.state, "story"));
      expect(res.status).toBe(200);
      if (seat === 2) seen2 = s.version + 1;
    }
    const back = await view(t.id, t.seats[2].token);
    expect(back.version).toBeGreaterThan(seen2);
    expect(back.seen).toBe(seen2);
    expect((await view(t.id, t.seats[2].token)).seen).toBe(back.version); // now it has seen it

    const res = await getStory(t.id, t.seats[2].token, 0);
    expect(res.status).toBe(200);
    const body = await res.json<{ version: number; handFrom: number; items: StoryItem[] }>();
    expect(body.version).toBe(back.version);
    expect(new Set(body.items.map((i) => i.version))).toEqual(new Set(Array.from({ length: back.version }, (_, i) => i + 1)));
    // Nothing in it that seat 2 may not know now.
    expectNoLeak({ view: { ...back, story: body.items } }, 2, (await stored(t.id)).state);
    const later = await (await getStory(t.id, t.seats[2].token, back.version - 1)).json<{ items: StoryItem[]; handFrom: number }>();
    expect(later.items.every((i) => i.version > Math.min(back.version - 1, later.handFrom))).toBe(true);
  });

  it("a socket's first view says it too, and a seat watching live has seen every version", async () => {
    const t = await createTable();
    const sock = await TestSocket.open(t.id, t.seats[1].token);
    if (!(sock instanceof TestSocket)) throw new Error("no socket");
    const first = await sock.next((m) => m.type === "view");
    expect((first.view as unknown as ApiView).seen).toBe(0);
    const s = await stored(t.id);
    const seat = s.state.toAct[0];
    const v = await view(t.id, t.seats[seat].token);
    expect((await act(t.id, t.seats[seat].token, s.version, await chooseAction(v, s.state, "live"))).status).toBe(200);
    await sock.next((m) => m.type === "view" && m.view!.version === 1);
    sock.close();
    expect((await view(t.id, t.seats[1].token)).seen).toBe(1);
  });

  it("refuses a wrong token and a bad version", async () => {
    const t = await createTable();
    expect((await getStory(t.id, "nope", 0)).status).toBe(401);
    const bad = await getStory(t.id, t.seats[0].token, "x");
    expect(bad.status).toBe(400);
    expect((await bad.json<{ error: { code: string } }>()).error.code).toBe("INVALID_REQUEST");
  });
});
