// A uniformly random legal player over the API's legal summary. Used by the engine benchmark,
// the property tests and the `random` bot level, so all three exercise the same rules path.
import { applyChecked } from "./apply";
import { cardName, suitIndex } from "./cards";
import { discardCards, exchangeAllowed } from "./exchange";
import { MULATSCHAK, writeLegal } from "./legal";
import { reject } from "./reject";
import { nextInt, nextU32, type RngState } from "./rng";
import { countBits, nthInMask, playableMask, playAt } from "./tricks";
import type { Action, CardId, GameState, LegalSummary, Rejection } from "./types";

/**
 * Pick a random action from `legal`; card sets are drawn from `hand`. A Mulatschak is called
 * only with probability `mulatschakRate` (uniform choice would call one in half of all hands).
 */
export function randomAction(legal: LegalSummary[], hand: string[], rng: RngState, mulatschakRate = 0.02): Action {
  const a = randomSummary(legal, legal.length, indexOfType(legal, "mulatschak"), rng, mulatschakRate);
  if (a.type === "exchange") return { type: "exchange", cards: pick(hand, nextInt(rng, a.max + 1), rng) };
  if (a.type === "discard") return { type: "discard", cards: pick(hand, a.count, rng) };
  if (a.type === "cut") return { type: "cut", value: nextU32(rng) };
  return a as Action;
}

/** The entry of the first `n` of `legal` chosen, `m` the Mulatschak's position or -1 (card sets not drawn yet). */
function randomSummary(legal: LegalSummary[], n: number, m: number, rng: RngState, mulatschakRate: number): LegalSummary {
  if (m < 0 || n === 1) return legal[nextInt(rng, n)];
  if (nextInt(rng, 1_000_000) < mulatschakRate * 1_000_000) return MULATSCHAK;
  // Uniform among the other actions: draw from one fewer and step over the Mulatschak
  // (the same draw as filtering it out first, without the copy).
  const i = nextInt(rng, n - 1);
  return legal[i < m ? i : i + 1];
}

function indexOfType(legal: LegalSummary[], type: LegalSummary["type"]): number {
  for (let i = 0; i < legal.length; i++) if (legal[i].type === type) return i;
  return -1;
}

/**
 * The Mulatschak's position in a list that `writeLegal` wrote, or -1: it writes the Mulatschak,
 * when it offers one, first and as the one shared summary, so one look at the first entry tells.
 */
const mulatschakAt = (legal: LegalSummary[]): number => (legal[0] === MULATSCHAK ? 0 : -1);

/** The random player's list of legal actions, written afresh at every step (see `writeLegal`). */
const LEGAL: LegalSummary[] = [];

/** `k` distinct cards of `hand`, drawn one by one (each from the cards not drawn yet, in order). */
function pick<T>(hand: T[], k: number, rng: RngState): T[] {
  return pickInto<T>([], hand, k, rng);
}

function pickInto<T>(out: T[], hand: T[], k: number, rng: RngState): T[] {
  let left = (1 << hand.length) - 1;
  for (let i = 0; i < k; i++) {
    const j = nthInMask(left, nextInt(rng, hand.length - i));
    out[i] = hand[j];
    left &= ~(1 << j);
  }
  while (out.length > k) out.pop();
  return out;
}

/** The cards the random player exchanges or discards: the exchange's rules read them and copy
 * what they keep (to the discards and the seat's laid-away list), so one list serves every draw. */
const PICKED: CardId[] = [];

/**
 * One random legal action for the seat to act, applied in place: the playout step of the
 * benchmark and of searching bots. It skips the parsing that untrusted input needs: card play
 * goes to the engine's own legality check and move, card sets are drawn as card ids.
 */
export function randomStep(state: GameState, rng: RngState, mulatschakRate = 0.02): Rejection | null {
  if (state.phase !== "play") return randomDecision(state, rng, mulatschakRate);
  // Card play, most of all steps, kept small here so that the compiler inlines its parts.
  const seat = state.toAct[0];
  const h = state.hand;
  const hand = h.hands[seat];
  const mask = playableMask(hand, h.trick, suitIndex(h.trump!), state.rules);
  playAt(state, seat, nthInMask(mask, nextInt(rng, countBits(mask))));
  state.actionCount++;
  return null;
}

/** Any other decision, drawn from `writeLegal`'s list. */
function randomDecision(state: GameState, rng: RngState, mulatschakRate: number): Rejection | null {
  const seat = state.toAct[0];
  const h = state.hand;
  const n = writeLegal(state, seat, LEGAL);
  if (n === 0) return reject("WRONG_PHASE", "The game is over.");
  const a = randomSummary(LEGAL, n, mulatschakAt(LEGAL), rng, mulatschakRate);
  let outcome: Rejection | null;
  if (a.type === "exchange") {
    outcome = exchangeAllowed(state, seat, pickInto(PICKED, h.hands[seat], nextInt(rng, a.max + 1), rng));
  } else if (a.type === "discard") {
    outcome = discardCards(state, seat, pickInto(PICKED, h.hands[seat], a.count, rng));
  } else if (a.type === "cut") {
    return applyChecked(state, seat, { type: "cut", value: nextU32(rng) });
  } else {
    // Chosen from what the seat to act may do now: the checks of `applyParsed` hold already.
    return applyChecked(state, seat, a as Action);
  }
  if (!outcome) state.actionCount++;
  return outcome;
}
