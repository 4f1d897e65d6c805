// Shuffle, cut, deal and the white-hand check (RULES.md §2.2–2.5). Mutates a state it owns.
import { WELI, deckOf, isFigure, parseCard, cardName } from "./cards";
import { clearList } from "./list";
import { shuffle } from "./rng";
import { seatsClockwise } from "./seat-order";
import { setTurn } from "./turn";
import type { BidMark, CardId, Deal, GameEvent, GameState, HandState, StakeReason, TrickCard } from "./types";

/**
 * Who wants to see each deal as it is made (the game record). Kept beside the state, not in it,
 * so a state stays plain JSON; a copy of a state (applyAction) has no watcher.
 */
const dealWatchers = new WeakMap<GameState, (deal: Deal) => void>();

export function watchDeals(state: GameState, watcher: (deal: Deal) => void): void {
  dealWatchers.set(state, watcher);
}

/** Seats in the game (not out), clockwise from seat `from` + 1, ending with `from` if it is in. */
export function seatsAfter(state: GameState, from: number): number[] {
  const out = state.out;
  return seatsClockwise(state.rules.players, from, (s) => !out[s]);
}

/**
 * `n` copies of `v`, copied from a template per player count: slicing a packed array of the
 * right kind is cheaper than filling a new one (which changes its element kind as it fills).
 */
function filler<T>(v: T): (n: number) => T[] {
  const templates: T[][] = [];
  for (let n = 0; n <= 6; n++) templates.push(Array.from({ length: n }, () => v));
  return (n) => templates[n].slice();
}
const someFalses = filler(false);
const someZeros = filler(0);
const someMinusOnes = filler(-1);
// The usual table sizes as array literals: made in place by optimized code, without a call.
const falses = (n: number): boolean[] => (n === 4 ? [false, false, false, false] : n === 3 ? [false, false, false] : someFalses(n));
export const zeros = (n: number): number[] => (n === 4 ? [0, 0, 0, 0] : n === 3 ? [0, 0, 0] : someZeros(n));
const minusOnes = (n: number): number[] => (n === 4 ? [-1, -1, -1, -1] : n === 3 ? [-1, -1, -1] : someMinusOnes(n));

const NO_MARK: BidMark = { kind: "none" };
const someNoMarks = filler<BidMark>(NO_MARK);
const noMarks = (n: number): BidMark[] => (n === 4 ? [NO_MARK, NO_MARK, NO_MARK, NO_MARK] : n === 3 ? [NO_MARK, NO_MARK, NO_MARK] : someNoMarks(n));
/** Nothing laid away yet: one empty list shared (laid-away lists are replaced, never changed). */
const NONE: CardId[] = Object.freeze([]) as unknown as CardId[];
const someNoneAway = filler<CardId[]>(NONE);
const noneAway = (n: number): CardId[][] => (n === 4 ? [NONE, NONE, NONE, NONE] : n === 3 ? [NONE, NONE, NONE] : someNoneAway(n));
const someEmptyLists = (n: number): CardId[][] => {
  const lists: CardId[][] = [];
  for (let i = 0; i < n; i++) lists.push([]);
  return lists;
};
/** A fresh empty list per seat (hands are changed in place). */
const emptyLists = (n: number): CardId[][] => (n === 4 ? [[], [], [], []] : n === 3 ? [[], [], []] : someEmptyLists(n));

/**
 * An empty list that already holds objects in V8's terms: a new `[]` holds small integers until
 * its first object, so the push sites of tricks would see two kinds of list and call the generic
 * push instead of inlining it.
 */
function objectList<T>(): T[] {
  const a: unknown[] = [NO_MARK];
  a.pop();
  return a as T[];
}

export function emptyHand(n: number, no: number): HandState {
  const hands = emptyLists(n);
  return {
    no,
    inHand: falses(n),
    order: [],
    hands,
    talon: [],
    discards: [],
    weliCutBy: null,
    marks: noMarks(n),
    highBid: 0,
    highBidder: null,
    pos: 0,
    biddingRound: 0,
    roundActive: false,
    declarer: null,
    contract: null,
    trump: null,
    exchangeQueue: [],
    step: null,
    stayedHome: falses(n),
    homeCost: zeros(n),
    offer: null,
    tricksWon: zeros(n),
    trick: objectList<TrickCard>(),
    tricks: objectList<TrickCard[]>(),
    exchanged: minusOnes(n),
    putAway: noneAway(n),
  };
}

/**
 * The hand object of the finished deal, emptied for the next one in place: the state owns it and
 * every list in it (a copy of a state copies them, and nothing keeps the old hand), so the next
 * deal allocates none of them again. The same fields and values as `emptyHand`, so the same JSON.
 */
function nextHand(h: HandState, n: number, no: number): HandState {
  h.no = no;
  h.weliCutBy = null;
  h.highBid = 0;
  h.highBidder = null;
  h.pos = 0;
  h.biddingRound = 0;
  h.roundActive = false;
  h.declarer = null;
  h.contract = null;
  h.trump = null;
  h.step = null;
  h.offer = null;
  for (let s = 0; s < n; s++) {
    h.inHand[s] = false;
    h.stayedHome[s] = false;
    h.homeCost[s] = 0;
    h.tricksWon[s] = 0;
    h.exchanged[s] = -1;
    h.marks[s] = NO_MARK;
    h.putAway[s] = NONE;
    // Lists the deal refills whole (hands, talon) are replaced when cards are left: measured,
    // popping them costs more than a new list; the others keep their stores.
    if (h.hands[s].length !== 0) h.hands[s] = [];
  }
  clearList(h.discards);
  clearList(h.trick);
  clearList(h.tricks);
  if (h.talon.length !== 0) h.talon = [];
  clearList(h.exchangeQueue);
  return h;
}

