// Replaying the seed and the actions reproduces the identical state, step for step.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { applyAction } from "../../../worker/engine";
import { ALL_CONFIGS, gameSpec, newGame, runs, walk } from "../kit/game-walk";

describe.each(ALL_CONFIGS())("replay: $name", ({ c }) => {
  it("seed + actions reproduce the final state exactly", () => {
    fc.assert(
      fc.property(gameSpec(c), (spec) => {
        const { actions, final } = walk(c, spec, 300);
        // A plain-JSON round trip on the way, as the server stores states between requests.
        let state = JSON.parse(JSON.stringify(newGame(c, spec)));
        for (const { seat, action } of actions) {
          const r = applyAction(state, seat, JSON.parse(JSON.stringify(action)));
          if (!r.ok) throw new Error(`replayed ${JSON.stringify(action)} refused: ${r.error.code}`);
          state = JSON.parse(JSON.stringify(r.state));
        }
        expect(state).toEqual(JSON.parse(JSON.stringify(final)));
      }),
      { numRuns: runs(10) },
    );
  }, 60_000);

  it("later actions never change an earlier state (no shared mutable parts between states)", () => {
    fc.assert(
      fc.property(gameSpec(c), (spec) => {
        const kept: { state: object; json: string }[] = [];
        walk(c, spec, 300, ({ before }) => kept.push({ state: before, json: JSON.stringify(before) }));
        kept.forEach(({ state, json }, i) => {
          if (JSON.stringify(state) !== json) throw new Error(`state ${i} changed after later actions`);
        });
      }),
      { numRuns: runs(8) },
    );
  }, 60_000);

  it("a different seed deals differently", () => {
    fc.assert(
      fc.property(gameSpec(c), (spec) => {
        const a = newGame(c, spec);
        const b = newGame(c, { ...spec, seed: spec.seed + "x" });
        expect(JSON.stringify(a.hand.hands) + a.hand.talon).not.toBe(JSON.stringify(b.hand.hands) + b.hand.talon);
      }),
      { numRuns: runs(10) },
    );
  });
});
