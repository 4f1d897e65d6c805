// Hints: a legal suggestion with a reason in German and English, only for the seat to act, and a
// pure function of the view.
import { describe, expect, it } from "vitest";
import { applyAction, viewFor } from "../../worker/engine";
import { hint } from "../../worker/bots/hint";
import { normalBot } from "../../worker/bots/normal";
import { deepFreeze, positions, rulesFor } from "./helpers";

describe("hint", () => {
  it.each([["standard", 4], ["bergxi", 3], ["murln", 5]] as [string, number][])("suggests a legal action with a reason (%s, %i players)", (preset, players) => {
    const rules = rulesFor(preset, players);
    const codes = new Set<string>();
    for (const state of positions(rules, `hint-${preset}`, normalBot, 150)) {
      const seat = state.toAct[0];
      const view = deepFreeze(viewFor(state, seat));
      const h = hint(view, rules)!;
      expect(applyAction(state, seat, h.action).ok, JSON.stringify(h.action)).toBe(true);
      expect(h.reason.en.length).toBeGreaterThan(5);
      expect(h.reason.de.length).toBeGreaterThan(5);
      expect(h.reason.de).not.toBe(h.reason.en);
      expect(hint(view, rules)).toEqual(h);
      // The reason as data: the same code, cards and suits by the names the API speaks.
      expect(h.why.code).toBe(h.code);
      if ("card" in h.why) expect(h.why.card).toMatch(/^([ELHS](A|K|O|U|10|9|8|7|6)|W)$/);
      if ("suit" in h.why) expect(["E", "L", "H", "S"]).toContain(h.why.suit);
      if (h.action.type === "play") expect("card" in h.why ? h.why.card : h.action.card).toBe(h.action.card);
      if (h.action.type === "trump") expect(h.why).toMatchObject({ suit: h.action.suit });
      codes.add(h.code);
      // Nobody else gets a hint now.
      for (let other = 0; other < players; other++) if (other !== seat) expect(hint(viewFor(state, other), rules)).toBeNull();
    }
    // The games went through bidding, exchange and play: the reasons are not all the same.
    expect(codes.size).toBeGreaterThan(6);
  });
});
