// A uniformly random legal player over the API's legal summary. Used by the engine benchmark,
// the property tests and the `random` bot level, so all three exercise the same rules path.
import { applyInPlace } from "./apply";
import { cardName } from "./cards";
import { removeAt } from "./list";
import { legalSummary } from "./legal";
import { nextInt, nextU32, type RngState } from "./rng";
import { playableCards, playCard } from "./tricks";
import type { Action, GameState, LegalSummary, Rejection } from "./types";

/**
 * Pick a random action from `legal`; card sets are drawn from `hand`. A Mulatschak is called
 * only with probability `mulatschakRate` (uniform choice would call one in half of all hands).
 */
export function randomAction(legal: LegalSummary[], hand: string[], rng: RngState, mulatschakRate = 0.02): Action {
  const m = legal.length > 1 ? indexOfType(legal, "mulatschak") : -1;
  let a: LegalSummary;
  if (m >= 0) {
    if (nextInt(rng, 1_000_000) < mulatschakRate * 1_000_000) return { type: "mulatschak" };
    // Uniform among the other actions: draw from one fewer and step over the Mulatschak
    // (the same draw as filtering it out first, without the copy).
    const i = nextInt(rng, legal.length - 1);
    a = legal[i < m ? i : i + 1];
  } else {
    a = legal[nextInt(rng, legal.length)];
  }
  if (a.type === "exchange" && "max" in a) return { type: "exchange", cards: pick(hand, nextInt(rng, a.max + 1), rng) };
  if (a.type === "discard" && "count" in a) return { type: "discard", cards: pick(hand, a.count, rng) };
  if (a.type === "cut") return { type: "cut", value: nextU32(rng) };
  return a as Action;
}

function indexOfType(legal: LegalSummary[], type: LegalSummary["type"]): number {
  for (let i = 0; i < legal.length; i++) if (legal[i].type === type) return i;
  return -1;
}

/** `k` distinct cards of `hand`, drawn one by one. */
function pick(hand: string[], k: number, rng: RngState): string[] {
  const pool = hand.slice();
  const out: string[] = [];
  for (let i = 0; i < k; i++) {
    const j = nextInt(rng, pool.length);
    out.push(pool[j]);
    removeAt(pool, j);
  }
  return out;
}

/**
 * One random legal action for the seat to act, applied in place: the playout step of the
 * benchmark and of searching bots. Card play takes the engine's own legality check and move
 * directly, skipping the JSON parsing that untrusted input needs.
 */
export function randomStep(state: GameState, rng: RngState, mulatschakRate = 0.02): Rejection | null {
  const seat = state.toAct[0];
  const h = state.hand;
  if (state.phase === "play") {
    const cards = playableCards(state, h.hands[seat], h.trick);
    playCard(state, seat, cards[nextInt(rng, cards.length)]);
    state.actionCount++;
    return null;
  }
  const legal = legalSummary(state, seat);
  const needsHand = state.phase === "exchange" && (h.step === "exchange" || h.step === "discard");
  const hand = needsHand ? h.hands[seat].map(cardName) : [];
  return applyInPlace(state, seat, randomAction(legal, hand, rng, mulatschakRate));
}
