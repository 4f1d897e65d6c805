// The analysis of a finished game: the same for the same record, marks only people's decisions
// that the strong bot finds clearly worse than its own, with both expected values.
import { describe, expect, it } from "vitest";
import { buildRecord, createGame, legalActions, nextInt, resolveRules, seedRng, applyInPlace, type Action, type GameRecord } from "../../worker/engine";
import { analyse, analyseSlice, MARGIN, type AnalysisProgress } from "../../worker/bots/analysis";

function randomRecord(seed: string, bots: (string | null)[]): GameRecord {
  const r = resolveRules({ preset: "standard", players: 4, startPoints: 6, endAbove: 20 });
  if (!r.ok) throw new Error(r.error.message);
  const state = createGame(r.rules, { seed });
  const rng = seedRng(`pick:${seed}`);
  const actions: { seat: number; action: Action }[] = [];
  while (state.phase !== "over" && actions.length < 2000) {
    const seat = state.toAct[0];
    const legal = legalActions(state, seat).filter((a, _, all) => a.type !== "mulatschak" || all.length === 1);
    const action = legal[nextInt(rng, legal.length)];
    if (applyInPlace(state, seat, action)) throw new Error("refused");
    actions.push({ seat, action });
  }
  const built = buildRecord({ rules: r.rules, seed, players: ["A", "B", "C", "D"], bots, actions });
  if (!built.ok) throw new Error("record");
  return JSON.parse(JSON.stringify(built.record));
}

describe("analysis", () => {
  it("is the same for the same record, and marks random play where it is clearly worse", () => {
    const record = randomRecord("analysis-1", [null, "random", null, "random"]);
    const a = analyse(record, 4);
    const b = analyse(JSON.parse(JSON.stringify(record)), 4);
    expect(b).toEqual(a);
    expect(a.decisions).toBeGreaterThan(0);
    // Random choices against the strong bot's: some are clearly worse.
    expect(a.marks.length).toBeGreaterThan(0);
    for (const m of a.marks) {
      expect(record.bots[m.seat]).toBeNull(); // only people are analysed
      expect(record.actions[m.index].seat).toBe(m.seat);
      const { seat: _, ...chosen } = record.actions[m.index];
      expect(m.action).toEqual(chosen);
      expect(m.chosenPoints - m.betterPoints).toBeGreaterThanOrEqual(MARGIN - 0.1);
      expect(m.better).not.toEqual(m.action);
    }
  }, 120_000);

  it("looks at no decision of a bot seat", () => {
    const record = randomRecord("analysis-2", ["random", "random", "random", "random"]);
    expect(analyse(record, 1)).toMatchObject({ decisions: 0, marks: [] });
  });

  it("in slices of any size, through storage between them, is the very analysis of one run", () => {
    const record = randomRecord("analysis-3", [null, "random", null, null]);
    const whole = analyse(record, 2);
    expect(whole.marks.length).toBeGreaterThan(0);
    for (const sliceSteps of [1, 500]) {
      let progress: AnalysisProgress | null = null;
      let slices = 0;
      for (;;) {
        slices++;
        const step = analyseSlice(record, progress, 2, sliceSteps);
        if ("analysis" in step) {
          expect(step.analysis).toEqual(whole);
          break;
        }
        // As the table's storage keeps it: a structured clone, nothing shared with the slice.
        progress = structuredClone(step.progress);
        expect(slices).toBeLessThan(100_000);
      }
      // Small slices cut decisions in the middle: more slices than decisions.
      if (sliceSteps === 1) expect(slices).toBeGreaterThan(whole.decisions);
    }
  }, 120_000);
});
