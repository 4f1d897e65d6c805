// Trick play (RULES.md §2.10): follow suit, must head, must trump; the Weli is always trump.
import { isTrump, parseCard, playSuit, strength, suitIndex } from "./cards";
import { reject, type Outcome } from "./reject";
import { endHand } from "./scoring";
import type { Action, CardId, GameState, Rejection, TrickCard } from "./types";
import { setTurn } from "./turn";

/** The declarer leads the first trick. */
export function startPlay(state: GameState): void {
  const h = state.hand;
  h.exchangeQueue = [];
  h.step = null;
  state.phase = "play";
  setTurn(state, h.declarer as number);
}

/** Does card `c` beat the trick's current best card `best`? (`led` and `trump` as suit indexes) */
export function beats(c: CardId, best: CardId, led: number, trump: number): boolean {
  const ct = isTrump(c, trump);
  const bt = isTrump(best, trump);
  if (ct !== bt) return ct;
  if (!ct && playSuit(c, trump) !== led) return false;
  if (!bt && playSuit(best, trump) !== led) return true;
  return strength(c) > strength(best);
}

export function trickWinner(trick: TrickCard[], trump: number): TrickCard {
  const led = playSuit(trick[0].card, trump);
  let best = trick[0];
  for (let i = 1; i < trick.length; i++) if (beats(trick[i].card, best.card, led, trump)) best = trick[i];
  return best;
}

/** The cards of `hand` that may be played to `trick` (a subset of `hand`, same order). */
export function playableCards(state: GameState, hand: CardId[], trick: TrickCard[]): CardId[] {
  if (trick.length === 0) return hand;
  const r = state.rules;
  const trump = suitIndex(state.hand.trump!);
  const led = playSuit(trick[0].card, trump);
  let follow = 0;
  let trumps = 0;
  for (let i = 0; i < hand.length; i++) {
    if (playSuit(hand[i], trump) === led) follow++;
    else if (isTrump(hand[i], trump)) trumps++;
  }
  let pool: CardId[];
  if (follow > 0) pool = follow === hand.length ? hand : hand.filter((c) => playSuit(c, trump) === led);
  else if (r.mustTrump && trumps > 0) pool = hand.filter((c) => isTrump(c, trump));
  else return hand;
  if (!r.mustHead) return pool;
  const best = trickWinner(trick, trump).card;
  const heads = pool.filter((c) => beats(c, best, led, trump));
  return heads.length > 0 ? heads : pool;
}

/** Why `card` (in hand) may not be played to the trick, or null when it may. */
export function whyNotPlayable(state: GameState, hand: CardId[], card: CardId): Rejection | null {
  const h = state.hand;
  if (h.trick.length === 0 || playableCards(state, hand, h.trick).includes(card)) return null;
  const trump = suitIndex(h.trump!);
  const led = playSuit(h.trick[0].card, trump);
  const name = SUIT_NAMES[led];
  if (hand.some((c) => playSuit(c, trump) === led)) {
    if (playSuit(card, trump) !== led) return reject("MUST_FOLLOW_SUIT", `You must follow ${name}.`);
    return reject("MUST_HEAD_TRICK", `You must beat the trick with a higher ${name} card.`);
  }
  if (!isTrump(card, trump)) return reject("MUST_TRUMP", "You cannot follow suit, so you must play a trump.");
  return reject("MUST_HEAD_TRICK", "You must beat the trick with a higher trump.");
}

const SUIT_NAMES = ["Eichel", "Laub", "Herz", "Schellen"];

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

/** Play a known-legal card (the bots' fast path shares this). */
export function playCard(state: GameState, seat: number, card: CardId): void {
  const h = state.hand;
  const hand = h.hands[seat];
  hand.splice(hand.indexOf(card), 1);
  h.trick.push({ seat, card });
  const players = h.order.length - countHome(h.stayedHome);
  if (h.trick.length < players) {
    setTurn(state, nextPlayer(state, seat));
    return;
  }
  const winner = trickWinner(h.trick, suitIndex(h.trump!)).seat;
  h.tricksWon[winner]++;
  h.tricks.push(h.trick);
  h.trick = [];
  const tricksDone = h.tricks.length;
  const mulatschakLost = h.contract === "mulatschak" && winner !== h.declarer;
  if (tricksDone === 5 || mulatschakLost) {
    endHand(state);
    return;
  }
  setTurn(state, winner);
}

function countHome(home: boolean[]): number {
  let n = 0;
  for (const b of home) if (b) n++;
  return n;
}

/** The next seat clockwise that plays in this hand. */
function nextPlayer(state: GameState, seat: number): number {
  const h = state.hand;
  const n = state.rules.players;
  let s = seat;
  do s = (s + 1) % n;
  while (!h.inHand[s] || h.stayedHome[s]);
  return s;
}
