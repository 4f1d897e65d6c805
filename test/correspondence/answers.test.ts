// Forced moves timed like the player's own answers (worker/deadlines/answers.ts): drawn from the
// answers of the same kind (at the table or away), a live prior before there are any, and
// "when the player looks" for an away player nothing is known of yet.
import { describe, expect, it } from "vitest";
import { ANSWERS_KEPT, LIVE_PRIOR_MS, MIN_ANSWERS, NO_ANSWERS, forcedMoveDelay, keepAnswer } from "../../worker/deadlines/answers";

describe("forced moves timed like real answers", () => {
  it("keeps the newest answers of each kind", () => {
    let t = NO_ANSWERS;
    for (let i = 0; i < ANSWERS_KEPT + 5; i++) t = keepAnswer(t, i % 2 === 0, i * 1000);
    expect(t.live.length).toBe(Math.ceil((ANSWERS_KEPT + 5) / 2));
    t = NO_ANSWERS;
    for (let i = 0; i < ANSWERS_KEPT + 5; i++) t = keepAnswer(t, true, i);
    expect(t.live).toHaveLength(ANSWERS_KEPT);
    expect(t.live[0]).toBe(5);
    expect(t.away).toEqual([]);
  });

  it("draws from the answers of the same kind, stretched by at most 15 %", () => {
    const t = { live: [4000, 5000, 6000], away: [3 * 3_600_000, 5 * 3_600_000, 9 * 3_600_000] };
    for (const [u, v] of [[0, 0], [0.5, 0.5], [0.99, 0.99]]) {
      const live = forcedMoveDelay(t, true, u, v)!;
      expect(live).toBeGreaterThanOrEqual(4000 * 0.85);
      expect(live).toBeLessThanOrEqual(6000 * 1.15);
      const away = forcedMoveDelay(t, false, u, v)!;
      expect(away).toBeGreaterThanOrEqual(3 * 3_600_000 * 0.85);
    }
    expect(forcedMoveDelay(t, true, 0, 0.5)).toBe(4000);
    expect(forcedMoveDelay(t, false, 0.99, 0.5)).toBe(9 * 3_600_000);
  });

  it("with too few answers: a live prior at the table, and waiting for the player when away", () => {
    const few = { live: [100], away: new Array(MIN_ANSWERS - 1).fill(3_600_000) };
    const d = forcedMoveDelay(few, true, 0.5, 0.5)!;
    expect(LIVE_PRIOR_MS).toContain(d);
    expect(forcedMoveDelay(few, false, 0.5, 0.5)).toBeNull();
  });
});
