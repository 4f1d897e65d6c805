// Staying home and the exchange, with every face-up mode (RULES.md §2.8–2.9).
import { cardName, isTrump, parseCard, removeCard, suitIndex } from "./cards";
import { clearList, joined, moveFront } from "./list";
import { reject, type Outcome } from "./reject";
import { startPlay } from "./tricks";
import type { Action, CardId, GameState, Rejection } from "./types";
import { setTurn } from "./turn";

export function startExchange(state: GameState): void {
  const h = state.hand;
  const d = h.declarer as number;
  // Everyone in the hand, in speaking order, starting with the declarer.
  const order = h.order;
  const m = order.length;
  const i = order.indexOf(d);
  const queue = h.exchangeQueue; // the state's own list, empty here (startPlay, nextHand)
  clearList(queue);
  for (let k = 0, j = i; k < m; k++, j = j + 1 === m ? 0 : j + 1) queue.push(order[j]);
  h.step = "exchange";
  state.phase = "exchange";
  setTurn(state, d);
}

const trumpIdx = (state: GameState) => suitIndex(state.hand.trump!);

/** One frozen one-card list per card for the events' `cards` (events are never changed, and a
 * view copies its events' lists), so telling a shown card allocates no list. */
const ONE_CARD: readonly string[][] = Array.from({ length: 36 }, (_, c) => Object.freeze([cardName(c)]) as string[]);

/** The most cards `seat` may exchange now (0 when its points forbid it). */
export function maxExchange(state: GameState, seat: number): number {
  const r = state.rules;
  if (state.points[seat] <= r.noExchangeAt) return 0;
  const limit = state.hand.order.length === 4 ? r.maxExchange4 : r.maxExchange;
  return Math.min(limit, state.hand.talon.length);
}

/** Why `seat` may not stay home at its join decision, or null when it may. */
export function stayHomeBlocked(state: GameState, seat: number): string | null {
  const h = state.hand;
  if (state.rules.stayHome === false) return "Staying home is not played at this table.";
  if (h.trump === "H") return "Nobody may stay home when Herz is trump.";
  if (state.points[seat] <= state.rules.mustPlayAt) return `With ${state.rules.mustPlayAt} points or fewer you must play.`;
  if (h.exchangeQueue.length === 1 && othersHome(state, seat)) return "Everyone else stayed home: you must play.";
  return null;
}

/** Whether every seat in the hand but `seat` and the declarer stayed home. */
function othersHome(state: GameState, seat: number): boolean {
  const h = state.hand;
  for (const s of h.order) if (s !== seat && s !== h.declarer && !h.stayedHome[s]) return false;
  return true;
}

/**
 * Why `seat` may not stay home at its exchange, or null when it may: with a short talon (fewer
 * than 5 cards, 4 seats in the hand) the last seat to exchange may drop out (RULES.md §2.9).
 */
export function dropOutBlocked(state: GameState, seat: number): string | null {
  const h = state.hand;
  const r = state.rules;
  if (seat === h.declarer) return "The declarer cannot stay home.";
  if (r.shortTalonOut === false) return r.stayHome === false ? "Staying home is not played at this table." : "You said join: you cannot stay home now.";
  if (h.order.length !== 4) return "Dropping out on a short talon needs four seats in the hand.";
  if (h.exchangeQueue.length !== 1) return "Only the last seat to exchange may drop out on a short talon.";
  if (h.talon.length >= 5) return "The talon still holds five cards or more: you cannot drop out.";
  return null;
}

export const mayDropOutShortTalon = (state: GameState, seat: number): boolean => dropOutBlocked(state, seat) === null;

/** Whether `seat` may play Fünf auf die Sau now (`fiveOnSauRefusal` is null), without making the
 * refusal: the legal actions ask at every exchange. */
export function mayFiveOnSau(state: GameState, seat: number): boolean {
  return state.rules.faceUp === "bergxi" && fiveOnSauRefusal(state, seat) === null;
}

/** Why `seat` may not play Fünf auf die Sau now, or null when it may. */
export function fiveOnSauRefusal(state: GameState, seat: number): Rejection | null {
  const h = state.hand;
  if (state.rules.faceUp !== "bergxi") return reject("EXCHANGE_NOT_ALLOWED", "Fünf auf die Sau is played only with the Bergxi face-up rules (faceUp: bergxi).");
  if (seat !== h.declarer) return reject("EXCHANGE_NOT_ALLOWED", "Only the declarer may play Fünf auf die Sau.");
  if (!h.hands[seat].includes(trumpIdx(state) * 9)) return reject("EXCHANGE_NOT_ALLOWED", "Fünf auf die Sau needs the trump Ace (Sau).");
  if (state.points[seat] <= state.rules.noExchangeAt) return reject("EXCHANGE_NOT_ALLOWED", `With ${state.rules.noExchangeAt} points or fewer you may not exchange.`);
  const max = maxExchange(state, seat);
  if (max < 5) return reject("EXCHANGE_TOO_MANY", `Fünf auf die Sau exchanges five cards; you may exchange at most ${max}.`);
  return null;
}

