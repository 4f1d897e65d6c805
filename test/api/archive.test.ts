// Once a game is over, the table's alarm writes its record to R2 and deletes its action rows from
// D1; the record, the story and the view are then read from what is left. Prints the rows and
// bytes a finished game keeps in D1 before and after (README, "The game record").
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { GameRecord, StoryItem } from "../../worker/engine";
import { runScenario } from "../../worker/engine";
import { analyse, ANALYSIS_BUDGET_MS, type Analysis } from "../../worker/bots";
import { tableDb, act, auth, BASE, chooseAction, createTable, fetchOrFail, stored, view } from "./helpers";

async function d1Usage(id: string) {
  const actions = await tableDb(id).prepare("SELECT count(*) AS n, coalesce(sum(length(action) + length(table_id) + 24), 0) AS bytes FROM actions WHERE table_id = ?").bind(id).first<{ n: number; bytes: number }>();
  const table = await tableDb(id).prepare("SELECT length(state) + length(rules) + length(id) + 40 AS bytes FROM tables WHERE id = ?").bind(id).first<{ bytes: number }>();
  const seats = await tableDb(id).prepare("SELECT count(*) AS n, sum(length(name) + coalesce(length(token_hash), 0) + length(table_id) + 16) AS bytes FROM seats WHERE table_id = ?").bind(id).first<{ n: number; bytes: number }>();
  return { rows: actions!.n + 1 + seats!.n, actionRows: actions!.n, bytes: actions!.bytes + table!.bytes + seats!.bytes };
}

describe("archiving a finished game", () => {
  it("moves the record to R2 and the log out of D1; record, story and view still answer", async () => {
    const t = await createTable({
      rules: { preset: "standard", players: 4, startPoints: 8, endAbove: 24 },
      seats: [{ name: "Anna" }, { name: "Bernd" }, { name: "Clara" }, { name: "Dora" }],
      autoPlay: false,
    });
    let before = { rows: 0, actionRows: 0, bytes: 0 };
    for (;;) {
      const s = await stored(t.id);
      if (s.state.phase === "over") break;
      before = await d1Usage(t.id);
      const seat = s.state.toAct[0];
      const v = await view(t.id, t.seats[seat].token);
      expect((await act(t.id, t.seats[seat].token, s.version, await chooseAction(v, s.state, "archive"))).status).toBe(200);
    }
    // The alarm archives right after the last move.
    let object: R2ObjectBody | null = null;
    for (let i = 0; i < 200 && (!object || (await d1Usage(t.id)).actionRows > 0); i++) {
      await new Promise((r) => setTimeout(r, 20));
      object = await env.RECORDS.get(`records/${t.id}.json`);
    }
    expect(object).not.toBeNull();
    const archived = (await object!.json()) as GameRecord;
    const after = await d1Usage(t.id);
    expect(after.actionRows).toBe(0);

    const res = await fetchOrFail(`${BASE}/api/tables/${t.id}/record`, { headers: auth(t.seats[2].token) });
    expect(res.status).toBe(200);
    const record = await res.json<GameRecord>();
    expect(record).toEqual(archived);
    expect(runScenario(record)).toMatchObject({ ok: true, matchesResult: true });
    const story = await (await fetchOrFail(`${BASE}/api/tables/${t.id}/story?from=0`, { headers: auth(t.seats[0].token) })).json<{ items: StoryItem[] }>();
    expect(story.items.at(-1)?.kind).toBe("gameOver");
    const end = await view(t.id, t.seats[1].token);
    expect(end.winners).toEqual(record.result.winners);
    expect((await stored(t.id)).logged).toBe(record.actions.length);

    // The analysis: worked out by the alarm in slices (202 { pending: true } until then), kept in
    // R2, the same when read again, and the very analysis of one run over the record.
    let first = await fetchOrFail(`${BASE}/api/tables/${t.id}/analysis`, { headers: auth(t.seats[0].token) });
    let pending = 0;
    for (let i = 0; i < 3000 && first.status === 202; i++, pending++) {
      expect(await first.json()).toMatchObject({ pending: true });
      await new Promise((r) => setTimeout(r, 20));
      first = await fetchOrFail(`${BASE}/api/tables/${t.id}/analysis`, { headers: auth(t.seats[0].token) });
    }
    expect(first.status).toBe(200);
    expect(pending).toBeGreaterThan(0); // read right after the game, it was not there yet: it is not worked out in one go
    const analysis = await first.json<Analysis>();
    expect(analysis.format).toBe("muli-analysis/1");
    expect(analysis.decisions).toBeGreaterThan(0);
    const people = record.actions.filter((a) => record.bots[a.seat] === null).length;
    expect(analysis).toEqual(analyse(record, Math.min(ANALYSIS_BUDGET_MS, 10_000 / people)));
    expect(await env.RECORDS.get(`analysis/${t.id}.json`)).not.toBeNull();
    const again = await (await fetchOrFail(`${BASE}/api/tables/${t.id}/analysis`, { headers: auth(t.seats[3].token) })).json();
    expect(again).toEqual(analysis);

    // The last move's row was written after the last measurement: count it in "before".
    const lastRow = JSON.stringify(record.actions.at(-1)).length + t.id.length + 24;
    const fullBefore = { rows: before.rows + 1, bytes: before.bytes + lastRow };
    const recordBytes = JSON.stringify(record).length;
    console.log(
      `[muli] a finished game (${record.actions.length} actions, ${record.deals.length} deals): D1 before archiving ${fullBefore.rows} rows, ${fullBefore.bytes} bytes; after ${after.rows} rows, ${after.bytes} bytes; R2 record ${recordBytes} bytes`,
    );
    expect(after.rows).toBeLessThan(fullBefore.rows);
  }, 180_000);
});
