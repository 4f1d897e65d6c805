// What one seat may know (API.md): its own cards and everything public, nothing more. A view is
// the caller's own: nothing in it is shared with the state (a bot or a route that changes its view
// must not change what the next action stores). The state's own parts are copied; the legal
// summaries are shared frozen constants (see legal.ts), which nobody can change.
import { cardName } from "./cards";
import { legalSummary } from "./legal";
import type { GameEvent, GameState, HandRecord, PlayerView, SeatStatus, View } from "./types";

export function seatStatus(state: GameState, seat: number): SeatStatus {
  const h = state.hand;
  if (state.out[seat]) return "out";
  if (!h.inHand[seat]) return "sittingOut";
  return h.stayedHome[seat] ? "home" : "playing";
}

const trickView = (t: { seat: number; card: number }[]) => t.map((x) => ({ seat: x.seat, card: cardName(x.card) }));

const recordCopy = (r: HandRecord): HandRecord => ({ ...r, tricks: r.tricks.slice(), stayedHome: r.stayedHome.slice(), delta: r.delta.slice() });

/** The events `seat` may see, each copied (their card and seat lists too). */
function eventsFor(events: GameEvent[], seat: number): GameEvent[] {
  const out: GameEvent[] = [];
  for (const e of events) {
    if (e.visibleTo !== "all" && !e.visibleTo.includes(seat)) continue;
    const copy: GameEvent = { ...e, visibleTo: e.visibleTo === "all" ? "all" : e.visibleTo.slice() };
    if (e.cards) copy.cards = e.cards.slice();
    out.push(copy);
  }
  return out;
}

export function viewFor(state: GameState, seat: number): View {
  const h = state.hand;
  const bidding = state.phase === "mulatschak" || state.phase === "bidding";
  const players: PlayerView[] = state.points.map((points, s) => ({
    seat: s,
    points,
    bid: { ...h.marks[s] },
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
    cut: h.cutter === undefined ? null : { seat: h.cutter, value: h.cut ?? null },
    talonSize: h.talon.length,
    handNo: h.no,
    handsPlayed: state.handsPlayed.map(recordCopy),
    events: eventsFor(state.events, seat),
    winners: state.winners ? state.winners.slice() : null,
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
