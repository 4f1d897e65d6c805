// How well a sampled deal fits what the other seats said and did: a bidder holds what it bid, a
// seat that passed does not, an exchanger kept good cards, a declarer holds more than its bid after
// its exchange. Each check scores a deal (0 = fits); determinize.ts keeps the best of a few deals.
import { parseCard, type CardId, type Rules, type View } from "../engine";
import { suitIndex } from "../engine/fast";
import { BID_AT, bestTrump, estimateTricks, keepValue } from "./heuristics";
import type { Knowledge } from "./knowledge";

const AFTER_EXCHANGE = [0, 1.5, 2.0, 2.95, 3.35, 4.6];
const SLACK = 0.4;

export type Check = (hands: CardId[][]) => number;

/**
 * What the other seats' words say about their cards, as checks on a sampled state (0 = fits).
 * Estimates are the bots' own (heuristics.ts), with some slack: people bid differently.
 */
export function bidChecks(view: View, rules: Rules, k: Knowledge): Check[] {
  const checks: Check[] = [];
  const n = view.players.length;
  const players = Math.max(2, k.playing.length);
  const speaking = view.phase === "mulatschak" || view.phase === "bidding";
  if (speaking) {
    let high = 0;
    for (const p of view.players) if (p.bid.kind === "bid" || p.bid.kind === "hold") high = Math.max(high, p.bid.tricks);
    for (let s = 0; s < n; s++) {
      if (s === view.you) continue;
      const m = view.players[s].bid;
      if (m.kind === "bid" || m.kind === "hold") {
        const need = BID_AT[m.tricks] - SLACK;
        checks.push((hs) => Math.max(0, need - bestTrump(hs[s], players, rules).est));
      } else if (m.kind === "pass" && high < 5) {
        const limit = BID_AT[high + 1] + SLACK;
        checks.push((hs) => Math.max(0, bestTrump(hs[s], players, rules).est - limit));
      }
    }
    return checks;
  }
  const d = view.declarer;
  if (d === null || view.trump === null || view.contract === null) return checks;
  const t = suitIndex(view.trump);
  // A seat that exchanged k cards kept 5 - k it thought good: trumps, Aces, guarded Kings.
  for (let s = 0; s < n; s++) {
    const k = view.players[s].exchanged;
    if (s === view.you || k < 0 || k >= 5 || view.players[s].status !== "playing") continue;
    const played = playedBy(view, s);
    checks.push((hs) => {
      const cards = hs[s].concat(played);
      let good = 0;
      for (const c of cards) if (keepValue(c, cards, t) >= 9) good++;
      return Math.max(0, 5 - k - good) * 0.5;
    });
  }
  if (d === view.you) return checks;
  // Once it has exchanged, a declarer holds more than its bid: these are the tenth percentiles of
  // the bots' declarers after their exchange (standard, four players).
  const exchanged = view.players[d].exchanged >= 0;
  const need = view.contract === "mulatschak" ? 4.6 - SLACK : exchanged ? AFTER_EXCHANGE[view.contract] : BID_AT[view.contract] - SLACK;
  // The declarer's hand since its exchange: what it holds plus what it has played.
  const played = playedBy(view, d);
  checks.push((hs) => Math.max(0, need - estimateTricks(hs[d].concat(played), t, players)));
  return checks;
}

/** The cards `seat` has played in this hand, finished tricks and the current one. */
const playedBy = (view: View, seat: number): CardId[] =>
  view.tricks.flat().concat(view.trick).filter((x) => x.seat === seat).map((x) => parseCard(x.card));
