// RULES.md §2.4–2.9 written a second time for the decisions before play: what a seat may say in
// the bidding, whether it may stay home, and how many cards it may exchange. Reads the hand's
// public bookkeeping (high bid, round, exchange queue) from the state.
import { cardName, type GameState } from "../../../worker/engine";
import { isWhite } from "./deck";

const seatsDealtIn = (s: GameState) => s.hand.inHand.filter(Boolean).length;

/** §2.5/2.6 (and 2.4 fold): the bidding words open to `seat`, as sorted keys ("bid3", "hold", …). */
export function biddingWords(s: GameState, seat: number): string[] {
  const r = s.rules, h = s.hand;
  const fold = r.whiteHand === "fold" && h.biddingRound > 0 && isWhite(h.hands[seat].map(cardName));
  if (r.bidding === "auction" && h.highBidder === seat) return fold ? ["pass", "white"] : ["pass"];
  const out = ["pass"];
  for (let t = Math.max(r.minBid, h.highBid + 1); t <= 5; t++) out.push(`bid${t}`);
  if (seat === s.dealer && h.inHand[seat] && h.highBidder !== null && h.highBidder !== seat) out.push("hold");
  if (r.mulatschakCall === "inBidding" && h.biddingRound === 0) out.push("mulatschak");
  if (fold) out.push("white");
  return out.sort();
}

/** §2.8: may the seat deciding now stay home? */
export function mayStayHome(s: GameState, seat: number): boolean {
  const r = s.rules, h = s.hand;
  if (r.stayHome === false || h.trump === "H" || s.points[seat] <= r.mustPlayAt) return false;
  const defenders = h.inHand.map((x, i) => x && i !== h.declarer ? i : -1).filter((i) => i >= 0);
  const lastToDecide = h.exchangeQueue.length === 1;
  return !(lastToDecide && defenders.every((d) => d === seat || h.stayedHome[d]));
}

/** §2.9: the most cards the seat may exchange now. */
export function exchangeLimit(s: GameState, seat: number): number {
  const r = s.rules, h = s.hand;
  if (s.points[seat] <= r.noExchangeAt) return 0;
  return Math.min(seatsDealtIn(s) === 4 ? r.maxExchange4 : r.maxExchange, h.talon.length);
}

/** §2.9 bergxi: may the seat call "five on the Sau"? */
export function mayFiveOnSau(s: GameState, seat: number): boolean {
  const h = s.hand;
  return s.rules.faceUp === "bergxi" && seat === h.declarer && h.hands[seat].map(cardName).includes(`${h.trump}A`) && exchangeLimit(s, seat) >= 5;
}

/** §2.9 shortTalonOut: may the last seat to exchange drop out? */
export function mayDropOut(s: GameState, seat: number): boolean {
  const h = s.hand;
  return s.rules.shortTalonOut !== false && seatsDealtIn(s) === 4 && seat !== h.declarer && h.exchangeQueue.length === 1 && h.talon.length < 5;
}