/** Parse distinct cards that are all in `seat`'s hand, or null. */
function ownCards(state: GameState, seat: number, names: unknown): CardId[] | null {
  if (!Array.isArray(names)) return null;
  const hand = state.hand.hands[seat];
  const ids: CardId[] = [];
  for (let i = 0; i < names.length; i++) {
    const c = parseCard(names[i]);
    if (c < 0 || !hand.includes(c) || ids.includes(c)) return null;
    ids.push(c);
  }
  return ids;
}

const removeFrom = (hand: CardId[], cards: CardId[]) => {
  for (let i = 0; i < cards.length; i++) removeCard(hand, cards[i]);
};

export function exchangePhase(state: GameState, seat: number, action: Action): Outcome {
  const h = state.hand;
  switch (h.step) {
    case "join":
      if (action.type === "join") {
        h.step = "exchange";
        return null;
      }
      if (action.type === "stayHome") {
        const why = stayHomeBlocked(state, seat);
        if (why) return reject("CANNOT_STAY_HOME", why);
        return stayHome(state, seat, state.rules.stayHome as number);
      }
      return reject("WRONG_PHASE", "Say join or stayHome first.");
    case "exchange":
      if (action.type === "exchange") return exchange(state, seat, action.cards);
      if (action.type === "fiveOnSau") return fiveOnSau(state, seat);
      if (action.type === "stayHome") {
        const why = dropOutBlocked(state, seat);
        if (why) return reject("CANNOT_STAY_HOME", why);
        return stayHome(state, seat, state.rules.shortTalonOut as number);
      }
      return reject("WRONG_PHASE", "Exchange cards now (none is fine).");
    case "offer":
      if (action.type === "takeShown") return takeShown(state, seat, action.discard);
      if (action.type === "leaveShown") return leaveShown(state);
      return reject("WRONG_PHASE", "Take or leave the face-up card first.");
    case "discard":
      if (action.type !== "discard") return reject("WRONG_PHASE", "Discard back down to five cards first.");
      return discard(state, seat, action.cards);
    default:
      return reject("WRONG_PHASE", "Nothing to exchange now.");
  }
}

function stayHome(state: GameState, seat: number, cost: number): Outcome {
  const h = state.hand;
  h.stayedHome[seat] = true;
  h.homeCost[seat] = cost;
  layAway(state, seat, h.hands[seat]); // the cards are laid away face down (copied)
  clearList(h.hands[seat]);
  return nextSeat(state);
}

function exchange(state: GameState, seat: number, names: unknown): Outcome {
  const cards = ownCards(state, seat, names);
  if (!cards) return reject("INVALID_ACTION", "Exchange distinct cards from your own hand.");
  return exchangeCards(state, seat, cards);
}

/** The exchange of `cards`, distinct cards of the seat's own hand (the random player's path). */
export function exchangeCards(state: GameState, seat: number, cards: CardId[]): Outcome {
  const h = state.hand;
  const k = cards.length;
  if (k > 0 && state.points[seat] <= state.rules.noExchangeAt) {
    return reject("EXCHANGE_NOT_ALLOWED", `With ${state.rules.noExchangeAt} points or fewer you may not exchange.`);
  }
  const max = maxExchange(state, seat);
  if (k > max) return reject("EXCHANGE_TOO_MANY", `You may exchange at most ${max} cards.`);
  return exchangeAllowed(state, seat, cards);
}

/**
 * The exchange of `cards` once its size is allowed: at most `maxExchange` (0 when the seat's
 * points forbid exchanging), what the legal `exchange` action offers, so the random player,
 * drawing its cards within that, comes here straight.
 */
export function exchangeAllowed(state: GameState, seat: number, cards: CardId[]): Outcome {
  const h = state.hand;
  const k = cards.length;
  const hand = h.hands[seat];
  removeFrom(hand, cards);
  layAway(state, seat, cards);
  h.exchanged[seat] = k;
  const mode = state.rules.faceUp;
  if (mode === "bergxi" && k === 1 && h.talon.length >= 2) {
    offer(state, seat, "gschaude"); // the replacement itself is shown first
    return null;
  }
  moveFront(h.talon, hand, k); // the replacements, from the top of the talon
  if (mode === "app" && (k === 1 || k === 5) && h.talon.length > 0) {
    offer(state, seat, "app");
    return null;
  }
  if (mode === "bergxi" && k === 5) return bruckn(state, seat);
  return nextSeat(state);
}

