// The deck is conserved at every step of random games, and every seat holds the cards it should.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { cardName } from "../../../worker/engine";
import { cardsInState, deckNames, isWhite } from "../kit/deck";
import { ALL_CONFIGS, gameSpec, newGame, rulesFor, runs, walk } from "../kit/game-walk";

describe.each(ALL_CONFIGS())("deck conservation: $name", ({ c }) => {
  const deck = [...deckNames(rulesFor(c).deck)].sort();

  it("hands + talon + discards + trick + finished tricks + shown card = the deck, at every step", () => {
    fc.assert(
      fc.property(gameSpec(c), (spec) => {
        expect(cardsInState(newGame(c, spec), cardName).sort()).toEqual(deck);
        walk(c, spec, 200, ({ after }) => {
          expect(cardsInState(after, cardName).sort()).toEqual(deck);
        });
      }),
      { numRuns: runs(12) },
    );
  });

  it("before the exchange every seat in the hand holds 5 cards, others none; in play 5 minus the cards it played", () => {
    fc.assert(
      fc.property(gameSpec(c), (spec) => {
        walk(c, spec, 200, ({ after: s }) => {
          const h = s.hand;
          if (s.phase === "mulatschak" || s.phase === "bidding" || s.phase === "trump") {
            h.hands.forEach((cards, seat) => expect(cards.length, `seat ${seat}`).toBe(h.inHand[seat] ? 5 : 0));
            // §1/§2.3: dealt in = not out, and not the dealer when 5 seats are in the game and it sits out.
            const inGame = s.out.filter((o) => !o).length;
            const sitsOut = inGame === 5 && s.rules.fiveDealerSitsOut;
            expect(h.inHand).toEqual(s.out.map((o, seat) => !o && !(sitsOut && seat === s.dealer)));
          }
          if (s.phase === "play") {
            const played = (seat: number) => [...h.tricks.flat(), ...h.trick].filter((t) => t.seat === seat).length;
            h.hands.forEach((cards, seat) => {
              if (h.inHand[seat] && !h.stayedHome[seat]) expect(cards.length, `seat ${seat}`).toBe(5 - played(seat));
            });
          }
        });
      }),
      { numRuns: runs(8) },
    );
  });

  it("a Weli taken at the cut is in rearhand's hand; with whiteHand auto nobody bids with a white hand", () => {
    const rules = rulesFor(c);
    let cuts = 0;
    fc.assert(
      fc.property(gameSpec(c), (spec) => {
        walk(c, spec, 300, ({ before, after: s }) => {
          const h = s.hand;
          if (s.phase === "over" || (h.no === before.hand.no && before !== s)) return;
          if (h.weliCutBy !== null) {
            cuts++;
            expect(rules.weliCut).toBe("take");
            // Rearhand: the nearest seat to the dealer's right that is dealt in.
            let r = (s.dealer + c.players - 1) % c.players;
            while (!h.inHand[r]) r = (r + c.players - 1) % c.players;
            expect(h.weliCutBy).toBe(r);
            if (s.phase === "mulatschak" || s.phase === "bidding") expect(h.hands[r].map(cardName)).toContain("W");
          }
          if (rules.whiteHand === "auto" && (s.phase === "mulatschak" || s.phase === "bidding")) {
            h.hands.forEach((cards, seat) => expect(isWhite(cards.map(cardName)), `seat ${seat} bids with a white hand`).toBe(false));
          }
        });
      }),
      { numRuns: runs(10) },
    );
    // A Weli at the bottom of the cut packet is rare (1 in 33/36 deals); over all runs it turns up.
    if (rules.weliCut === "off") expect(cuts).toBe(0);
  }, 60_000);
});
