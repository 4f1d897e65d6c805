// GET /api/tables/:id/record: refused while the game runs, then the whole game as muli-record/1,
// which the scenario runner replays to the same points and winners. Games of each preset and
// several player counts are played to the end through the table API by random players.
import { env } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { RECORD_FORMAT, runScenario, verifyRecord, type GameRecord } from "../../worker/engine";
import { tableDb, act, auth, chooseAction, createTable, fetchOrFail, BASE, post, stored, view, type Created } from "./helpers";

const getRecord = (id: string, token: string | null) => fetchOrFail(`${BASE}/api/tables/${id}/record`, { headers: auth(token) });

async function playToEnd(t: Created, salt: string): Promise<number> {
  let actions = 0;
  for (;;) {
    const s = await stored(t.id);
    if (s.state.phase === "over") return actions;
    const seat = s.state.toAct[0];
    const v = await view(t.id, t.seats[seat].token);
    const res = await act(t.id, t.seats[seat].token, s.version, await chooseAction(v, s.state, salt));
    expect(res.status, await res.clone().text()).toBe(200);
    actions++;
  }
}

const NAMES = ["Anna", "Bernd", "Clara", "Dora", "Emil"];
const GAMES = [
  { preset: "standard", players: 2 },
  { preset: "geiser", players: 3 },
  { preset: "murln", players: 5 },
  { preset: "bergxi", players: 4 },
];

describe("the game record", () => {
  it("is refused while the game runs, and to a wrong token or an unknown table", async () => {
    const t = await createTable();
    const running = await getRecord(t.id, t.seats[1].token);
    expect(running.status).toBe(409);
    expect((await running.json<{ error: { code: string } }>()).error.code).toBe("WRONG_PHASE");
    expect((await getRecord(t.id, "not-a-token")).status).toBe(401);
    const analysis = await fetchOrFail(`${BASE}/api/tables/${t.id}/analysis`, { headers: auth(t.seats[0].token) });
    expect(analysis.status).toBe(409);
    expect((await getRecord("t_doesnotexist", t.seats[0].token)).status).toBe(404);
    expect((await stored(t.id)).version).toBe(0); // reading changed nothing
  });

  it.each(GAMES)("replays a finished $preset game of $players to its points and winners", async ({ preset, players }) => {
    const t = await createTable({
      rules: { preset, players, startPoints: 5, endAbove: 20 },
      seats: NAMES.slice(0, players).map((name) => ({ name })),
      autoPlay: false,
    });
    const actions = await playToEnd(t, `${preset}${players}`);
    const end = await view(t.id, t.seats[0].token);
    const res = await getRecord(t.id, t.seats[players - 1].token);
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toContain("no-store");
    const record = await res.json<GameRecord>();
    expect(record).toMatchObject({
      format: RECORD_FORMAT,
      table: t.id,
      players: NAMES.slice(0, players),
      bots: new Array(players).fill(null),
      seed: (end.reveal as { seed: string }).seed,
      result: { points: end.players.map((p) => p.points), winners: end.winners },
    });
    expect(record.rules).toEqual((await stored(t.id)).state.rules);
    expect(record.actions.length).toBe(actions);
    expect(record.times!.length).toBe(actions);
    expect(record.result.handsPlayed).toEqual(end.handsPlayed);
    // The last deal is the one the end screen reveals (cards still in hands after the last trick).
    expect(record.deals.length).toBe(end.handNo);

    const out = runScenario(record);
    expect(out).toMatchObject({ ok: true, phase: "over", points: record.result.points, winners: record.result.winners, matchesResult: true });
  }, 180_000);

  it("is there for a game ended by agreement: the game as it stood, how it ended, archived like any other", async () => {
    const t = await createTable({ rules: { preset: "standard", players: 3, startPoints: 10, endAbove: 30 }, seats: [{ name: "Anna" }, { name: "Bernd" }, { name: "Clara" }], autoPlay: false });
    let played = 0;
    for (; played < 6; played++) {
      const s = await stored(t.id);
      const seat = s.state.toAct[0];
      const v = await view(t.id, t.seats[seat].token);
      expect((await act(t.id, t.seats[seat].token, s.version, await chooseAction(v, s.state, "agreed"))).status).toBe(200);
    }
    expect((await getRecord(t.id, t.seats[0].token)).status).toBe(409); // still running
    for (const s of t.seats) {
      const res = await post(`/api/tables/${t.id}/end`, { outcome: "score" }, auth(s.token));
      expect(res.status, await res.clone().text()).toBe(200);
    }
    const res = await getRecord(t.id, t.seats[1].token);
    expect(res.status, await res.clone().text()).toBe(200);
    const record = (await res.json()) as GameRecord & { ended?: { outcome: string; winners: number[] } };
    expect(record.format).toBe(RECORD_FORMAT);
    expect(record.actions).toHaveLength(played);
    expect(record.ended).toMatchObject({ outcome: "score" });
    expect(record.ended!.winners.length).toBeGreaterThan(0);
    // The record holds: its deals are the seed's, its actions replay to its result.
    expect(verifyRecord(record, null)).toMatchObject({ ok: true, problems: [] });
    // The alarm archives it as it does a game played to its end: the record in R2, the log out of D1.
    await vi.waitFor(async () => expect(await env.RECORDS.head(`records/${t.id}.json`)).not.toBeNull(), { timeout: 10_000, interval: 50 });
    await vi.waitFor(async () => expect((await tableDb(t.id).prepare("SELECT count(*) AS n FROM actions WHERE table_id = ?").bind(t.id).first<{ n: number }>())!.n).toBe(0), { timeout: 10_000, interval: 50 });
    const again = await getRecord(t.id, t.seats[2].token);
    expect(((await again.json()) as typeof record).ended).toMatchObject({ outcome: "score" });
    const story = await fetchOrFail(`${BASE}/api/tables/${t.id}/story?from=0`, { headers: auth(t.seats[0].token) });
    expect(story.status).toBe(200);
  });
});
