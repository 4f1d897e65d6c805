// Tables that end (API.md additions "Leaving and playing again", plus ending by agreement):
// leaving hands the seat to a bot at once, a rematch makes one new table however many seats ask
// at once, and a game ends early only when every person at the table agrees.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { tableCount, tableDb, act, auth, chooseAction, createTable, fetchOrFail, BASE, FOUR_HUMANS, getView, post, SHORT_RULES, stored, view, type Created } from "./helpers";
import { createPlayer, elapse, eventually, linkSeat, noticesOf, playerRequest } from "./correspondence";

type Err = { error: { code: string } };
const leave = (id: string, token: string | null) => post(`/api/tables/${id}/leave`, {}, auth(token));
const rematch = (id: string, token: string | null) => post(`/api/tables/${id}/rematch`, {}, auth(token));
const propose = (id: string, token: string | null, outcome: string) => post(`/api/tables/${id}/end`, { outcome }, auth(token));
const decline = (id: string, token: string | null) => fetchOrFail(`${BASE}/api/tables/${id}/end`, { method: "DELETE", headers: auth(token) });
const code = async (r: Response) => ((await r.json()) as Err).error.code;

async function playToEnd(t: Created, salt: string): Promise<void> {
  for (let guard = 0; guard < 3000; guard++) {
    const s = await stored(t.id);
    if (s.state.phase === "over") return;
    const seat = s.state.toAct[0];
    const token = t.seats[seat].token;
    if (token === null) {
      await new Promise((r) => setTimeout(r, 10)); // a bot is playing (alarm)
      continue;
    }
    const v = await view(t.id, token);
    const res = await act(t.id, token, s.version, await chooseAction(v, s.state, salt));
    expect(res.status, await res.clone().text()).toBe(200);
  }
  throw new Error("the game did not end");
}


describe("leaving a game", () => {
  it("hands the seat to a bot of the table's level, which plays at once; the others see it", async () => {
    const t = await createTable({ rules: SHORT_RULES, seats: [{ name: "Anna" }, { name: "Bernd" }, { name: "Eva", bot: "easy" }, { name: "Dora" }], autoPlay: false });
    await view(t.id, t.seats[0].token); // a person opens the table: from now on its bots play
    // Play until it is Bernd's turn, then Bernd leaves.
    for (let guard = 0; guard < 3000; guard++) {
      const s = await stored(t.id);
      if (s.state.toAct[0] === 1) break;
      const seat = s.state.toAct[0];
      if (t.seats[seat].token === null) {
        await new Promise((r) => setTimeout(r, 10));
        continue;
      }
      const v = await view(t.id, t.seats[seat].token);
      expect((await act(t.id, t.seats[seat].token, s.version, await chooseAction(v, s.state, "leave"))).status).toBe(200);
    }
    const before = await stored(t.id);
    expect(before.state.toAct[0]).toBe(1);
    const res = await leave(t.id, t.seats[1].token);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ seat: 1, bot: "easy" });
    // The game goes on at once: the bot plays Bernd's decision.
    await eventually(async () => (await stored(t.id)).version > before.version, 8000, "the bot played the left seat");
    const moved = await tableDb(t.id).prepare("SELECT seat FROM actions WHERE table_id = ? AND version = ?").bind(t.id, before.version + 1).first<{ seat: number }>();
    expect(moved?.seat).toBe(1);
    const other = await view(t.id, t.seats[0].token);
    expect(other.players[1]).toMatchObject({ name: "Bernd", bot: "easy", left: true });
    expect(other.players[0].left).toBe(false);

    // Leaving twice is refused; the left seat acts no more; its link still shows the table.
    const again = await leave(t.id, t.seats[1].token);
    expect(again.status).toBe(409);
    expect(await code(again)).toBe("ALREADY_LEFT");
    const mine = await view(t.id, t.seats[1].token);
    expect(mine.players[1].left).toBe(true);
    const refused = await act(t.id, t.seats[1].token, mine.version, { type: "pass" });
    expect(refused.status).toBe(409);
    expect(await code(refused)).toBe("SEAT_LEFT");
    const d1 = await tableDb(t.id).prepare("SELECT left_bot FROM seats WHERE table_id = ? AND seat = 1").bind(t.id).first<{ left_bot: string }>();
    expect(d1?.left_bot).toBe("easy");
  }, 30_000); // about 1 s alone; over 5 s under load

  it("is refused to a wrong token, at an unknown table, and after the game", async () => {
    const t = await createTable();
    expect((await leave(t.id, "not-a-token")).status).toBe(401);
    expect((await leave("t_doesnotexist", t.seats[0].token)).status).toBe(404);
    expect((await stored(t.id)).version).toBe(0);
    const alone = await createTable({ rules: SHORT_RULES, seats: [{ name: "Anna" }, { name: "B", bot: "random" }, { name: "C", bot: "random" }, { name: "D", bot: "random" }], autoPlay: false });
    // The only person leaves: the bots (level random) play the game to its end.
    const r = await leave(alone.id, alone.seats[0].token);
    expect(await r.json()).toEqual({ seat: 0, bot: "random" });
    await eventually(async () => (await stored(alone.id)).state.phase === "over", 30_000, "the bots finished the game");
    const late = await leave(alone.id, alone.seats[0].token);
    expect(late.status).toBe(409);
    expect(await code(late)).toBe("WRONG_PHASE");
  }, 40_000);
});

