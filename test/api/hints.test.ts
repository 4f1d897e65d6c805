// Hints through the API: a suggestion for the seat to act is an action the engine accepts, with
// its reason in both languages, names no card the seat may not see, and changes nothing; refused
// out of turn, after the game, at a table that switched hints off, and in every league game.
import { SELF, abortAllDurableObjects, env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { applyAction, cardName, cardWords, type Action, type GameState } from "../../worker/engine";
import { BASE, FOUR_HUMANS, act, auth, createTable, fetchOrFail, post, stored, view, startRound } from "./helpers";

interface HintBody {
  version: number;
  action: Action;
  code: string;
  reason: { de: string; en: string };
}

const getHint = (id: string, token: string | null, headers: Record<string, string> = {}) =>
  fetchOrFail(`${BASE}/api/tables/${id}/hint`, { headers: token === null ? headers : { ...auth(token), ...headers } });

async function refused(res: Response, status: number, code: string): Promise<void> {
  const text = await res.text();
  expect(res.status, text).toBe(status);
  const body = JSON.parse(text) as { error: { code: string; message: string } };
  expect(body.error.code).toBe(code);
  expect(body.error.message.length).toBeGreaterThan(5);
}

/**
 * The cards `seat` may not know: the other hands, the talon and the discards, except the face-up
 * offer (public) and the cards it laid away itself.
 */
function hiddenFrom(state: GameState, seat: number): number[] {
  const h = state.hand;
  const known = new Set([...h.hands[seat], ...h.putAway[seat], ...(h.offer ? [h.offer.card] : [])]);
  return [...h.hands.flatMap((cards, s) => (s === seat ? [] : cards)), ...h.talon, ...h.discards].filter((c) => !known.has(c));
}

/** A hint names cards in its action (card names) and in its reasons (words): none may be hidden. */
function expectNoHiddenCard(body: HintBody, state: GameState, seat: number): void {
  const json = JSON.stringify(body);
  expect(json).not.toContain(state.seed);
  for (const c of hiddenFrom(state, seat)) {
    expect(json, `hint for seat ${seat} names ${cardName(c)}`).not.toContain(`"${cardName(c)}"`);
    expect(body.reason.de).not.toContain(cardWords(c, "de"));
    expect(body.reason.en).not.toContain(cardWords(c, "en"));
  }
}

describe("a hint for the seat to act", () => {
  it("is an action the engine accepts, with both reasons, no hidden card, and changes nothing; a whole game follows the hints", async () => {
    const t = await createTable();
    expect((await view(t.id, t.seats[0].token)).hints).toBe(true);
    const codes = new Set<string>();
    let steps = 0;
    for (;;) {
      const before = await stored(t.id);
      const { state } = before;
      if (state.phase === "over") break;
      expect(steps++, "the game should end within 400 actions").toBeLessThan(400);
      const seat = state.toAct[0];
      const token = t.seats[seat].token;
      if (state.phase === "cut") {
        // A cut has nothing to weigh: no hint, the seat cuts with a number of its own.
        await refused(await getHint(t.id, token), 409, "WRONG_PHASE");
        expect((await act(t.id, token, before.version, { type: "cut", value: steps * 7919 })).status).toBe(200);
        continue;
      }
      const res = await getHint(t.id, token);
      expect(res.status, await res.clone().text()).toBe(200);
      expect(res.headers.get("Cache-Control")).toContain("no-store");
      const body = await res.json<HintBody>();
      expect(body.version).toBe(before.version);
      expect(body.code).toMatch(/^[a-zA-Z]+$/);
      expect(body.reason.de.length).toBeGreaterThan(3);
      expect(body.reason.en.length).toBeGreaterThan(3);
      expect(body.reason.de).not.toBe(body.reason.en);
      expect(applyAction(state, seat, body.action).ok, `${body.code}: ${JSON.stringify(body.action)}`).toBe(true);
      expectNoHiddenCard(body, state, seat);
      codes.add(body.code);
      // Read-only: no version, no logged action, the state in D1 as it was.
      const after = await stored(t.id);
      expect(after.version).toBe(before.version);
      expect(after.logged).toBe(before.logged);
      expect(after.state).toEqual(state);
      // Seats not to act get no hint.
      for (const other of t.seats.filter((s) => !state.toAct.includes(s.seat))) await refused(await getHint(t.id, other.token), 409, "NOT_YOUR_TURN");
      const done = await act(t.id, token, before.version, body.action);
      expect(done.status, await done.clone().text()).toBe(200);
    }
    // Bidding, trump, exchange and play all asked for advice on the way.
    expect(codes.size).toBeGreaterThan(5);
    for (const s of t.seats) await refused(await getHint(t.id, s.token), 409, "WRONG_PHASE");
  }, 180_000);

  it("refuses a missing or wrong token with 401 and an unknown table with 404", async () => {
    const t = await createTable();
    await refused(await getHint(t.id, null), 401, "UNAUTHORIZED");
    await refused(await getHint(t.id, "not-a-seat-token"), 401, "UNAUTHORIZED");
    await refused(await getHint("t_nosuchtable00000000", t.seats[0].token), 404, "NOT_FOUND");
    await refused(await getHint("../etc", t.seats[0].token), 404, "NOT_FOUND");
  });
});

describe("switching hints off", () => {
  it("stores the choice, says so in the view and refuses hints with 403 HINTS_OFF", async () => {
    const t = await createTable({ ...FOUR_HUMANS, hints: false });
    const row = await env.DB.prepare("SELECT hints FROM table_options WHERE table_id = ?").bind(t.id).first<{ hints: number }>();
    expect(row?.hints).toBe(0);
    const { state } = await stored(t.id);
    for (const s of t.seats) {
      expect((await view(t.id, s.token)).hints).toBe(false);
      // Off means off, whoever asks, whether or not it is their turn.
      await refused(await getHint(t.id, s.token), 403, "HINTS_OFF");
    }
    expect(state.toAct.length).toBeGreaterThan(0);
    // A table with default options stores no row at all and allows hints.
    const d = await createTable({ ...FOUR_HUMANS, autoPlay: undefined });
    expect(await env.DB.prepare("SELECT 1 FROM table_options WHERE table_id = ?").bind(d.id).first()).toBeNull();
    expect((await view(d.id, d.seats[0].token)).hints).toBe(true);
    // Restarted objects read the switch from D1 as they start.
    await abortAllDurableObjects();
    const toAct = state.toAct[0];
    await refused(await getHint(t.id, t.seats[toAct].token), 403, "HINTS_OFF");
    expect((await view(t.id, t.seats[toAct].token)).hints).toBe(false);
    // No hint for a cut: cut (again, should a white hand be redealt), then ask.
    for (let s = await stored(d.id); s.state.phase === "cut"; s = await stored(d.id)) {
      expect((await act(d.id, d.seats[s.state.toAct[0]].token, s.version, { type: "cut", value: 42 + s.version })).status).toBe(200);
    }
    const dNext = (await stored(d.id)).state;
    expect((await getHint(d.id, d.seats[dNext.toAct[0]].token)).status).toBe(200);
  }, 30_000); // it timed out at 5 s on the loaded two cores

  it("refuses a hints value that is not a boolean", async () => {
    const res = await post("/api/tables", { ...FOUR_HUMANS, hints: "no" });
    const text = await res.text();
    expect(res.status, text).toBe(400);
    expect(JSON.parse(text).error.code).toBe("INVALID_REQUEST");
  });

  it("is how every league game is played, with or without a decision clock", async () => {
    for (const decisionHours of [null, 48]) {
      const created = await post("/api/leagues", { name: "Stammtisch", rules: { preset: "standard", startPoints: 2 }, tableSize: 3, decisionHours });
      expect(created.status, await created.clone().text()).toBe(201);
      const league = await created.json<{ id: string; adminKey: string; invite: string }>();
      const keys: string[] = [];
      for (const name of ["Anna", "Bernd", "Clara"]) {
        const joined = await post(`/api/leagues/${league.id}/join`, { invite: league.invite, name });
        expect(joined.status, await joined.clone().text()).toBe(201);
        keys.push((await joined.json<{ key: string }>()).key);
      }
      await startRound(league.id, league.adminKey);
      const page = await SELF.fetch(`${BASE}/api/leagues/${league.id}`, { headers: auth(league.adminKey) });
      const tableId = (await page.json<{ rounds: { tables: { tableId: string }[] }[] }>()).rounds[0].tables[0].tableId;
      const { state } = await stored(tableId);
      for (const key of keys) {
        // Each member's seat opens with its own token, from the link on their league page.
        const mine = await SELF.fetch(`${BASE}/api/leagues/${league.id}`, { headers: auth(key) });
        const link = (await mine.json<{ rounds: { tables: { link: string | null }[] }[] }>()).rounds[0].tables[0].link!;
        const token = new URL(link).hash.slice(1);
        expect((await view(tableId, token)).hints).toBe(false);
        await refused(await getHint(tableId, token), 403, "HINTS_OFF");
      }
      // The game is running, so the seat to act was among those refused: off, not just "not now".
      expect(state.phase).not.toBe("over");
    }
  }, 30_000); // two leagues set up one after the other: slow on a loaded machine
});
