// What a seat may do now. `legalSummary` is the API's form (card sets summarised by size);
// `legalActions` spells every action out (tests, bots that want the full list).
import { cardName } from "./cards";
import { holdBlocked, mayCallMulatschak, mayFoldWhite, mustPass } from "./bidding";
import { maxExchange, mayDropOutShortTalon, mayFiveOnSau, stayHomeBlocked } from "./exchange";
import { playableCards } from "./tricks";
import type { Action, CardId, GameState, LegalSummary, Suit } from "./types";

const SUITS: Suit[] = ["E", "L", "H", "S"];

export function legalSummary(state: GameState, seat: number): LegalSummary[] {
  if (!state.toAct.includes(seat)) return [];
  const h = state.hand;
  switch (state.phase) {
    case "mulatschak":
      return [{ type: "mulatschak" }, { type: "noMulatschak" }];
    case "bidding": {
      const out: LegalSummary[] = [];
      if (mustPass(state, seat)) return [{ type: "pass" }];
      if (mayCallMulatschak(state)) out.push({ type: "mulatschak" });
      for (let t = Math.max(state.rules.minBid, h.highBid + 1); t <= 5; t++) out.push({ type: "bid", tricks: t });
      if (!holdBlocked(state, seat)) out.push({ type: "hold" });
      out.push({ type: "pass" });
      if (mayFoldWhite(state, seat)) out.push({ type: "white" });
      return out;
    }
    case "trump":
      return SUITS.map((suit) => ({ type: "trump", suit }));
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
      return stayHomeBlocked(state, seat) ? [{ type: "join" }] : [{ type: "join" }, { type: "stayHome" }];
    case "exchange": {
      const out: LegalSummary[] = [{ type: "exchange", max: maxExchange(state, seat) }];
      if (!mayFiveOnSau(state, seat)) out.push({ type: "fiveOnSau" });
      if (mayDropOutShortTalon(state, seat)) out.push({ type: "stayHome" });
      return out;
    }
    case "offer":
      if (h.offer!.mode === "gschaude") return [{ type: "takeShown" }, { type: "leaveShown" }];
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
  out.push({ type: "leaveShown" });
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
    return [a as Action];
  });
}

