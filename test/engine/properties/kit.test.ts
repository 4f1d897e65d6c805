// The detectors of the kit must be able to fail: planted leaks are found, broken deals refused,
// and the scoring oracle gives the hand-worked amounts of the scenario files.
import { describe, expect, it } from "vitest";
import { createGame, viewFor, type HandRecord } from "../../../worker/engine";
import { dealProblems } from "../kit/deck";
import { deal } from "../kit/fixed-deal";
import { rulesFor } from "../kit/game-walk";
import { leaks } from "../kit/hidden";
import { expectedDelta, expectedEnd } from "../kit/scoring-oracle";

const std4 = rulesFor({ preset: "standard", players: 4 });
const DP = deal(36, ["EA EK LA S7 H7", "E10 LU L9 SA H9", "E9 L8 L10 S8 HA", "E8 LO L6 S9 H8"]);

describe("kit self-checks", () => {
  it("the leak detector finds another seat's card, a talon card and the seed", () => {
    const g = createGame(std4, { seed: "kit-seed", dealer: 3, deals: [DP] });
    const view = viewFor(g, 0);
    expect(leaks(g, 0, view)).toEqual([]);
    expect(leaks(g, 0, { ...view, hand: [...view.hand, "SA"] } as never)).toEqual(["card SA"]);
    expect(leaks(g, 0, { ...view, note: g.hand.talon.length ? "W" : "" } as never)).toEqual(["card W"]);
    expect(leaks(g, 0, { ...view, note: "kit-seed" } as never)).toEqual(["seed"]);
  });

  it("the deal checker refuses a duplicated or missing card and a short hand", () => {
    expect(dealProblems(DP, 36, 4)).toEqual([]);
    const dup = { hands: DP.hands.map((h, i) => (i === 1 ? ["EA", ...h.slice(1)] : h)), talon: DP.talon };
    expect(dealProblems(dup, 36, 4)).toEqual(expect.arrayContaining(["EA appears 2 times", "E10 appears 0 times"]));
    expect(dealProblems({ hands: [DP.hands[0].slice(1), ...DP.hands.slice(1)], talon: DP.talon }, 36, 4).length).toBeGreaterThan(0);
    expect(dealProblems(DP, 33, 4)).toContain("E6 is not in the deck of 33");
  });

  it("the scoring oracle gives the hand-worked amounts", () => {
    const rec = (r: Partial<HandRecord>): HandRecord => ({ dealer: 3, declarer: 0, contract: 3, trump: "E", stake: 1, tricks: [3, 1, 1, 0], stayedHome: [], delta: [], ...r });
    const all = [true, true, true, true];
    expect(expectedDelta(std4, rec({}), all)).toEqual([-3, -1, -1, 5]);
    expect(expectedDelta(std4, rec({ contract: 4 }), all)).toEqual([10, -1, -1, 5]);
    expect(expectedDelta(std4, rec({ stake: 8, trump: "H" }), all)).toEqual([-24, -8, -8, 40]);
    expect(expectedDelta(std4, rec({ stayedHome: [3] }), all)).toEqual([-3, -1, -1, 1]);
    expect(expectedDelta(std4, rec({ declarer: 1, contract: "mulatschak", tricks: [0, 5, 0, 0] }), all)).toEqual([10, -10, 10, 10]);
    expect(expectedDelta(std4, rec({ declarer: 1, contract: "mulatschak", tricks: [0, 1, 1, 0] }), all)).toEqual([-10, 10, -10, -10]);
    const five = rulesFor({ preset: "standard", players: 5 });
    expect(expectedDelta(five, rec({ tricks: [3, 1, 1, 0, 0] }), [true, true, true, true, false])).toEqual([-3, -1, -1, 5, 0]);
    const bergxi = rulesFor({ preset: "bergxi", players: 4 });
    expect(expectedDelta(bergxi, rec({ tricks: [5, 0, 0, 0], stayedHome: [3] }), all)).toEqual([-5, 0, 0, 3]);
    expect(expectedEnd(bergxi, [55, 19, 19, 30], [false, false, false, false])).toEqual([1, 2]);
    expect(expectedEnd(bergxi, [55, 0, 19, 30], [false, false, false, false])).toEqual([1]);
    expect(expectedEnd(std4, [101, 14, 14, 100], [true, false, false, false])).toBeNull();
    expect(expectedEnd(std4, [101, 14, 101, 101], [true, false, true, true])).toEqual([1]);
    expect(expectedEnd(std4, [120, 103, 105, 30], [true, true, true, true], [true, false, false, true])).toEqual([1]);
  });
});
