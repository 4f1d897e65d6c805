// Trick play (RULES.md §2.10): follow suit, must head, must trump; the Weli is always trump.
import { nextSeat } from "./seat-order";
import { isTrump, LED_RANK, parseCard, playSuit, rankRow, suitIndex, TRICK_RANK, trickRank, TRUMP_RANK } from "./cards";
import { clearList, removeAt } from "./list";
import { reject, type Outcome } from "./reject";
import { endHand } from "./scoring";
import { SUIT_WORDS } from "./words";
import type { Action, CardId, GameState, Rejection, Rules, TrickCard } from "./types";
import { setTurn } from "./turn";

/** The declarer leads the first trick. */
export function startPlay(state: GameState): void {
  const h = state.hand;
  clearList(h.exchangeQueue);
  h.step = null;
  state.phase = "play";
  setTurn(state, h.declarer as number);
}

/** Does card `c` beat the trick's current best card `best`? (`led` and `trump` as suit indexes) */
export function beats(c: CardId, best: CardId, led: number, trump: number): boolean {
  return trickRank(c, led, trump) > trickRank(best, led, trump);
}

export function trickWinner(trick: TrickCard[], trump: number): TrickCard {
  const ranks = rankRow(playSuit(trick[0].card, trump), trump);
  let best = trick[0];
  let bestRank = TRICK_RANK[ranks + best.card];
  for (let i = 1; i < trick.length; i++) {
    const rank = TRICK_RANK[ranks + trick[i].card];
    if (rank > bestRank) {
      best = trick[i];
      bestRank = rank;
    }
  }
  return best;
}

/**
 * The rule of card play, as a bit set over the positions in `hand` (bit i: hand[i] may be played):
 * the led suit if the seat has it, else trump if it must trump and can, else any card; with must
 * head, only the cards of that suit that beat the trick, if there are any. A trump is a card
 * whose play suit is trump, so both duties are "play this suit". One pass over the hand and no
 * allocation: it runs for every card played, in the benchmark and in every bot playout.
 */
export function playableMask(hand: CardId[], trick: TrickCard[], trump: number, r: Rules): number {
  const all = (1 << hand.length) - 1;
  if (trick.length === 0) return all;
  // One trick rank per card answers everything (cards.ts): trumps rank 40 and up, the led suit 20
  // to 39 (40 and up when trump is led), every other card 0; higher beats. No suit is worked out.
  const led = playSuit(trick[0].card, trump);
  const ranks = rankRow(led, trump);
  let best = 0;
  for (let i = 0; i < trick.length; i++) {
    const rank = TRICK_RANK[ranks + trick[i].card];
    if (rank > best) best = rank;
  }
  const ledFrom = led === trump ? TRUMP_RANK : LED_RANK;
  let follow = 0, headFollow = 0, trumps = 0, headTrump = 0;
  for (let i = 0; i < hand.length; i++) {
    const rank = TRICK_RANK[ranks + hand[i]];
    if (rank >= ledFrom && (ledFrom === TRUMP_RANK || rank < TRUMP_RANK)) {
      follow |= 1 << i;
      if (rank > best) headFollow |= 1 << i;
    } else if (rank >= TRUMP_RANK) {
      trumps |= 1 << i;
      if (rank > best) headTrump |= 1 << i;
    }
  }
  if (follow === 0) {
    if (!r.mustTrump || trumps === 0) return all;
    follow = trumps;
    headFollow = headTrump;
  }
  return r.mustHead && headFollow !== 0 ? headFollow : follow;
}

/** The cards of `hand` that may be played to `trick` (a subset of `hand`, same order). */
export function playableCards(state: GameState, hand: CardId[], trick: TrickCard[]): CardId[] {
  return playableIn(hand, trick, suitIndex(state.hand.trump!), state.rules);
}

/** The same rule without a game state: `trump` as a suit index (the bots reason about hands). */
export function playableIn(hand: CardId[], trick: TrickCard[], trump: number, r: Rules): CardId[] {
  const mask = playableMask(hand, trick, trump, r);
  if (mask === (1 << hand.length) - 1) return hand;
  const out: CardId[] = [];
  for (let i = 0; i < hand.length; i++) if (mask & (1 << i)) out.push(hand[i]);
  return out;
}

/** The position in `hand` of the `k`-th card (from 0) whose bit is set in `mask`. */
export function nthInMask(mask: number, k: number): number {
  let m = mask;
  for (let i = 0; i < k; i++) m &= m - 1;
  return 31 - Math.clz32(m & -m);
}