/** The same dealer deals again and the stake doubles (white hand, everybody passed). */
export function redeal(state: GameState, reason: StakeReason): void {
  state.stake *= 2;
  state.stakeReasons.push(reason);
  state.events.push({ kind: "redeal", reason, hand: state.hand.no, visibleTo: "all" });
  startHand(state);
}

/** Deal a new hand by `state.dealer` and open the first decision. */
export function startHand(state: GameState): void {
  const n = state.rules.players;
  const prev = state.hand.no;
  const h = nextHand(state.hand, n, prev + 1);
  state.hand = h;
  // Keep the news of the previous deal (a white hand shown) for one more deal, then forget it.
  keepEvents(state.events, prev);

  const inGame = seatsAfter(state, state.dealer);
  const dealerSitsOut = inGame.length === 5 && state.rules.fiveDealerSitsOut;
  h.order = dealerSitsOut ? inGame.filter((s) => s !== state.dealer) : inGame;
  for (const s of h.order) h.inHand[s] = true;
  const rearhand = h.order[h.order.length - 1] === state.dealer ? h.order[h.order.length - 2] : h.order[h.order.length - 1];
  if (state.v === 2) {
    // Rearhand cuts first (cut.ts): nothing is dealt until its number is in.
    h.cutter = rearhand;
    h.cut = null;
    state.phase = "cut";
    setTurn(state, rearhand);
    return;
  }
  dealAndOpen(state, h, rearhand);
}

/** Deal the hand (scripted or shuffled from `state.rng`), show the Weli and white hands, open the first decision. */
export function dealAndOpen(state: GameState, h: HandState, rearhand: number): void {
  const scripted = state.deals.length > 0 ? state.deals.shift() : undefined; // real games have none
  if (scripted) {
    for (const s of h.order) h.hands[s] = scripted.hands[s].map(parseCard);
    h.talon = scripted.talon.map(parseCard);
    if (scripted.weliCut) h.weliCutBy = rearhand;
  } else {
    dealShuffled(state, h, rearhand);
  }
  const cut = h.cut ?? null;
  dealWatchers.get(state)?.({ hands: h.hands.map((c) => c.map(cardName)), talon: h.talon.map(cardName), weliCut: h.weliCutBy !== null, ...(cut === null ? {} : { cut }) });
  if (h.weliCutBy !== null) {
    state.events.push({ kind: "weliCut", seat: h.weliCutBy, cards: ["W"], hand: h.no, visibleTo: "all" });
  }

  if (state.rules.whiteHand === "auto" && showWhiteHands(state, h)) {
    redeal(state, "white");
    return;
  }
  h.pos = 0;
  state.phase = state.rules.mulatschakCall === "round" ? "mulatschak" : "bidding";
  setTurn(state, h.order[0]);
}

/** A white hand: not a single figure (A K O U) in it. */
export function isWhite(cards: CardId[]): boolean {
  for (let i = 0; i < cards.length; i++) if (isFigure(cards[i])) return false;
  return true;
}

/** Option `auto`: every white hand in the deal is shown (an event each). Whether there was one. */
function showWhiteHands(state: GameState, h: HandState): boolean {
  let any = false;
  for (const s of h.order) {
    if (!isWhite(h.hands[s])) continue;
    state.events.push({ kind: "whiteHand", seat: s, cards: h.hands[s].map(cardName), hand: h.no, visibleTo: "all" });
    any = true;
  }
  return any;
}

/** Drop the events of deals before `hand`, in place (the state owns its events array). */
function keepEvents(events: GameEvent[], hand: number): void {
  let kept = 0;
  for (let i = 0; i < events.length; i++) if (events[i].hand >= hand) events[kept++] = events[i];
  while (events.length > kept) events.pop();
}

function dealShuffled(state: GameState, h: HandState, rearhand: number): void {
  const deck = shuffle(state.rng, deckOf(state.rules.deck));
  // Rearhand lifts a packet and it goes under the rest, so the bottom card of the lifted packet is
  // the last card of the deck as dealt. Rotating a uniformly shuffled deck leaves it uniformly
  // shuffled, so the cut needs no random number of its own: it looks at the last card.
  if (state.rules.weliCut === "take" && deck[deck.length - 1] === WELI) {
    deck.pop(); // dealing takes from the top, so the bottom card can leave the deck at once
    h.weliCutBy = rearhand;
  }
  // Three cards to each seat in order, then two (one to the seat that took the Weli). Each hand
  // is written out at its final size of five: growing an empty list by pushes allocates twice.
  const m = h.order.length;
  let top = 3 * m;
  for (let i = 0; i < m; i++) {
    const s = h.order[i];
    const a = 3 * i;
    if (s === h.weliCutBy) {
      h.hands[s] = [WELI, deck[a], deck[a + 1], deck[a + 2], deck[top]];
      top += 1;
    } else {
      h.hands[s] = [deck[a], deck[a + 1], deck[a + 2], deck[top], deck[top + 1]];
      top += 2;
    }
  }
  h.talon = deck.slice(top);
}
