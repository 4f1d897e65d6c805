// viewFor never tells a seat another seat's hidden cards, the talon or the seed before the game
// ends; it does tell the seat its own cards. Checked at every step, for every seat.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { cardName, createGame, viewFor } from "../../../worker/engine";
import { deal } from "../kit/fixed-deal";
import { ALL_CONFIGS, gameSpec, rulesFor, runs, walk } from "../kit/game-walk";
import { leaks } from "../kit/hidden";

describe.each(ALL_CONFIGS())("views: $name", ({ c }) => {
  it("no view holds another seat's hidden card, a talon card or the seed", () => {
    fc.assert(
      fc.property(gameSpec(c), (spec) => {
        walk(c, spec, 200, ({ after }) => {
          if (after.phase === "over") return;
          for (let s = 0; s < c.players; s++) {
            const view = viewFor(after, s);
            const found = leaks(after, s, view);
            if (found.length > 0) throw new Error(`view of seat ${s} in ${after.phase} leaks ${found.join(", ")}`);
            const own = after.hand.hands[s].map(cardName).sort();
            if (JSON.stringify([...view.hand].sort()) !== JSON.stringify(own)) throw new Error(`seat ${s} does not see its own hand`);
          }
        });
      }),
      { numRuns: runs(6) },
    );
  }, 60_000);
});

describe("views: the Weli at the cut", () => {
  it("everyone is told who took the Weli (rearhand)", () => {
    const rules = rulesFor({ preset: "standard", players: 4 });
    const g = createGame(rules, { seed: "weli", dealer: 3, deals: [deal(36, ["EA EK EO EU E10", "LA LK LO LU L10", "W HA HK HO HU", "SA SK SO SU S10"], true)] });
    for (let s = 0; s < 4; s++) expect(viewFor(g, s).weliCutBy).toBe(2);
    expect(viewFor(g, 2).hand).toContain("W");
  });
});
