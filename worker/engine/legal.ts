// What a seat may do now. `legalSummary` is the API's form (card sets summarised by size);
// `legalActions` spells every action out (tests, bots that want the full list).
import { cardName, SUITS } from "./cards";
import { holdBlocked, mayCallMulatschak, mayFoldWhite, mustPass } from "./bidding";
import { maxExchange, mayDropOutShortTalon, fiveOnSauRefusal, stayHomeBlocked } from "./exchange";
import { playableCards } from "./tricks";
import { CUT_MAX } from "./cut-range";
import type { Action, CardId, GameState, LegalSummary } from "./types";

// The summaries without a hand-dependent part, built once and shared by every answer (frozen, so
// a caller that tried to change one would fail loudly): the random player and the bots' playouts
// ask for legal actions at every step.
const say = <T extends LegalSummary>(a: T): T => Object.freeze(a);
const MULATSCHAK = say({ type: "mulatschak" });
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

export function legalSummary(state: GameState, seat: number): LegalSummary[] {
  if (state.toAct[0] !== seat && !state.toAct.includes(seat)) return [];
  const h = state.hand;
  switch (state.phase) {
    case "cut":
      return [CUT];
    case "mulatschak":
      return [MULATSCHAK, NO_MULATSCHAK];
    case "bidding": {
      const out: LegalSummary[] = [];
      // The seat holding the highest bid (auction) may still fold a white hand (RULES.md §2.4).
      if (mustPass(state, seat)) return mayFoldWhite(state, seat) ? [PASS, WHITE] : [PASS];
      if (mayCallMulatschak(state)) out.push(MULATSCHAK);
      for (let t = Math.max(state.rules.minBid, h.highBid + 1); t <= 5; t++) out.push(BIDS[t - 1]);
      if (!holdBlocked(state, seat)) out.push(HOLD);
      out.push(PASS);
      if (mayFoldWhite(state, seat)) out.push(WHITE);
      return out;
    }
    case "trump":
      return TRUMPS.slice();
    case "exchange":
      return exchangeSummary(state, seat);
    case "play":
      return playableCards(state, h.hands[seat], h.trick).map((c) => ({ type: "play", card: cardName(c) }));
    default:
      return [];
  }
}

function exchangeSummary(state: GameState, seat: number): LegalSummary[] {
  const h = state.hand;
  switch (h.step) {
    case "join":
      return stayHomeBlocked(state, seat) ? [JOIN] : [JOIN, STAY_HOME];
    case "exchange": {
      const out: LegalSummary[] = [{ type: "exchange", max: maxExchange(state, seat) }];
      if (!fiveOnSauRefusal(state, seat)) out.push(FIVE_ON_SAU);
      if (mayDropOutShortTalon(state, seat)) out.push(STAY_HOME);
      return out;
    }
    case "offer":
      if (h.offer!.mode === "gschaude") return [TAKE_SHOWN, LEAVE_SHOWN];
      return takeShownSummary(h.hands[seat]);
    case "discard":
      return [{ type: "discard", count: h.hands[seat].length - 5 }];
    default:
      return [];
  }
}

/** Take the shown card with any one card of the hand as the discard, or leave it. */
function takeShownSummary(hand: CardId[]): LegalSummary[] {
  const out: LegalSummary[] = [];
  for (let i = 0; i < hand.length; i++) out.push({ type: "takeShown", discard: cardName(hand[i]) });
  out.push(LEAVE_SHOWN);
  return out;
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

