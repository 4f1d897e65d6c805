// A view is the caller's own: changing anything in it (a bot scribbling on its view, a route adding
// a field) never reaches the stored state, which the next action would write to D1.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { viewFor, type GameState } from "../../../worker/engine";
import { ALL_CONFIGS, gameSpec, runs, walk } from "../kit/game-walk";

/** Every mutable object and array reachable from `root` (frozen ones cannot be changed, so no risk). */
function mutableParts(root: unknown): (Record<string, unknown> | unknown[])[] {
  const out: (Record<string, unknown> | unknown[])[] = [];
  const seen = new Set<unknown>();
  const visit = (x: unknown) => {
    if (typeof x !== "object" || x === null || seen.has(x)) return;
    seen.add(x);
    if (!Object.isFrozen(x)) out.push(x as Record<string, unknown>);
    for (const v of Object.values(x)) visit(v);
  };
  visit(root);
  return out;
}

/** Change one part of the view in one of the ways a careless caller might. */
function scribble(part: Record<string, unknown> | unknown[], how: number): void {
  if (Array.isArray(part)) {
    if (how % 3 === 0) part.push("scribbled");
    else if (how % 3 === 1) part.length = 0;
    else if (part.length > 0) part[0] = "scribbled";
    else part.push(0);
    return;
  }
  const keys = Object.keys(part);
  if (keys.length === 0 || how % 2 === 0) part.scribbled = true;
  else part[keys[how % keys.length]] = "scribbled";
}

const digest = (s: GameState) => JSON.stringify(s);

describe.each(ALL_CONFIGS())("views are copies: $name", ({ c }) => {
  it("a view changed anywhere, deep inside, leaves the state unchanged", () => {
    fc.assert(
      fc.property(gameSpec(c), fc.array(fc.nat(), { minLength: 16, maxLength: 16 }), (spec, hows) => {
        walk(c, spec, 200, ({ after, index }) => {
          const before = digest(after);
          for (let seat = 0; seat < c.players; seat++) {
            const parts = mutableParts(viewFor(after, seat));
            // A few random parts of every view, and in some steps every part.
            const all = hows[index % hows.length] % 5 === 0;
            for (let k = 0; k < (all ? parts.length : 4); k++) {
              const how = hows[(index + seat + k) % hows.length] + k;
              scribble(parts[all ? k : how % parts.length], how);
            }
          }
          if (digest(after) !== before) throw new Error(`step ${index}: changing a view changed the state (${after.phase})`);
        });
      }),
      { numRuns: runs(4) },
    );
  }, 60_000);
});

describe("views are copies: the parts that used to be shared", () => {
  it("marks, hands played, events and winners", () => {
    // A game played to its end, so that every kind of part is there.
    const [{ c }] = ALL_CONFIGS();
    let last: GameState | null = null;
    for (let seed = 0; !last || last.phase !== "over"; seed++) {
      last = walk(c, { seed: `copy-${seed}`, dealer: 0, points: [1, 1, 1, 1].slice(0, c.players), picks: [3, 7, 11] }, 400).final;
      if (seed > 50) throw new Error("no game ended");
    }
    const state = last;
    const before = digest(state);
    const v = viewFor(state, 0);
    expect(v.handsPlayed.length).toBeGreaterThan(0);
    expect(v.winners).not.toBeNull();
    v.players[0].bid = { kind: "pass" };
    (v.players[1].bid as { kind: string }).kind = "white";
    v.handsPlayed[0].delta[0] = 99;
    v.handsPlayed[0].tricks.push(9);
    v.handsPlayed.pop();
    for (const e of v.events) if (e.cards) e.cards.push("W");
    if (Array.isArray(v.events[0]?.visibleTo)) v.events[0].visibleTo.push(3);
    v.winners!.push(3);
    expect(digest(state)).toBe(before);
  });
});
