// What one seat may know (API.md): its own cards and everything public, nothing more.
import { cardName } from "./cards";
import { legalSummary } from "./legal";
import type { GameState, PlayerView, SeatStatus, View } from "./types";

export function seatStatus(state: GameState, seat: number): SeatStatus {
  const h = state.hand;
  if (state.out[seat]) return "out";
  if (!h.inHand[seat]) return "sittingOut";
  return h.stayedHome[seat] ? "home" : "playing";
}

const trickView = (t: { seat: number; card: number }[]) => t.map((x) => ({ seat: x.seat, card: cardName(x.card) }));

export function viewFor(state: GameState, seat: number): View {
  const h = state.hand;
  const bidding = state.phase === "mulatschak" || state.phase === "bidding";
  const players: PlayerView[] = state.points.map((points, s) => ({
    seat: s,
    points,
    bid: h.marks[s],
    tricks: h.tricksWon[s],
    status: seatStatus(state, s),
    cards: h.hands[s].length,
    exchanged: h.exchanged[s],
  }));
  const view: View = {
    you: seat,
    phase: state.phase,
    hand: (h.hands[seat] ?? []).map(cardName),
    discarded: (h.putAway[seat] ?? []).map(cardName),
    legal: legalSummary(state, seat),
    toAct: state.toAct.slice(),
    players,
    dealer: state.dealer,
    declarer: h.declarer,
    contract: h.contract,
    trump: h.trump,
    stake: state.stake,
    stakeReasons: state.stakeReasons.slice(),
    trick: trickView(h.trick),
    lastTrick: h.tricks.length > 0 ? trickView(h.tricks[h.tricks.length - 1]) : null,
    tricks: h.tricks.map(trickView),
    shown: h.offer ? { seat: h.offer.seat, card: cardName(h.offer.card) } : null,
    speakingOrder: bidding ? h.order.slice(h.pos) : [],
    weliCutBy: h.weliCutBy,
    talonSize: h.talon.length,
    handNo: h.no,
    handsPlayed: state.handsPlayed,
    events: state.events.filter((e) => e.visibleTo === "all" || e.visibleTo.includes(seat)),
    winners: state.winners,
  };
  if (state.phase === "over") {
    view.reveal = {
      seed: state.seed,
      hands: h.hands.map((c) => c.map(cardName)),
      talon: h.talon.map(cardName),
      discards: h.discards.map(cardName),
    };
  }
  return view;
}
