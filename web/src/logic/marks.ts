// The three facts under a name and the bidding history, as the original app shows them (seed 002).
// Pure functions of a view, so that they can be tested without a browser.
import { seatsClockwise, type BidMark, type Phase } from "../../../worker/engine";

interface ViewLike {
  phase: Phase;
  dealer: number;
  declarer: number | null;
  contract: number | "mulatschak" | null;
  players: { seat: number; bid: BidMark; status: string; tricks: number }[];
}

export const isBidding = (phase: Phase) => phase === "mulatschak" || phase === "bidding";

/**
 * The bid fact for one seat. While bidding (with hints): the history, `↓` outbid, `–` passed or no
 * Mulatschak, `·` not yet asked. Otherwise: the declarer's contract with `★`, `M` for a
 * Mulatschak, `✕` for sitting out or staying home, `·` for no bid.
 */
export function bidFact(v: ViewLike, seat: number, hints: boolean): string {
  const p = v.players[seat];
  if (p.status === "home" || p.status === "sittingOut" || p.status === "out") return "✕";
  if (isBidding(v.phase)) {
    const m = p.bid;
    switch (m.kind) {
      case "mulatschak":
        return "M";
      case "bid":
      case "hold":
        return m.outbid ? (hints ? "↓" : "·") : String(m.tricks);
      case "pass":
        return hints ? "–" : "·";
      case "noMulatschak":
        // Once the bidding has started, "no Mulatschak" only means "not yet asked to bid".
        return hints && v.phase === "mulatschak" ? "–" : "·";
      case "white":
        return hints ? "○" : "·";
      default:
        return "·";
    }
  }
  if (seat === v.declarer && v.contract !== null) return (v.contract === "mulatschak" ? "M" : String(v.contract)) + "★";
  return "·";
}

/** One ● per trick taken this hand. */
export const trickDots = (tricks: number) => "●".repeat(Math.max(0, tricks));

/** Seats in the hand in speaking order, from forehand (left of the dealer). */
export function tableOrder(v: ViewLike): number[] {
  return seatsClockwise(v.players.length, v.dealer, (s) => v.players[s].status !== "sittingOut" && v.players[s].status !== "out");
}
