// What a seat may do now. `legalSummary` is the API's form (card sets summarised by size);
// `legalActions` spells every action out (tests, bots that want the full list).
import { cardName, SUITS } from "./cards";
import { holdBlocked, mayCallMulatschak, mayFoldWhite, mustPass } from "./bidding";
import { maxExchange, mayDropOutShortTalon, mayFiveOnSau, stayHomeBlocked } from "./exchange";
import { playableCards } from "./tricks";
import { CUT_MAX } from "./cut-range";
import type { Action, CardId, GameState, LegalSummary } from "./types";

// The summaries without a hand-dependent part, built once and shared by every answer (frozen, so
// a caller that tried to change one would fail loudly): the random player and the bots' playouts
// ask for legal actions at every step.
// Every summary has the same properties in the same order (those it does not use are undefined,
// which JSON leaves out, so the API's legal lists read as before): the rules and the random player
// read `type` from them at every decision, and one shape keeps that read monomorphic.
type AnySummary = { type: string; tricks?: number; suit?: string; max?: number; min?: number; count?: number; discard?: string; card?: string };
const say = <T extends LegalSummary>(a: T): T => {
  const x = a as AnySummary;
  return Object.freeze({ type: x.type, tricks: x.tricks, suit: x.suit, max: x.max, min: x.min, count: x.count, discard: x.discard, card: x.card }) as unknown as T;
};
/** The one Mulatschak summary (the random player finds it by identity: no look at `type`). */
export const MULATSCHAK = say({ type: "mulatschak" });
const NO_MULATSCHAK = say({ type: "noMulatschak" });
const PASS = say({ type: "pass" });
const HOLD = say({ type: "hold" });
const WHITE = say({ type: "white" });
const BIDS = [1, 2, 3, 4, 5].map((tricks) => say({ type: "bid", tricks }));
const TRUMPS = SUITS.map((suit) => say({ type: "trump", suit }));
const JOIN = say({ type: "join" });
const STAY_HOME = say({ type: "stayHome" });
const FIVE_ON_SAU = say({ type: "fiveOnSau" });
const TAKE_SHOWN = say({ type: "takeShown" });
const LEAVE_SHOWN = say({ type: "leaveShown" });
const CUT = say({ type: "cut", max: CUT_MAX });

/** Shared summaries with a number in them, made once per number (and card) when first asked. */
const EXCHANGE_UP_TO: LegalSummary[] = [];
const DISCARD: LegalSummary[] = [];
const TAKE_SHOWN_FOR: LegalSummary[] = [];
const exchangeUpTo = (max: number): LegalSummary => (EXCHANGE_UP_TO[max] ??= say({ type: "exchange", max }));
const discardOf = (count: number): LegalSummary => (DISCARD[count] ??= say({ type: "discard", count }));
const takeShownFor = (c: CardId): LegalSummary => (TAKE_SHOWN_FOR[c] ??= say({ type: "takeShown", discard: cardName(c) }));

export function legalSummary(state: GameState, seat: number): LegalSummary[] {
  const out: LegalSummary[] = [];
  writeLegal(state, seat, out);
  return out;
}

/**
 * What `seat` may do now, written into `out` from index 0 on; returns how many. `legalSummary`
 * gives it a fresh list; the random player reuses one list for every step and reads only the
 * first entries (anything past them is left over from an earlier step). A Mulatschak, when it
 * is offered, comes first (the random player looks for it there only).
 */
export function writeLegal(state: GameState, seat: number, out: LegalSummary[]): number {
  if (state.toAct[0] !== seat && !state.toAct.includes(seat)) return 0;
  const h = state.hand;
  switch (state.phase) {
    case "cut":
      out[0] = CUT;
      return 1;
    case "mulatschak":
      out[0] = MULATSCHAK;
      out[1] = NO_MULATSCHAK;
      return 2;
    case "bidding": {
      let n = 0;
      // The seat holding the highest bid (auction) may still fold a white hand (RULES.md §2.4).
      if (mustPass(state, seat)) {
        out[n++] = PASS;
        if (mayFoldWhite(state, seat)) out[n++] = WHITE;
        return n;
      }
      if (mayCallMulatschak(state)) out[n++] = MULATSCHAK;
      for (let t = Math.max(state.rules.minBid, h.highBid + 1); t <= 5; t++) out[n++] = BIDS[t - 1];
      if (!holdBlocked(state, seat)) out[n++] = HOLD;
      out[n++] = PASS;
      if (mayFoldWhite(state, seat)) out[n++] = WHITE;
      return n;
    }
    case "trump":
      for (let i = 0; i < 4; i++) out[i] = TRUMPS[i];
      return 4;
    case "exchange":
      return writeExchange(state, seat, out);
    case "play": {
      const cards = playableCards(state, h.hands[seat], h.trick);
      for (let i = 0; i < cards.length; i++) out[i] = { type: "play", card: cardName(cards[i]) };
      return cards.length;
    }
    default:
      return 0;
  }
}

function writeExchange(state: GameState, seat: number, out: LegalSummary[]): number {
  const h = state.hand;
  let n = 0;
  switch (h.step) {
    case "join":
      out[n++] = JOIN;
      if (!stayHomeBlocked(state, seat)) out[n++] = STAY_HOME;
      return n;
    case "exchange":
      out[n++] = exchangeUpTo(maxExchange(state, seat));
      if (mayFiveOnSau(state, seat)) out[n++] = FIVE_ON_SAU;
      if (mayDropOutShortTalon(state, seat)) out[n++] = STAY_HOME;
      return n;
    case "offer": {
      if (h.offer!.mode === "gschaude") {
        out[0] = TAKE_SHOWN;
        out[1] = LEAVE_SHOWN;
        return 2;
      }
      // Take the shown card with any one card of the hand as the discard, or leave it.
      const hand = h.hands[seat];
      for (let i = 0; i < hand.length; i++) out[n++] = takeShownFor(hand[i]);
      out[n++] = LEAVE_SHOWN;
      return n;
    }
    case "discard":
      out[0] = discardOf(h.hands[seat].length - 5);
      return 1;
    default:
      return 0;
  }
}

/** Every subset of `cards` with a size from `min` to `max`. */
function subsets(cards: string[], min: number, max: number): string[][] {
  const out: string[][] = [];
  const n = cards.length;
  for (let mask = 0; mask < 1 << n; mask++) {
    let size = 0;
    for (let m = mask; m; m &= m - 1) size++;
    if (size < min || size > max) continue;
    out.push(cards.filter((_, i) => mask & (1 << i)));
  }
  return out;
}

export function legalActions(state: GameState, seat: number): Action[] {
  const hand = (state.hand.hands[seat] ?? []).map(cardName);
  return legalSummary(state, seat).flatMap((a): Action[] => {
    if (a.type === "exchange" && "max" in a) return subsets(hand, 0, a.max).map((cards) => ({ type: "exchange", cards }));
    if (a.type === "discard" && "count" in a) return subsets(hand, a.count, a.count).map((cards) => ({ type: "discard", cards }));
    // Every number is a legal cut; one stands for them all here. A seat that cuts draws its own
    // (the server's bots and stand-ins from the table's secret, a person's client at random).
    if (a.type === "cut") return [{ type: "cut", value: 0 }];
    return [a as Action];
  });
}

