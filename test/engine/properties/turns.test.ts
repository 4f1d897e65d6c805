// At every step of random games: the seat to act has a legal action; every listed action is
// accepted; anything not listed (other seats, other types, bad cards, malformed input) is refused
// with one of the SCENARIOS.md codes; applyAction never changes the state it is given.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { applyAction, applyInPlace, cardName, cloneState, legalActions, type GameState } from "../../../worker/engine";
import { ALL_CONFIGS, gameSpec, rulesFor, runs, walk } from "../kit/game-walk";
import { actionKey, candidates, CODES } from "../kit/unlisted";

// Plain throws rather than expect() in the inner loops: thousands of checks per game.
function fail(msg: string): never {
  throw new Error(msg);
}

function refuse(state: GameState, seat: number, action: unknown) {
  const r = applyAction(state, seat, action);
  if (r.ok) fail(`seat ${seat} ${JSON.stringify(action)} in ${state.phase} (toAct ${state.toAct}) was accepted but not listed`);
  if (!CODES.includes(r.error.code)) fail(`unknown code ${r.error.code} for ${JSON.stringify(action)}`);
  if (typeof r.error.message !== "string" || r.error.message === "") fail(`no message for ${r.error.code}`);
}

describe.each(ALL_CONFIGS())("turns and legality: $name", ({ c }) => {
  const deck = rulesFor(c).deck;

  it("the seat to act always has a legal action until the game is over; then nobody has", () => {
    fc.assert(
      fc.property(gameSpec(c), (spec) => {
        const { final } = walk(c, spec, 300, ({ after }) => {
          if (after.phase === "over") {
            expect(after.toAct).toEqual([]);
            expect(after.winners?.length).toBeGreaterThan(0);
          } else {
            expect(after.toAct).toHaveLength(1);
            expect(legalActions(after, after.toAct[0]).length).toBeGreaterThan(0);
            expect(after.winners).toBeNull();
          }
          for (let s = 0; s < c.players; s++) if (!after.toAct.includes(s) && legalActions(after, s).length > 0) fail(`seat ${s} not to act has legal actions`);
        });
        if (final.phase === "over") {
          for (let s = 0; s < c.players; s++) for (const a of candidates([], deck, 1)) refuse(final, s, a);
        }
      }),
      { numRuns: runs(10) },
    );
  }, 60_000);

  it("every listed action is accepted; unlisted ones are refused with a code; the input is never changed", () => {
    fc.assert(
      fc.property(gameSpec(c), (spec) => {
        walk(c, spec, 120, ({ before, seat, legal, index }) => {
          const snapshot = JSON.stringify(before);
          for (const a of legal) {
            const r = applyAction(before, seat, a);
            if (!r.ok) fail(`listed ${JSON.stringify(a)} refused: ${r.error.code} ${r.error.message}`);
          }
          const listed = new Set(legal.map(actionKey));
          const hand = before.hand.hands[seat].map(cardName);
          for (const a of candidates(hand, deck, spec.picks[index % spec.picks.length])) {
            if (!listed.has(actionKey(a))) refuse(before, seat, a);
          }
          // Every other seat, with an action that is legal for the seat to act; and no seat at all.
          for (let s = 0; s < c.players; s++) if (s !== seat) refuse(before, s, legal[0]);
          for (const s of [-1, c.players, 0.5]) refuse(before, s, legal[0]);
          if (JSON.stringify(before) !== snapshot) fail(`applyAction changed its input at step ${index} (${before.phase})`);
        });
      }),
      { numRuns: runs(5) },
    );
  }, 120_000);

  it("applyInPlace (the bots' path) changes nothing when it refuses an action", () => {
    fc.assert(
      fc.property(gameSpec(c), (spec) => {
        walk(c, spec, 100, ({ before, seat, legal, index }) => {
          const snapshot = JSON.stringify(before);
          const listed = new Set(legal.map(actionKey));
          const hand = before.hand.hands[seat].map(cardName);
          const work = cloneState(before);
          for (const a of candidates(hand, deck, spec.picks[index % spec.picks.length])) {
            if (listed.has(actionKey(a))) continue;
            if (applyInPlace(work, seat, a) === null) fail(`applyInPlace accepted unlisted ${JSON.stringify(a)}`);
            if (JSON.stringify(work) !== snapshot) fail(`refused ${JSON.stringify(a)} changed the state in ${before.phase}`);
          }
        });
      }),
      { numRuns: runs(3) },
    );
  }, 60_000);
});