describe("playing again", () => {
  it("is refused before the end; afterwards every seat gets its own link to one new table", async () => {
    const t = await createTable({ ...FOUR_HUMANS, clock: { hours: 48, onTimeout: "botOnce" } });
    const early = await rematch(t.id, t.seats[2].token);
    expect(early.status).toBe(409);
    expect(await code(early)).toBe("WRONG_PHASE");
    expect((await rematch(t.id, "not-a-token")).status).toBe(401);
    await playToEnd(t, "rematch");
    const old = await stored(t.id);

    const first = await rematch(t.id, t.seats[2].token);
    expect(first.status).toBe(201);
    const r2 = await first.json<{ id: string; seat: number; token: string; link: string }>();
    expect(r2).toMatchObject({ seat: 2, link: `${BASE}/t/${r2.id}#${r2.token}` });
    expect(r2.id).not.toBe(t.id);
    const others = await Promise.all([0, 1, 3].map(async (seat) => {
      const res = await rematch(t.id, t.seats[seat].token);
      expect(res.status).toBe(200);
      return res.json<{ id: string; seat: number; token: string }>();
    }));
    expect(others.map((o) => [o.id, o.seat])).toEqual([[r2.id, 0], [r2.id, 1], [r2.id, 3]]);
    expect(new Set([r2.token, ...others.map((o) => o.token)]).size).toBe(4);

    // The old table points to the new one; the new one has the same seats and rules, the next dealer.
    expect((await view(t.id, t.seats[0].token)).rematch).toBe(r2.id);
    const next = await stored(r2.id);
    expect(next.version).toBe(0);
    expect(next.state.rules).toEqual(old.state.rules);
    expect(next.state.dealer).toBe((old.state.dealer + 1) % 4);
    expect(next.state.seed).not.toBe(old.state.seed);
    for (const o of [...others, r2]) {
      const v = await view(r2.id, o.token);
      expect(v.you).toBe(o.seat);
      expect(v.players.map((p) => p.name)).toEqual(["Anna", "Bernd", "Clara", "Dora"]);
      expect(v.clock?.decisionMs).toBe(48 * 3_600_000); // the options come along
    }
    // The old game's tokens open nothing at the new table.
    expect((await getView(r2.id, t.seats[0].token)).status).toBe(401);
    // Asking again gives the seat a new link; the one before opens nothing any more.
    const again = await rematch(t.id, t.seats[2].token);
    expect(again.status).toBe(200);
    const r2b = await again.json<{ id: string; token: string }>();
    expect(r2b.id).toBe(r2.id);
    expect((await getView(r2.id, r2.token)).status).toBe(401);
    expect((await getView(r2.id, r2b.token)).status).toBe(200);
  }, 60_000);

  it("asked by every seat at once makes one table", async () => {
    const t = await createTable();
    await playToEnd(t, "together");
    const tablesBefore = await tableCount();
    const answers = await Promise.all(t.seats.map((s) => rematch(t.id, s.token)));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([200, 200, 200, 201]);
    const bodies = await Promise.all(answers.map((a) => a.json<{ id: string; seat: number; token: string }>()));
    expect(new Set(bodies.map((b) => b.id)).size).toBe(1);
    expect(bodies.map((b) => b.seat).sort()).toEqual([0, 1, 2, 3]);
    expect(await tableCount()).toBe(tablesBefore + 1);
    for (const b of bodies) expect((await view(b.id, b.token)).you).toBe(b.seat);
  }, 60_000);
});