export const countBits = (mask: number): number => {
  let n = 0;
  for (let m = mask; m !== 0; m &= m - 1) n++;
  return n;
};

/** Why `card` (in hand) may not be played to the trick, or null when it may. */
export function whyNotPlayable(state: GameState, hand: CardId[], card: CardId): Rejection | null {
  const h = state.hand;
  if (h.trick.length === 0 || playableCards(state, hand, h.trick).includes(card)) return null;
  const trump = suitIndex(h.trump!);
  const led = playSuit(h.trick[0].card, trump);
  const name = SUIT_WORDS.de[led];
  if (hand.some((c) => playSuit(c, trump) === led)) {
    if (playSuit(card, trump) !== led) return reject("MUST_FOLLOW_SUIT", `You must follow ${name}.`);
    return reject("MUST_HEAD_TRICK", `You must beat the trick with a higher ${name} card.`);
  }
  if (!isTrump(card, trump)) return reject("MUST_TRUMP", "You cannot follow suit, so you must play a trump.");
  return reject("MUST_HEAD_TRICK", "You must beat the trick with a higher trump.");
}

export function playPhase(state: GameState, seat: number, action: Action): Outcome {
  if (action.type !== "play") return reject("WRONG_PHASE", "Play a card now.");
  const h = state.hand;
  const card = parseCard(action.card);
  const hand = h.hands[seat];
  if (card < 0 || !hand.includes(card)) return reject("INVALID_ACTION", "That card is not in your hand.");
  const why = whyNotPlayable(state, hand, card);
  if (why) return why;
  playCard(state, seat, card);
  return null;
}

/**
 * Every (seat, card) of a trick as one shared object: a trick card is never changed once played
 * (copies of a state share them already), so playing one allocates nothing.
 */
const TRICK_CARDS: TrickCard[] = [];
for (let seat = 0; seat < 6; seat++) for (let card = 0; card < 36; card++) TRICK_CARDS.push({ seat, card });

/** Play a known-legal card (the bots' fast path shares this). */
export function playCard(state: GameState, seat: number, card: CardId): void {
  playAt(state, seat, state.hand.hands[seat].indexOf(card));
}

/** Play the known-legal card at position `i` of the seat's hand (the random player knows it). */
export function playAt(state: GameState, seat: number, i: number): void {
  const h = state.hand;
  const hand = h.hands[seat];
  const card = hand[i];
  removeAt(hand, i);
  h.trick.push(TRICK_CARDS[seat * 36 + card]);
  // Every seat that plays this hand plays once per trick in turn: the trick is complete when the
  // turn would come back to the seat that led it.
  const next = nextPlayer(state, seat);
  if (next !== h.trick[0].seat) setTurn(state, next);
  else endTrick(state);
}

/** The trick is complete: to its winner, and the next trick or the end of the hand. (Apart from
 * `playAt`, which runs for every card, so that the compiler inlines that small part.) */
function endTrick(state: GameState): void {
  const h = state.hand;
  const winner = trickWinner(h.trick, suitIndex(h.trump!)).seat;
  h.tricksWon[winner]++;
  // The finished trick is kept as a copy of its size; the trick's own list, emptied by pops,
  // keeps its store for the next trick (a new list would grow one on its first card).
  const done = h.trick;
  h.tricks.push(copyOf(done));
  clearList(done);
  const tricksDone = h.tricks.length;
  const mulatschakLost = h.contract === "mulatschak" && winner !== h.declarer;
  if (tricksDone === 5 || mulatschakLost) {
    endHand(state);
    return;
  }
  setTurn(state, winner);
}

/** A copy of a finished trick: an array literal for the usual sizes (made in place by optimized
 * code, where `slice` is a call into the runtime). */
function copyOf(t: TrickCard[]): TrickCard[] {
  switch (t.length) {
    case 4:
      return [t[0], t[1], t[2], t[3]];
    case 3:
      return [t[0], t[1], t[2]];
    case 2:
      return [t[0], t[1]];
    default:
      return t.slice();
  }
}

/** The next seat clockwise that plays in this hand. */
function nextPlayer(state: GameState, seat: number): number {
  const h = state.hand;
  const n = state.rules.players;
  let s = seat;
  do s = nextSeat(s, n);
  while (!h.inHand[s] || h.stayedHome[s]);
  return s;
}
