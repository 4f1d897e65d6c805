import { describe, expect, it } from "vitest";
import { applyAction, createGame, resolveRules, viewFor, type GameState } from "../../worker/engine";

const must = (r: ReturnType<typeof applyAction>): GameState => {
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.state;
};

describe("viewFor", () => {
  it("shows a seat the cards it laid away itself, and nobody else", () => {
    const rules = resolveRules({ preset: "standard", players: 3, whiteHand: "off", faceUp: "off", stayHome: "off" });
    if (!rules.ok) throw new Error(rules.error.message);
    let s = createGame(rules.rules, { seed: "laid-away", dealer: 2 });
    // Forehand (seat 0) declares at once.
    s = must(applyAction(s, 0, { type: "noMulatschak" }));
    s = must(applyAction(s, 1, { type: "noMulatschak" }));
    s = must(applyAction(s, 2, { type: "noMulatschak" }));
    s = must(applyAction(s, 0, { type: "bid", tricks: 1 }));
    s = must(applyAction(s, 1, { type: "pass" }));
    s = must(applyAction(s, 2, { type: "pass" }));
    s = must(applyAction(s, 0, { type: "trump", suit: "E" }));
    const away = viewFor(s, 0).hand.slice(0, 2);
    s = must(applyAction(s, 0, { type: "exchange", cards: away }));
    expect(viewFor(s, 0).discarded).toEqual(away);
    expect(viewFor(s, 0).players[0].exchanged).toBe(2);
    for (const other of [1, 2]) {
      const v = viewFor(s, other);
      expect(v.discarded).toEqual([]);
      const text = JSON.stringify(v);
      for (const c of away) expect(text).not.toContain(`"${c}"`);
    }
  });
});