describe("a rematch reaches the seats that did not ask", () => {
  it("through their player: My games on any device lists their new seat, and they are told", async () => {
    const t = await createTable({ rules: { ...SHORT_RULES, players: 2 }, seats: [{ name: "Anna" }, { name: "Bernd" }], autoPlay: false });
    const bernd = await createPlayer("Bernd");
    await linkSeat(bernd.key, t.id, t.seats[1].token);
    await playToEnd(t, "told");
    const made = await rematch(t.id, t.seats[0].token);
    expect(made.status).toBe(201);
    const { id } = await made.json<{ id: string }>();
    // Bernd never pressed "Play again": his player holds his seat at the new table all the same.
    const me = await (await playerRequest(bernd.key, "GET", "")).json<{ seats: { table: string; seat: number; link: string }[] }>();
    const seat = me.seats.find((s) => s.table === id);
    expect(seat?.seat).toBe(1);
    const token = decodeURIComponent(seat!.link.split("#")[1]);
    expect((await view(id, token)).you).toBe(1);
    expect(token).not.toBe(t.seats[1].token);
    await eventually(async () => (await noticesOf(bernd.id)).some((n) => n.kind === "rematch" && n.table_id === id), 8000, "Bernd told of the rematch");
    // Asking later gives him his own link again (a new one: the one his player holds stops).
    const later = await rematch(t.id, t.seats[1].token);
    expect(later.status).toBe(200);
    expect((await later.json<{ id: string }>()).id).toBe(id);
  }, 60_000);
});

describe("ending by agreement", () => {
  it("ends when every person agrees; a move lets the proposal lapse; a refusal withdraws it", async () => {
    const t = await createTable({ rules: SHORT_RULES, seats: [{ name: "Anna" }, { name: "Bernd" }, { name: "Muli", bot: "random" }, { name: "Dora" }], autoPlay: false });
    // The bot may be the cutter: its bots play once a person has opened the table, and once it
    // has cut, nothing moves until a person does.
    await view(t.id, t.seats[0].token);
    await eventually(async () => (await stored(t.id)).state.toAct.every((x) => x !== 2), 8000, "the bot moved");
    expect((await propose(t.id, t.seats[0].token, "draw")).status).toBe(400);
    const p = await propose(t.id, t.seats[0].token, "score");
    expect(p.status).toBe(200);
    expect(await p.json()).toMatchObject({ proposal: { by: 0, outcome: "score", agreed: [0] }, ended: null });
    expect((await view(t.id, t.seats[3].token)).proposal).toMatchObject({ by: 0, outcome: "score" });
    // A move: the proposal lapses (the person's, once the bot has played if it was its turn).
    await eventually(async () => (await stored(t.id)).state.toAct.every((x) => x !== 2), 8000, "the bot moved");
    const s = await stored(t.id);
    const seat = s.state.toAct[0];
    const v = await view(t.id, t.seats[seat].token);
    expect((await act(t.id, t.seats[seat].token, s.version, await chooseAction(v, s.state, "end"))).status).toBe(200);
    expect((await view(t.id, t.seats[3].token)).proposal).toBeNull();
    // Proposed again, declined by one: gone.
    await eventually(async () => (await stored(t.id)).state.toAct.every((x) => x !== 2), 8000, "the bot moved");
    expect((await propose(t.id, t.seats[1].token, "annul")).status).toBe(200);
    expect((await decline(t.id, t.seats[3].token)).status).toBe(200);
    expect((await view(t.id, t.seats[0].token)).proposal).toBeNull();
    expect(await code(await decline(t.id, t.seats[3].token))).toBe("NO_PROPOSAL");
    // Every person agrees (the bot is not asked): over, scored as it stands.
    await eventually(async () => (await stored(t.id)).state.toAct.every((x) => x !== 2), 8000, "the bot moved");
    const at = await stored(t.id);
    await propose(t.id, t.seats[0].token, "score");
    await propose(t.id, t.seats[1].token, "score");
    const last = await propose(t.id, t.seats[3].token, "score");
    const body = await last.json<{ ended: { outcome: string; winners: number[] } }>();
    const best = Math.min(...at.state.points);
    expect(body.ended).toMatchObject({ outcome: "score", winners: at.state.points.flatMap((x, i) => (x === best ? [i] : [])) });
    const end = await view(t.id, t.seats[1].token);
    expect(end).toMatchObject({ phase: "over", legal: [], toAct: [], winners: body.ended.winners, proposal: null });
    expect(end.ended?.outcome).toBe("score");
    const after = await stored(t.id);
    expect(after.version).toBe(at.version); // nothing was played meanwhile
    const refused = await act(t.id, t.seats[after.state.toAct[0]]?.token ?? t.seats[0].token, after.version, { type: "pass" });
    expect(refused.status).toBe(409);
    expect(await code(refused)).toBe("WRONG_PHASE");
    expect(await code(await propose(t.id, t.seats[0].token, "annul"))).toBe("WRONG_PHASE");
    await new Promise((r) => setTimeout(r, 100));
    expect((await stored(t.id)).version).toBe(at.version); // the bot plays no more
    // A game ended by agreement can be played again.
    expect((await rematch(t.id, t.seats[0].token)).status).toBe(201);
  }, 40_000);

  it("annulled: nobody wins", async () => {
    const t = await createTable({ rules: { ...SHORT_RULES, players: 2 }, seats: [{ name: "Anna" }, { name: "Bernd" }], autoPlay: false });
    await propose(t.id, t.seats[1].token, "annul");
    const r = await propose(t.id, t.seats[0].token, "annul");
    expect((await r.json<{ ended: { winners: number[] } }>()).ended.winners).toEqual([]);
    expect((await view(t.id, t.seats[0].token))).toMatchObject({ phase: "over", winners: [] });
  }, 30_000);
});

