// The public story ("since you were here", the bidding so far) names no card that was not public
// when it happened: every card in it was on the table, offered face up, or played in that step,
// as every seat's view shows it.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { story, viewFor, type GameState, type StoryItem } from "../../../worker/engine";
import { CONFIGS, gameSpec, nameOf, rulesFor, runs, walk } from "../kit/game-walk";

const CARD = /^(W|[ELHS](A|K|O|U|10|9|8|7|6))$/;

function cardsIn(value: unknown, out: string[] = []): string[] {
  if (typeof value === "string" && CARD.test(value)) out.push(value);
  else if (Array.isArray(value)) value.forEach((v) => cardsIn(v, out));
  else if (value && typeof value === "object") Object.values(value).forEach((v) => cardsIn(v, out));
  return out;
}

/** Cards every seat can see in its view of `state` (the same for all: public). */
function publicCards(state: GameState): Set<string> {
  const per = state.points.map((_, s) => {
    const v = viewFor(state, s);
    return new Set([...v.trick, ...v.tricks.flat(), ...(v.shown ? [v.shown] : [])].map((c) => c.card));
  });
  return new Set([...per[0]].filter((c) => per.every((p) => p.has(c))));
}

describe.each(CONFIGS.map((c) => ({ name: nameOf(c), c })))("story: $name", ({ c }) => {
  it("names only cards that were public at that step, and tells exchanges by count", () => {
    fc.assert(
      fc.property(gameSpec(c), (spec) => {
        const before: GameState[] = [];
        const { actions } = walk(c, spec, 400, (s) => before.push(s.before));
        const { items } = story({ rules: rulesFor(c), seed: spec.seed, dealer: spec.dealer, points: spec.points, actions });
        const byVersion = new Map<number, StoryItem[]>();
        for (const item of items) byVersion.set(item.version, [...(byVersion.get(item.version) ?? []), item]);
        actions.forEach(({ action }, i) => {
          const told = byVersion.get(i + 1) ?? [];
          expect(told.length).toBeGreaterThan(0); // every step is told
          const allowed = publicCards(before[i]);
          if (action.type === "play") allowed.add(action.card);
          for (const card of cardsIn(told.filter((t) => t.kind !== "handScored"))) expect(allowed, `step ${i} ${JSON.stringify(told)}`).toContain(card);
          if (action.type === "exchange" || action.type === "discard") expect(told[0]).toMatchObject({ kind: action.type, count: action.cards.length });
        });
      }),
      { numRuns: runs(4) },
    );
  }, 120_000);
});
