import { describe, expect, it } from "vitest";
import { cardName, createGame, resolveRules } from "../../worker/engine";

const rules = (input: Record<string, unknown>) => {
  const r = resolveRules(input);
  if (!r.ok) throw new Error(r.error.message);
  return r.rules;
};

describe("the deal", () => {
  it("deals five cards to every seat in the hand and leaves the rest as the talon", () => {
    for (const [players, deck] of [[2, 36], [3, 33], [4, 36], [5, 33]] as const) {
      const s = createGame(rules({ preset: "murln", players, deck }), { seed: `d${players}`, dealer: 0 });
      const dealt = s.hand.order.map((seat) => s.hand.hands[seat].length);
      expect(dealt.every((n) => n === 5)).toBe(true);
      expect(s.hand.talon.length + 5 * s.hand.order.length).toBe(deck);
    }
  });

  it("the 5-player dealer sits out and gets no cards", () => {
    const s = createGame(rules({ preset: "standard", players: 5, whiteHand: "off" }), { seed: "five", dealer: 2 });
    expect(s.hand.inHand[2]).toBe(false);
    expect(s.hand.hands[2]).toEqual([]);
    expect(s.hand.order).toEqual([3, 4, 0, 1]);
  });

  it("rearhand finds the Weli at the cut about once in 36 deals, takes it, and gets four more cards", () => {
    const r = rules({ preset: "standard", players: 4, whiteHand: "off" });
    let cuts = 0;
    for (let i = 0; i < 3600; i++) {
      const s = createGame(r, { seed: `cut${i}`, dealer: 0 });
      if (s.hand.weliCutBy === null) continue;
      cuts++;
      expect(s.hand.weliCutBy).toBe(3); // rearhand: right of the dealer
      expect(s.hand.hands[3].map(cardName)).toContain("W");
      expect(s.hand.hands[3]).toHaveLength(5);
      expect(s.events.some((e) => e.kind === "weliCut" && e.seat === 3 && e.visibleTo === "all")).toBe(true);
    }
    expect(cuts).toBeGreaterThan(60); // expected 100, standard deviation about 10
    expect(cuts).toBeLessThan(140);
  });

  it("no Weli is taken at the cut with weliCut off", () => {
    const r = rules({ preset: "standard", players: 4, weliCut: "off", whiteHand: "off" });
    for (let i = 0; i < 500; i++) expect(createGame(r, { seed: `off${i}` }).hand.weliCutBy).toBeNull();
  });
});