describe("out of time twice in a row", () => {
  const HOUR = 3_600_000;
  /** Let the human seat to act run out of time once more (a bot plays that decision). */
  async function timeOut(t: Created): Promise<number> {
    const s = await stored(t.id);
    expect(await elapse(t.id, 24 * HOUR + 1)).toBe(true);
    await eventually(async () => (await stored(t.id)).version > s.version, 8000, "the bot played the timed-out decision");
    return s.state.toAct[0];
  }
  /** Play (as a person) until `seat` is to act. */
  async function untilTurnOf(t: Created, seat: number): Promise<void> {
    for (let guard = 0; guard < 100; guard++) {
      const s = await stored(t.id);
      if (s.state.toAct[0] === seat) return;
      const other = s.state.toAct[0];
      const v = await view(t.id, t.seats[other].token);
      expect((await act(t.id, t.seats[other].token, s.version, await chooseAction(v, s.state, "strikes"))).status).toBe(200);
    }
    throw new Error(`seat ${seat} never came to act`);
  }

  it("a bot takes the seat over until its player returns, and the table says so", async () => {
    const t = await createTable({ rules: { ...SHORT_RULES, players: 2 }, seats: [{ name: "Anna" }, { name: "Bernd" }], autoPlay: false, clock: { hours: 24, onTimeout: "botOnce" } });
    const seat = (await stored(t.id)).state.toAct[0];
    const other = 1 - seat;
    expect(await timeOut(t)).toBe(seat);
    // Once is one decision: the seat is still its player's.
    expect((await view(t.id, t.seats[other].token)).clock?.away ?? []).toEqual([]);
    await untilTurnOf(t, seat);
    expect(await timeOut(t)).toBe(seat);
    // Twice in a row: taken over; the other seat sees it; the bot plays the seat's next turn itself.
    expect((await view(t.id, t.seats[other].token)).clock?.away).toEqual([seat]);
    await untilTurnOf(t, seat);
    await eventually(async () => (await stored(t.id)).state.toAct[0] !== seat, 8000, "the bot played the taken-over seat");
    // The player returns (opens the table): the seat is theirs again.
    expect((await view(t.id, t.seats[seat].token)).clock?.away ?? []).toEqual([]);
  }, 60_000);

  it("a move of the player's own in between starts the count again", async () => {
    const t = await createTable({ rules: { ...SHORT_RULES, players: 2 }, seats: [{ name: "Anna" }, { name: "Bernd" }], autoPlay: false, clock: { hours: 24, onTimeout: "botOnce" } });
    const seat = (await stored(t.id)).state.toAct[0];
    expect(await timeOut(t)).toBe(seat);
    await untilTurnOf(t, seat);
    // The player acts themselves this time.
    const s = await stored(t.id);
    const v = await view(t.id, t.seats[seat].token);
    expect((await act(t.id, t.seats[seat].token, s.version, await chooseAction(v, s.state, "own"))).status).toBe(200);
    await untilTurnOf(t, seat);
    expect(await timeOut(t)).toBe(seat);
    expect((await view(t.id, t.seats[1 - seat].token)).clock?.away ?? []).toEqual([]);
  }, 60_000);
});

