// Fast playouts for the searching bot: every seat plays a cheap version of the rules of thumb
// (no card counting) straight on a state it owns, until the current hand is scored.
import { applyInPlace } from "../engine/apply";
import { cardName, isTrump, playSuit, strength, suitIndex } from "../engine/cards";
import { legalSummary } from "../engine/legal";
import { randomStep } from "../engine/random-play";
import { nextInt, type RngState } from "../engine/rng";
import { playableCards, playCard } from "../engine/tricks";
import type { Action, CardId, GameState } from "../engine";
import { bestTrump, bidValue, cardsToExchange, estimateTricks, keepValue, power, shouldJoin, worstCards } from "./heuristics";

const SUITS = ["E", "L", "H", "S"] as const;

/**
 * Play the hand in `state` to its end. Returns each seat's change of points for it (zeros if it
 * was dealt again because everyone passed), and adds the actions taken to `steps` (the work done).
 */
export function playOut(state: GameState, rng: RngState, work: { steps: number }): number[] {
  const handNo = state.hand.no;
  const played = state.handsPlayed.length;
  let guard = 0;
  while (state.phase !== "over" && state.handsPlayed.length === played && state.hand.no === handNo) {
    if (++guard > 200) break; // cannot happen with a correct engine; never loop forever in a bot
    const seat = state.toAct[0];
    work.steps++;
    if (state.phase === "play") {
      playCard(state, seat, fastCard(state, seat, rng));
      state.actionCount++;
      continue;
    }
    if (applyInPlace(state, seat, fastAction(state, seat))) randomStep(state, rng); // never stall
  }
  if (state.handsPlayed.length > played) return state.handsPlayed[state.handsPlayed.length - 1].delta;
  return new Array(state.rules.players).fill(0);
}

const EPSILON = 8; // in 100: a little noise so that samples do not all play alike

/** A cheap card choice: lead high winners or low; follow with the cheapest winner or the lowest. */
export function fastCard(state: GameState, seat: number, rng: RngState): CardId {
  const h = state.hand;
  const legal = playableCards(state, h.hands[seat], h.trick);
  if (legal.length === 1) return legal[0];
  if (nextInt(rng, 100) < EPSILON) return legal[nextInt(rng, legal.length)];
  const t = suitIndex(h.trump!);
  if (h.trick.length === 0) {
    let top = legal[0];
    for (const c of legal) if (power(c, t) > power(top, t)) top = c;
    // Lead the Ace or the top trump when holding it; otherwise something low.
    if ((c0(top) && !isTrump(top, t)) || (isTrump(top, t) && strength(top) >= 15 && seat === h.declarer)) return top;
    return low(legal, t);
  }
  const led = playSuit(h.trick[0].card, t);
  let best = h.trick[0].card;
  for (const x of h.trick) if (beats(x.card, best, led, t)) best = x.card;
  let cheapest = -1;
  for (const c of legal) if (beats(c, best, led, t) && (cheapest < 0 || power(c, t) < power(cheapest, t))) cheapest = c;
  if (cheapest < 0) return low(legal, t);
  return cheapest;
}

const c0 = (c: CardId) => c % 9 === 0 && c !== 35;

function low(cards: CardId[], t: number): CardId {
  let best = cards[0];
  for (const c of cards) if (power(c, t) < power(best, t)) best = c;
  return best;
}

function beats(c: CardId, best: CardId, led: number, t: number): boolean {
  const ct = isTrump(c, t), bt = isTrump(best, t);
  if (ct !== bt) return ct;
  if (!ct && playSuit(c, t) !== led) return false;
  if (!bt && playSuit(best, t) !== led) return true;
  return strength(c) > strength(best);
}

/** A quick decision outside the tricks, from the same estimates as the `normal` level. */
export function fastAction(state: GameState, seat: number): Action {
  const h = state.hand;
  const r = state.rules;
  const hand = h.hands[seat];
  const players = h.order.length - h.stayedHome.filter(Boolean).length;
  const mayExchange = state.points[seat] > r.noExchangeAt;
  switch (state.phase) {
    case "mulatschak":
      return { type: "noMulatschak" };
    case "bidding": {
      const legal = legalSummary(state, seat);
      const value = bidValue(bestTrump(hand, players, r).est, mayExchange);
      if (legal.some((a) => a.type === "hold") && value >= h.highBid) return { type: "hold" };
      const least = Math.max(r.minBid, h.highBid + 1);
      if (value >= least && legal.some((a) => a.type === "bid")) return { type: "bid", tricks: least };
      return { type: "pass" };
    }
    case "trump":
      return { type: "trump", suit: SUITS[bestTrump(hand, players, r).suit] };
    case "exchange": {
      const t = suitIndex(h.trump!);
      if (h.step === "join") {
        const est = estimateTricks(hand, t, players);
        return shouldJoin(est, r.stayHome === false ? 0 : r.stayHome, r) ? { type: "join" } : { type: "stayHome" };
      }
      if (h.step === "exchange") {
        if (!mayExchange) return { type: "exchange", cards: [] };
        const max = Math.min(h.order.length === 4 ? r.maxExchange4 : r.maxExchange, h.talon.length);
        return { type: "exchange", cards: cardsToExchange(hand, t, max).map(cardName) };
      }
      if (h.step === "offer") {
        const o = h.offer!;
        if (o.mode === "gschaude") return keepValue(o.card, hand, t) >= 3 ? { type: "takeShown" } : { type: "leaveShown" };
        const worst = worstCards(hand, t, 1)[0];
        return keepValue(o.card, hand, t) > keepValue(worst, hand, t) + 1 ? { type: "takeShown", discard: cardName(worst) } : { type: "leaveShown" };
      }
      return { type: "discard", cards: worstCards(hand, t, hand.length - 5).map(cardName) };
    }
    default:
      return { type: "pass" };
  }
}
