// A seat's view text is made one of two ways (view.ts): whole, with one JSON.stringify, for a
// read or a socket taking whole views, or cut into its fields for a socket taking changes (the
// whole text then joined from them). Both must give the same text, byte for byte: the ETag is a
// digest of whichever was made first, and a client holds views from both.
import { describe, expect, it } from "vitest";
import { applyAction, createGame, legalActions, resolveRules, type GameState } from "../../worker/engine";
import type { TableRecord } from "../../worker/table/model";
import { viewEntry } from "../../worker/table/view";

const resolved = resolveRules({ preset: "standard", players: 4 });
if (!resolved.ok) throw new Error(resolved.error.message);

const tableAt = (state: GameState, version: number): TableRecord => ({
  id: "t_viewtextviewtext",
  version,
  state,
  seats: [0, 1, 2, 3].map((seat) => ({ seat, name: `S${seat}`, bot: null, tokenHash: null })),
});

describe("a seat's view text", () => {
  it("is the same made whole or joined from its fields, at every step of a game and for every seat", () => {
    let state = createGame(resolved.rules, { seed: "view-text", v: 2 });
    let steps = 0;
    for (let version = 0; version < 400; version++) {
      for (let seat = 0; seat < 4; seat++) {
        // Separate state objects: each is its own entry, one made whole first, one cut first.
        const whole = viewEntry(tableAt({ ...state }, version), seat);
        const cut = viewEntry(tableAt({ ...state }, version), seat);
        const joined = `{${cut.parts.map(([k, text]) => `${JSON.stringify(k)}:${text}`).join(",")}}`;
        expect(cut.json).toBe(joined);
        expect(whole.json).toBe(joined);
        for (const [, text, items] of cut.parts) if (items) expect(text).toBe(`[${items.join(",")}]`);
      }
      steps++;
      if (state.phase === "over") break;
      const seat = state.toAct[0];
      // Not a Mulatschak (it ends a short game at once): the test wants many steps.
      const legal = legalActions(state, seat).filter((a, _, all) => a.type !== "mulatschak" || all.length === 1);
      const pick = legal[(version * 7919) % legal.length];
      const next = applyAction(state, seat, pick.type === "cut" ? { type: "cut", value: version * 2654435761 % 2 ** 32 } : pick);
      if (!next.ok) throw new Error(next.error.message);
      state = next.state;
    }
    expect(steps).toBeGreaterThan(20);
  });
});
