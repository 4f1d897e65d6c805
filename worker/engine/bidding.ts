// The Mulatschak round and the bidding (RULES.md §2.5–2.6). Each handler checks first and only
// then mutates the state it was given, so a rejection leaves it untouched.
import { cardName } from "./cards";
import { redeal, isWhite } from "./deal";
import { reject, type Outcome } from "./reject";
import { chooseTrump } from "./trump";
import type { Action, BidMark, GameState } from "./types";
import { setTurn } from "./turn";

const MAX_BID = 5;
// Marks without a number, shared (marks are replaced, never changed, so clones share them too).
const MARK_MULATSCHAK: BidMark = Object.freeze({ kind: "mulatschak" });
const MARK_NO_MULATSCHAK: BidMark = Object.freeze({ kind: "noMulatschak" });
const MARK_PASS: BidMark = Object.freeze({ kind: "pass" });
/** A bid or hold mark per number of tricks, outbid or not: [kind][outbid ? 1 : 0][tricks]. */
const numbered = (kind: "bid" | "hold", outbid: boolean): BidMark[] =>
  [0, 1, 2, 3, 4, 5].map((tricks) => Object.freeze({ kind, tricks, outbid }));
const BID_MARKS = [numbered("bid", false), numbered("bid", true)];
const HOLD_MARKS = [numbered("hold", false), numbered("hold", true)];

export function mulatschakRound(state: GameState, seat: number, action: Action): Outcome {
  const h = state.hand;
  if (action.type === "mulatschak") {
    h.marks[seat] = MARK_MULATSCHAK;
    return declareMulatschak(state, seat);
  }
  if (action.type !== "noMulatschak") return reject("WRONG_PHASE", "Say mulatschak or noMulatschak first.");
  h.marks[seat] = MARK_NO_MULATSCHAK;
  h.pos++;
  if (h.pos < h.order.length) {
    setTurn(state, h.order[h.pos]);
  } else {
    h.pos = 0;
    state.phase = "bidding";
    setTurn(state, h.order[0]);
  }
  return null;
}

function declareMulatschak(state: GameState, seat: number): Outcome {
  const h = state.hand;
  h.declarer = seat;
  h.contract = "mulatschak";
  h.highBidder = seat;
  state.phase = "trump";
  setTurn(state, seat);
  return null;
}

const isDealerInHand = (state: GameState, seat: number) => seat === state.dealer && state.hand.inHand[seat];

/** Why `seat` may not hold now, or null when it may. */
export function holdBlocked(state: GameState, seat: number): string | null {
  const h = state.hand;
  if (!isDealerInHand(state, seat)) return "Only the dealer may hold.";
  if (h.highBidder === null) return "There is no bid to hold yet.";
  if (h.highBidder === seat) return "You already hold the highest bid.";
  return null;
}

/**
 * Why `seat` may not fold a white hand now, or null when it may (option `fold`: at any of its turns
 * after the first round, also while it holds the highest bid; RULES.md §2.4).
 */
export function whiteFoldBlocked(state: GameState, seat: number): string | null {
  if (state.rules.whiteHand !== "fold") return "White hands are not folded at this table.";
  if (state.hand.biddingRound === 0) return "A white hand may fold only after the first round of bidding.";
  if (!isWhite(state.hand.hands[seat])) return "Only a white hand may fold: yours holds a figure.";
  return null;
}

export const mayFoldWhite = (state: GameState, seat: number): boolean => whiteFoldBlocked(state, seat) === null;

/** Why no Mulatschak may be called in the bidding now, or null when one may. */
export function mulatschakBlocked(state: GameState): string | null {
  if (state.rules.mulatschakCall !== "inBidding") return "At this table a Mulatschak is called in the round before the bidding, not in the bidding.";
  if (state.hand.biddingRound > 0) return "A Mulatschak can only be called in the first round of bidding.";
  return null;
}

export const mayCallMulatschak = (state: GameState): boolean => mulatschakBlocked(state) === null;

