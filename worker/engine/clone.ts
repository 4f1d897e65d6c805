// A deep copy of a game state, written out by hand because it runs once per accepted action.
// Objects that handlers replace rather than mutate (marks, offers, trick cards, records, rules)
// are shared between the copies.
import type { GameState, HandState } from "./types";

function cloneHand(h: HandState): HandState {
  return {
    ...h,
    inHand: h.inHand.slice(),
    order: h.order.slice(),
    hands: h.hands.map((c) => c.slice()),
    talon: h.talon.slice(),
    discards: h.discards.slice(),
    marks: h.marks.slice(),
    exchangeQueue: h.exchangeQueue.slice(),
    stayedHome: h.stayedHome.slice(),
    homeCost: h.homeCost.slice(),
    tricksWon: h.tricksWon.slice(),
    trick: h.trick.slice(),
    tricks: h.tricks.slice(),
    exchanged: h.exchanged.slice(),
    putAway: h.putAway.slice(), // inner arrays are replaced, never changed
  };
}

export function cloneState(s: GameState): GameState {
  return {
    ...s,
    rng: [s.rng[0], s.rng[1], s.rng[2], s.rng[3]],
    points: s.points.slice(),
    out: s.out.slice(),
    stakeReasons: s.stakeReasons.slice(),
    toAct: s.toAct.slice(),
    hand: cloneHand(s.hand),
    handsPlayed: s.handsPlayed.slice(),
    deals: s.deals.slice(),
    events: s.events.slice(),
  };
}