function offer(state: GameState, seat: number, mode: "app" | "gschaude"): void {
  const h = state.hand;
  const card = h.talon.shift() as CardId;
  h.offer = { seat, card, mode };
  h.step = "offer";
  state.events.push({ kind: "shown", seat, cards: ONE_CARD[card], hand: h.no, visibleTo: "all" });
}

function takeShown(state: GameState, seat: number, discardName: unknown): Outcome {
  const h = state.hand;
  const o = h.offer!;
  const hand = h.hands[seat];
  if (o.mode === "gschaude") {
    if (discardName !== undefined) return reject("INVALID_ACTION", "Take the shown card without a discard: it replaces the card you put away.");
    hand.push(o.card);
    h.offer = null;
    state.events.push({ kind: "takeShown", seat, cards: ONE_CARD[o.card], hand: h.no, visibleTo: "all" });
    return nextSeat(state);
  }
  const d = parseCard(discardName);
  if (d < 0 || !hand.includes(d)) return reject("INVALID_ACTION", "Name a card of your hand to discard for the shown card.");
  removeCard(hand, d);
  layAway(state, seat, [d]);
  hand.push(o.card);
  h.offer = null;
  state.events.push({ kind: "takeShown", seat, cards: ONE_CARD[o.card], hand: h.no, visibleTo: "all" });
  if (isTrump(o.card, trumpIdx(state)) && h.talon.length > 0) {
    offer(state, seat, "app"); // a trump taken: the next card is shown the same way
    return null;
  }
  return nextSeat(state);
}

function leaveShown(state: GameState): Outcome {
  const h = state.hand;
  const o = h.offer!;
  h.discards.push(o.card);
  h.offer = null;
  state.events.push({ kind: "leaveShown", seat: o.seat, cards: ONE_CARD[o.card], hand: h.no, visibleTo: "all" });
  if (o.mode === "gschaude") h.hands[o.seat].push(h.talon.shift() as CardId); // drawn face down instead
  return nextSeat(state);
}

/** A Bruckn: shown cards go into the hand while they are trumps, then one more. */
function bruckn(state: GameState, seat: number): Outcome {
  const h = state.hand;
  const t = trumpIdx(state);
  while (h.talon.length > 0) {
    const c = h.talon.shift() as CardId;
    h.hands[seat].push(c);
    state.events.push({ kind: "shown", seat, cards: ONE_CARD[c], hand: h.no, visibleTo: "all" });
    if (!isTrump(c, t)) break;
  }
  if (h.hands[seat].length > 5) {
    h.step = "discard";
    return null;
  }
  return nextSeat(state);
}

function fiveOnSau(state: GameState, seat: number): Outcome {
  const why = fiveOnSauRefusal(state, seat);
  if (why) return why;
  const h = state.hand;
  const sau = trumpIdx(state) * 9;
  const others = h.hands[seat].filter((c) => c !== sau);
  h.exchanged[seat] = 5;
  layAway(state, seat, others);
  h.hands[seat] = [sau, ...h.talon.splice(0, 5)];
  state.events.push({ kind: "fiveOnSau", seat, cards: ONE_CARD[sau], hand: h.no, visibleTo: "all" });
  h.step = "discard";
  return null;
}

function discard(state: GameState, seat: number, names: unknown): Outcome {
  const cards = ownCards(state, seat, names);
  if (!cards) return reject("INVALID_ACTION", `Discard exactly ${state.hand.hands[seat].length - 5} of your cards.`);
  return discardCards(state, seat, cards);
}

/** Discarding `cards`, distinct cards of the seat's own hand, down to five. */
export function discardCards(state: GameState, seat: number, cards: CardId[]): Outcome {
  const h = state.hand;
  const need = h.hands[seat].length - 5;
  if (cards.length !== need) return reject("INVALID_ACTION", `Discard exactly ${need} of your cards.`);
  removeFrom(h.hands[seat], cards);
  layAway(state, seat, cards);
  return nextSeat(state);
}

/** Cards a seat puts down face down: to the discards, and remembered for that seat's view. */
function layAway(state: GameState, seat: number, cards: CardId[]): void {
  const h = state.hand;
  for (let i = 0; i < cards.length; i++) h.discards.push(cards[i]);
  h.putAway[seat] = joined(h.putAway[seat], cards); // a new array: clones share the old one
}

/** The seat at the front is done; ask the next one, or start the tricks. */
function nextSeat(state: GameState): Outcome {
  const h = state.hand;
  h.exchangeQueue.shift();
  if (h.exchangeQueue.length === 0) {
    startPlay(state);
    return null;
  }
  h.step = state.rules.stayHome === false ? "exchange" : "join";
  setTurn(state, h.exchangeQueue[0]);
  return null;
}
