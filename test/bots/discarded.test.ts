import { describe, expect, it } from "vitest";
import { applyAction, cardName, createGame, resolveRules, seedRng, viewFor, type GameState } from "../../worker/engine";
import { determinize } from "../../worker/bots/determinize";

const must = (r: ReturnType<typeof applyAction>): GameState => {
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.state;
};

describe("determinize and the seat's own discards", () => {
  it("never deals a card the seat laid away to another seat or the talon", () => {
    const r = resolveRules({ preset: "standard", players: 3, whiteHand: "off", faceUp: "off", stayHome: "off" });
    if (!r.ok) throw new Error(r.error.message);
    for (let g = 0; g < 20; g++) {
      let s = createGame(r.rules, { seed: `own-discards-${g}`, dealer: 2 });
      for (const seat of [0, 1, 2]) s = must(applyAction(s, seat, { type: "noMulatschak" }));
      s = must(applyAction(s, 0, { type: "bid", tricks: 1 }));
      s = must(applyAction(s, 1, { type: "pass" }));
      s = must(applyAction(s, 2, { type: "pass" }));
      s = must(applyAction(s, 0, { type: "trump", suit: "L" }));
      const away = viewFor(s, 0).hand.slice(0, 3);
      s = must(applyAction(s, 0, { type: "exchange", cards: away }));
      const view = viewFor(s, 0);
      for (let i = 0; i < 10; i++) {
        const sample = determinize(view, r.rules, seedRng(`sample-${g}-${i}`));
        const elsewhere = [...sample.hand.hands[1], ...sample.hand.hands[2], ...sample.hand.talon].map(cardName);
        for (const c of away) expect(elsewhere).not.toContain(c);
        expect(viewFor(sample, 0).discarded).toEqual(away);
      }
    }
  });
});
