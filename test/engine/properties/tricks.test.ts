// Card play in random games against an independent reading of §2.10: the engine lists exactly the
// cards the rules allow, and each trick goes to the seat the rules say; the winner leads next.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { cardName, type GameState } from "../../../worker/engine";
import { ALL_CONFIGS, gameSpec, rulesFor, runs, walk } from "../kit/game-walk";
import { bestIndex, playable } from "../kit/trick-oracle";

const names = (s: GameState, cs: { card: number }[]) => cs.map((t) => cardName(t.card));

describe.each(ALL_CONFIGS())("tricks: $name", ({ c }) => {
  const rules = rulesFor(c);

  it("the listed cards are exactly those §2.10 allows; the trick goes to the highest trump, else the highest of the led suit", () => {
    let plays = 0;
    let tricks = 0;
    fc.assert(
      fc.property(gameSpec(c), (spec) => {
        walk(c, spec, 300, ({ before, after, seat, legal, action }) => {
          if (before.phase !== "play") return;
          plays++;
          const h = before.hand;
          const trump = h.trump!;
          const hand = h.hands[seat].map(cardName);
          const trick = names(before, h.trick);
          const allowed = playable(hand, trick, trump, rules).sort();
          const listed = legal.map((a) => (a.type === "play" ? a.card : `not a play: ${a.type}`)).sort();
          if (JSON.stringify(listed) !== JSON.stringify(allowed)) {
            throw new Error(`trump ${trump}, trick [${trick}], hand [${hand}]: engine lists [${listed}], rules allow [${allowed}]`);
          }
          // A finished trick: who won it?
          const full = [...h.trick, { seat, card: -1 }];
          const playing = h.inHand.filter((x, s) => x && !h.stayedHome[s]).length;
          if (full.length < playing || action.type !== "play") return;
          tricks++;
          const cards = [...trick, action.card];
          const winner = full[bestIndex(cards, trump)].seat;
          const handEnded = after.handsPlayed.length > before.handsPlayed.length;
          const won = handEnded ? after.handsPlayed.at(-1)!.tricks : after.hand.tricksWon;
          expect(won[winner], `trick [${cards}] trump ${trump}`).toBe(h.tricksWon[winner] + 1);
          if (!handEnded) expect(after.toAct).toEqual([winner]);
        });
      }),
      { numRuns: runs(10) },
    );
    expect(plays).toBeGreaterThan(0);
    expect(tricks).toBeGreaterThan(0);
  }, 60_000);
});
