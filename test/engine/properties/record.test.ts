// The game record (muli-record/1) replays: for random games of every preset and player count
// (house rules included), the record built from seed + log, read back by the scenario runner,
// ends with the same points, winners, hands played and state as the game itself.
import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { RECORD_FORMAT, applyInPlace, buildRecord, gameFromRecord, splitAction, type GameRecord } from "../../../worker/engine";
import { runScenario } from "../../../worker/engine/scenario/run";
import { ALL_CONFIGS, gameSpec, rulesFor, runs, walk } from "../kit/game-walk";

const names = (n: number) => ["Anna", "Bernd", "Clara", "Dora", "Emil"].slice(0, n);

describe.each(ALL_CONFIGS())("record: $name", ({ c }) => {
  it("the record replays to the game's points, winners and hands", () => {
    fc.assert(
      fc.property(gameSpec(c), (spec) => {
        const { actions, final } = walk(c, spec, 600);
        const built = buildRecord({ rules: rulesFor(c), seed: spec.seed, dealer: spec.dealer, points: spec.points, players: names(c.players), actions });
        if (!built.ok) throw new Error(`record refused action ${built.index}: ${built.error.code}`);
        const record: GameRecord = JSON.parse(JSON.stringify(built.record));
        expect(record.format).toBe(RECORD_FORMAT);
        expect(record.deals.length).toBe(final.hand.no); // one deal per deal counter, redeals included
        expect(record.result).toEqual(JSON.parse(JSON.stringify({ points: final.points, winners: final.winners, handsPlayed: final.handsPlayed })));

        const out = runScenario(record);
        expect(out.ok).toBe(true);
        expect(out.matchesResult).toBe(true);
        expect(out.points).toEqual(final.points);
        expect(out.winners).toEqual(final.winners);
        expect(out.phase).toBe(final.phase);
        expect(JSON.parse(JSON.stringify(out.handsPlayed))).toEqual(JSON.parse(JSON.stringify(final.handsPlayed)));

        // From the scripted deals alone (another seed), the game is the same game.
        const replay = gameFromRecord({ ...record, seed: "not the seed" });
        for (const a of record.actions) {
          const { seat, action } = splitAction(a);
          const err = applyInPlace(replay, seat, action);
          if (err) throw new Error(err.message);
        }
        expect(replay.hand.hands).toEqual(final.hand.hands);
        expect(replay.points).toEqual(final.points);
      }),
      { numRuns: runs(6) },
    );
  }, 120_000);
});

describe("npm run scenario -- record.json", () => {
  it("prints the record's points and winners", { timeout: 60_000 }, () => {
    const c = { preset: "standard" as const, players: 4 };
    let record: GameRecord | null = null;
    for (let i = 0; record === null; i++) {
      const spec = { seed: `cli-${i}`, dealer: 0, points: [3, 4, 5, 6], picks: [7, 1, 3, 11, 5, 2, 9, 4] };
      const { actions, final } = walk(c, spec, 2000);
      if (final.phase !== "over") continue;
      const built = buildRecord({ rules: rulesFor(c), seed: spec.seed, dealer: 0, points: spec.points, players: names(4), actions });
      if (built.ok) record = built.record;
    }
    const path = join(mkdtempSync(join(tmpdir(), "muli-record-")), "record.json");
    writeFileSync(path, JSON.stringify(record));
    const r = spawnSync("npm", ["run", "-s", "scenario", "--", path], { encoding: "utf8" });
    expect(r.status, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out).toMatchObject({ ok: true, phase: "over", points: record.result.points, winners: record.result.winners, matchesResult: true });
  });
});
