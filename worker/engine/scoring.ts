// Scoring a hand and the end of the game (RULES.md §2.11–2.12). Points count down.
import { seatsAfter, startHand } from "./deal";
import type { GameState } from "./types";

/** Each seat's change of points for the hand just finished, stake included. */
export function handDelta(state: GameState): number[] {
  const h = state.hand;
  const r = state.rules;
  const m = state.stake;
  const d = h.declarer as number;
  const delta = new Array(r.players).fill(0);
  if (h.contract === "mulatschak") {
    const made = h.tricksWon[d] === 5;
    for (const s of h.order) {
      const base = s === d ? (made ? r.mulatschakWin : r.mulatschakLoss) : made ? r.mulatschakWinOthers : r.mulatschakLossOthers;
      delta[s] = base * m;
    }
    return delta;
  }
  const made = h.tricksWon[d] >= (h.contract as number);
  for (const s of h.order) {
    const tricks = h.tricksWon[s];
    if (h.stayedHome[s]) delta[s] = h.homeCost[s] * m;
    else if (s === d) delta[s] = made ? -tricks * m : r.failCost * m;
    else delta[s] = tricks === 0 ? r.noTrickCost * m : -tricks * m;
  }
  return delta;
}

export function endHand(state: GameState): void {
  const h = state.hand;
  const delta = handDelta(state);
  for (let s = 0; s < delta.length; s++) state.points[s] += delta[s];
  state.handsPlayed.push({
    dealer: state.dealer,
    declarer: h.declarer as number,
    contract: h.contract as number | "mulatschak",
    trump: h.trump!,
    stake: state.stake,
    tricks: h.tricksWon.slice(),
    stayedHome: h.order.filter((s) => h.stayedHome[s]),
    delta,
  });
  state.events.push({ kind: "handEnd", hand: h.no, visibleTo: "all" });
  state.stake = 1;
  state.stakeReasons = [];
  const winners = gameWinners(state);
  if (winners) {
    state.winners = winners;
    state.phase = "over";
    state.toAct = [];
    return;
  }
  state.dealer = seatsAfter(state, state.dealer)[0];
  startHand(state);
}

/** The winners if the game is over after this hand (marking seats out on the way), else null. */
function gameWinners(state: GameState): number[] | null {
  const r = state.rules;
  const alive = state.points.map((_, s) => s).filter((s) => !state.out[s]);
  const zero = alive.filter((s) => state.points[s] <= 0);
  if (zero.length > 0) return zero;
  if (r.endAbove !== false && alive.some((s) => state.points[s] > (r.endAbove as number))) return lowest(state, alive);
  if (r.outAbove === false) return null;
  const goingOut = alive.filter((s) => state.points[s] > (r.outAbove as number));
  for (const s of goingOut) state.out[s] = true;
  const left = alive.filter((s) => !state.out[s]);
  if (left.length >= 2) return null;
  return left.length === 1 ? left : lowest(state, goingOut);
}

function lowest(state: GameState, seats: number[]): number[] {
  const min = Math.min(...seats.map((s) => state.points[s]));
  return seats.filter((s) => state.points[s] === min);
}
