// Playouts for the searching bot: every seat plays the `normal` rules of thumb (without tracking
// voids, to stay fast) straight on a state it owns, until the current hand is scored.
import { applyInPlace, cardName, legalSummary, SUITS, type Action, type CardId, type GameState, type RngState } from "../engine";
import { deckOf, playableCards, playCard, randomStep, suitIndex } from "../engine/fast";
import { bestTrump, bidTricks, bidValue, cardsToExchange, chooseCard, estimateTricks, keepValue, shouldJoin, worstCards } from "./heuristics";

/** Work of a decision outside the card play, in card-play steps (it weighs whole hands: bestTrump). */
const DECISION_COST = 4;

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
    if (state.phase === "play") {
      work.steps++;
      playCard(state, seat, fastCard(state, seat));
      state.actionCount++;
      continue;
    }
    work.steps += DECISION_COST;
    if (applyInPlace(state, seat, fastAction(state, seat))) randomStep(state, rng); // never stall
  }
  if (state.handsPlayed.length > played) return state.handsPlayed[state.handsPlayed.length - 1].delta;
  return new Array(state.rules.players).fill(0);
}

/**
 * The `normal` card choice, fed from the state the playout owns: what the seat has not seen is
 * every card outside its hand and the tricks (no void tracking, to stay fast).
 */
export function fastCard(state: GameState, seat: number): CardId {
  const h = state.hand;
  const hand = h.hands[seat];
  const legal = playableCards(state, hand, h.trick);
  if (legal.length === 1) return legal[0];
  // The scratch lists are reused from card to card (chooseCard keeps none of them): a playout
  // plays some thirty cards, and fresh lists for each were a large part of a search's garbage.
  const seen = SEEN.fill(0);
  for (const c of hand) seen[c] = 1;
  for (const t of h.tricks) for (const x of t) seen[x.card] = 1;
  for (const x of h.trick) seen[x.card] = 1;
  const deck = DECK[state.rules.deck];
  let count = 0;
  for (const c of deck) if (!seen[c]) count++;
  const unseen = scratch(UNSEEN, count);
  let i = 0;
  for (const c of deck) if (!seen[c]) unseen[i++] = c;
  const n = state.rules.players;
  let playing = 0;
  for (const s of h.order) if (!h.stayedHome[s]) playing++;
  const after = scratch(AFTER, Math.max(0, playing - h.trick.length - 1));
  i = 0;
  for (let s = (seat + 1) % n; i < after.length; s = (s + 1) % n) {
    if (h.inHand[s] && !h.stayedHome[s]) after[i++] = s;
  }
  return chooseCard({
    rules: state.rules,
    trump: suitIndex(h.trump!),
    me: seat,
    hand,
    legal,
    trick: h.trick,
    after,
    declarer: h.declarer ?? -1,
    unseen,
    forbidden: null,
    mulatschak: h.contract === "mulatschak",
  }).card;
}

const DECK = { 33: deckOf(33), 36: deckOf(36) };
const SEEN = new Uint8Array(36);
const UNSEEN: CardId[][] = [];
const AFTER: number[][] = [];
/** A reused list of exactly `n` entries (one per length: changing a list's length reallocates it). */
const scratch = (lists: number[][], n: number): number[] => (lists[n] ??= new Array<number>(n).fill(0));

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
      if (value >= least && legal.some((a) => a.type === "bid")) return { type: "bid", tricks: bidTricks(value, least, r, seat, state.dealer) };
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