describe("the host sets the clock", () => {
  const HOUR = 3_600_000;
  const setClock = (id: string, key: string | null, clock: unknown) =>
    fetchOrFail(`${BASE}/api/tables/${id}/clock`, { method: "PATCH", headers: { "Content-Type": "application/json", ...auth(key) }, body: JSON.stringify({ clock }) });

  it("from the next decision on; the decision now awaited keeps its deadline; only the host may", async () => {
    const res = await post("/api/tables", { ...FOUR_HUMANS, clock: { hours: 48, onTimeout: "botOnce" } });
    const t = await res.json<Created & { host: { key: string } }>();
    const first = await view(t.id, t.seats[0].token);
    const deadline = first.deadline;
    expect(deadline).not.toBeNull();
    const hostClock = async () => ((await (await fetchOrFail(`${BASE}/api/tables/${t.id}/host`, { headers: auth(t.host.key) })).json()) as { clock: unknown }).clock;
    expect(await hostClock()).toEqual({ hours: 48, onTimeout: "botOnce" }); // the host's page shows it
    expect((await setClock(t.id, t.seats[0].token, { hours: 12 })).status).toBe(401); // a seat token is no host key
    expect((await setClock(t.id, t.host.key, { hours: 0 })).status).toBe(400);
    const ok = await setClock(t.id, t.host.key, { hours: 12, onTimeout: "takeover" });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ clock: { hours: 12, onTimeout: "takeover" } });
    expect(await hostClock()).toEqual({ hours: 12, onTimeout: "takeover" });
    const now = await view(t.id, t.seats[1].token);
    expect(now.deadline).toBe(deadline); // nobody on the clock has it changed under them
    expect(now.clock).toMatchObject({ decisionMs: 12 * HOUR, onTimeout: "takeover" });
    // The next decision runs on the new clock.
    const s = await stored(t.id);
    const seat = s.state.toAct[0];
    const v = await view(t.id, t.seats[seat].token);
    const before = Date.now();
    expect((await act(t.id, t.seats[seat].token, s.version, await chooseAction(v, s.state, "clock"))).status).toBe(200);
    const next = Date.parse((await view(t.id, t.seats[0].token)).deadline!);
    expect(next).toBeGreaterThanOrEqual(before + 12 * HOUR);
    expect(next).toBeLessThan(Date.now() + 12 * HOUR + 1000);
    // No clock at all: from the next decision on, no deadline.
    expect((await setClock(t.id, t.host.key, null)).status).toBe(200);
    expect(await hostClock()).toBeNull();
    const s2 = await stored(t.id);
    const seat2 = s2.state.toAct[0];
    const v2 = await view(t.id, t.seats[seat2].token);
    expect((await act(t.id, t.seats[seat2].token, s2.version, await chooseAction(v2, s2.state, "clock2"))).status).toBe(200);
    expect((await view(t.id, t.seats[0].token)).deadline).toBeNull();
    const row = await env.DB.prepare("SELECT decision_ms FROM table_options WHERE table_id = ?").bind(t.id).first<{ decision_ms: number | null }>();
    expect(row?.decision_ms).toBeNull();
  }, 30_000); // about 1 s alone; over 5 s under load
});
