// Shuffle, cut, deal and the white-hand check (RULES.md §2.2–2.5). Mutates a state it owns.
import { WELI, deckOf, isFigure, parseCard, cardName } from "./cards";
import { shuffle } from "./rng";
import { setTurn } from "./turn";
import type { BidMark, CardId, Deal, GameEvent, GameState, HandState, StakeReason } from "./types";

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
  const n = state.rules.players;
  const seats: number[] = [];
  for (let i = 1; i <= n; i++) {
    const s = (from + i) % n;
    if (!state.out[s]) seats.push(s);
  }
  return seats;
}

/** `n` copies of `v`, allocated at their final size (growing by push costs a second allocation). */
const filled = <T>(n: number, v: T): T[] => {
  const a = new Array<T>(n);
  for (let i = 0; i < n; i++) a[i] = v;
  return a;
};

const NO_MARK = { kind: "none" } as const;

export function emptyHand(n: number, no: number): HandState {
  const hands = new Array<CardId[]>(n);
  for (let i = 0; i < n; i++) hands[i] = [];
  return {
    no,
    inHand: filled(n, false),
    order: [],
    hands,
    talon: [],
    discards: [],
    weliCutBy: null,
    marks: filled<BidMark>(n, NO_MARK),
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
    stayedHome: filled(n, false),
    homeCost: filled(n, 0),
    offer: null,
    tricksWon: filled(n, 0),
    trick: [],
    tricks: [],
    exchanged: filled(n, -1),
    putAway: filled<CardId[]>(n, []),
  };
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
  const h = emptyHand(n, prev + 1);
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
  const scripted = state.deals.shift();
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
    h.hands[rearhand].push(WELI);
  }
  let top = 0;
  for (let packet = 3; packet >= 2; packet--) {
    for (let i = 0; i < h.order.length; i++) {
      const s = h.order[i];
      const want = packet === 2 && s === h.weliCutBy ? 1 : packet;
      const hand = h.hands[s];
      for (let k = 0; k < want; k++) hand.push(deck[top++]);
    }
  }
  h.talon = top === 0 ? deck : deck.slice(top);
}
