// Points change only when a hand ends, and only by the amounts of RULES.md §2.11; seats go out and
// games end exactly as §2.12 says. The amounts come from an independent reading (kit/scoring-oracle).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ALL_CONFIGS, gameSpec, rulesFor, runs, walk } from "../kit/game-walk";
import { expectedDelta, expectedEnd, expectedOut } from "../kit/scoring-oracle";

describe.each(ALL_CONFIGS())("points: $name", ({ c }) => {
  const rules = rulesFor(c);

  it("change only at the end of a hand, by the §2.11 amounts; out and game end by §2.12", () => {
    let handsChecked = 0;
    fc.assert(
      fc.property(gameSpec(c), (spec) => {
        walk(c, spec, 300, ({ before, after, action }) => {
          const ended = after.handsPlayed.length - before.handsPlayed.length;
          if (ended === 0) {
            expect(after.points, `points changed without a hand ending (${action.type})`).toEqual(before.points);
            expect(after.out).toEqual(before.out);
            return;
          }
          expect(ended).toBe(1);
          handsChecked++;
          const rec = after.handsPlayed[after.handsPlayed.length - 1];
          const dealtIn = before.hand.inHand;
          expect(rec.stake, "the hand is scored at the stake it was played for").toBe(before.stake);
          expect(rec.declarer).toBe(before.hand.declarer);
          expect(rec.contract).toBe(before.hand.contract);
          expect(rec.trump).toBe(before.hand.trump);
          const total = rec.tricks.reduce((a, b) => a + b, 0);
          if (rec.contract === "mulatschak") {
            // It ends at the first trick the declarer loses.
            expect(total === 5 || rec.tricks[rec.declarer] === total - 1).toBe(true);
          } else expect(total).toBe(5);
          rec.stayedHome.forEach((s) => expect(rec.tricks[s]).toBe(0));
          const delta = expectedDelta(rules, rec, dealtIn);
          expect(rec.delta).toEqual(delta);
          expect(after.points).toEqual(before.points.map((p, s) => p + delta[s]));
          const out = expectedOut(rules, after.points, before.out);
          const winners = expectedEnd(rules, after.points, out, before.out);
          expect(after.winners).toEqual(winners);
          expect(after.phase === "over").toBe(winners !== null);
          if (winners === null) {
            // (Who is out matters only while the game goes on.)
            expect(after.out).toEqual(out);
            // The stake resets; the next deal may already have been redealt for white hands.
            expect(after.stakeReasons.every((r) => r === "white")).toBe(true);
            expect(after.stake, "the stake resets after a hand is played").toBe(2 ** after.stakeReasons.length);
            // The dealer passes clockwise, skipping seats that are out.
            let d = (before.dealer + 1) % c.players;
            while (out[d]) d = (d + 1) % c.players;
            expect(after.dealer).toBe(d);
          }
        });
      }),
      { numRuns: runs(12) },
    );
    expect(handsChecked).toBeGreaterThan(0);
  }, 60_000);

  it("redeals keep the points and double the stake, with the dealer unchanged", () => {
    fc.assert(
      fc.property(gameSpec(c), (spec) => {
        walk(c, spec, 300, ({ before, after }) => {
          if (after.hand.no > before.hand.no && after.handsPlayed.length === before.handsPlayed.length && after.phase !== "over") {
            expect(after.points).toEqual(before.points);
            expect(after.dealer).toBe(before.dealer);
            // One doubling per redeal; an automatic white redeal may follow at once.
            const added = after.stakeReasons.length - before.stakeReasons.length;
            expect(added).toBeGreaterThanOrEqual(1);
            expect(after.stakeReasons.slice(0, before.stakeReasons.length)).toEqual(before.stakeReasons);
            expect(after.stake).toBe(before.stake * 2 ** added);
          }
          if (after.hand.trump === "H" && before.hand.trump === null && rules.heartsDouble) {
            expect(after.stake).toBe(before.stake * 2);
            expect(after.stakeReasons.at(-1)).toBe("hearts");
          }
        });
      }),
      { numRuns: runs(10) },
    );
  }, 60_000);
});