/** The refusal for anything but passing (or folding white) by the seat that holds the highest bid. */
const onlyPass = (state: GameState, seat: number) =>
  reject("INVALID_ACTION", mayFoldWhite(state, seat) ? "You hold the highest bid: you can only pass or fold your white hand." : "You hold the highest bid and can only pass.");

/** In the auction the seat holding the highest bid can only pass. */
export const mustPass = (state: GameState, seat: number): boolean =>
  state.rules.bidding === "auction" && state.hand.highBidder === seat;

export function bidding(state: GameState, seat: number, action: Action): Outcome {
  const h = state.hand;
  switch (action.type) {
    case "mulatschak": {
      const why = mulatschakBlocked(state);
      if (why) return reject("INVALID_ACTION", why);
      if (mustPass(state, seat)) return onlyPass(state, seat);
      h.marks[seat] = MARK_MULATSCHAK;
      outbid(state);
      return declareMulatschak(state, seat);
    }
    case "bid": {
      if (action.tricks > MAX_BID) return reject("BID_TOO_HIGH", `A bid is at most ${MAX_BID} tricks.`);
      const least = Math.max(state.rules.minBid, h.highBid + 1);
      if (least > MAX_BID) return reject("BID_TOO_LOW", `${MAX_BID} tricks are bid already: nobody can bid higher.`);
      if (action.tricks < least) return reject("BID_TOO_LOW", `Bid at least ${least} tricks.`);
      if (mustPass(state, seat)) return onlyPass(state, seat);
      outbid(state);
      h.highBid = action.tricks;
      h.highBidder = seat;
      h.roundActive = true;
      h.marks[seat] = BID_MARKS[0][action.tricks];
      return advance(state);
    }
    case "hold": {
      const why = holdBlocked(state, seat);
      if (why) return reject("CANNOT_HOLD", why);
      outbid(state);
      h.highBidder = seat;
      h.roundActive = true;
      h.marks[seat] = HOLD_MARKS[0][h.highBid];
      return advance(state);
    }
    case "pass":
      if (h.highBidder !== seat) h.marks[seat] = MARK_PASS;
      return advance(state);
    case "white": {
      const why = whiteFoldBlocked(state, seat);
      if (why) return reject("INVALID_ACTION", why);
      h.marks[seat] = { kind: "white" };
      state.events.push({ kind: "whiteHand", seat, cards: h.hands[seat].map(cardName), hand: h.no, visibleTo: "all" });
      redeal(state, "white");
      return null;
    }
    default:
      return reject("WRONG_PHASE", "This is the bidding: bid, pass" + (isDealerInHand(state, seat) ? " or hold." : "."));
  }
}

/** The current highest bidder is outbid (for the table's ↓ hint). */
function outbid(state: GameState): void {
  const h = state.hand;
  if (h.highBidder === null) return;
  const m = h.marks[h.highBidder];
  if (m.kind === "bid") h.marks[h.highBidder] = BID_MARKS[1][m.tricks];
  else if (m.kind === "hold") h.marks[h.highBidder] = HOLD_MARKS[1][m.tricks];
}

/** Next speaker, or the end of the bidding. */
function advance(state: GameState): Outcome {
  const h = state.hand;
  h.pos++;
  if (h.pos < h.order.length) {
    setTurn(state, h.order[h.pos]);
    return null;
  }
  if (state.rules.bidding === "auction" && h.roundActive) {
    h.pos = 0;
    h.biddingRound++;
    h.roundActive = false;
    setTurn(state, h.order[0]);
    return null;
  }
  if (h.highBidder === null) {
    redeal(state, "allPassed");
    return null;
  }
  h.declarer = h.highBidder;
  h.contract = h.highBid;
  state.phase = "trump";
  setTurn(state, h.declarer);
  if (h.contract === 1 && state.rules.oneBidHearts) chooseTrump(state, "H");
  return null;
}
