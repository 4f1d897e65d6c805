// Scoring a hand and the end of the game (RULES.md §2.11–2.12). Points count down.
import { nextSeat } from "./seat-order";
import { startHand, zeros } from "./deal";
import type { GameState } from "./types";

/** Each seat's change of points for the hand just finished, stake included. */
export function handDelta(state: GameState): number[] {
  const h = state.hand;
  const r = state.rules;
  const m = state.stake;
  const d = h.declarer as number;
  const delta = zeros(r.players);
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
    stayedHome: homeSeats(h.order, h.stayedHome),
    delta,
  });
  state.events.push({ kind: "handEnd", hand: h.no, visibleTo: "all" });
  state.stake = 1;
  if (state.stakeReasons.length !== 0) state.stakeReasons = [];
  const winners = gameWinners(state);
  if (winners) {
    state.winners = winners;
    state.phase = "over";
    state.toAct = [];
    return;
  }
  state.dealer = nextInGame(state, state.dealer);
  startHand(state);
}

/**
 * The winners if the game is over after this hand (marking seats out on the way), else null.
 * Plain loops, building seat lists only when someone has won or goes out: it runs every hand.
 */
function gameWinners(state: GameState): number[] | null {
  const r = state.rules;
  const points = state.points;
  let zero: number[] | null = null;
  let passedEnd = false;
  for (let s = 0; s < r.players; s++) {
    if (state.out[s]) continue;
    if (points[s] <= 0) (zero ??= []).push(s);
    if (r.endAbove !== false && points[s] > r.endAbove) passedEnd = true;
  }
  if (zero) return zero;
  if (passedEnd) return lowest(state, aliveSeats(state));
  if (r.outAbove === false) return null;
  let goingOut: number[] | null = null;
  let left = 0, lastLeft = -1;
  for (let s = 0; s < r.players; s++) {
    if (state.out[s]) continue;
    if (points[s] > r.outAbove) (goingOut ??= []).push(s);
    else (left++, (lastLeft = s));
  }
  if (goingOut) for (const s of goingOut) state.out[s] = true;
  if (left >= 2) return null;
  return left === 1 ? [lastLeft] : lowest(state, goingOut!);
}

/** The first seat after `seat`, clockwise, that is still in the game (`seatsAfter(…)[0]` without the list). */
function nextInGame(state: GameState, seat: number): number {
  const n = state.rules.players;
  for (let i = 1, s = nextSeat(seat, n); i <= n; i++, s = nextSeat(s, n)) if (!state.out[s]) return s;
  return seat;
}

function aliveSeats(state: GameState): number[] {
  const seats: number[] = [];
  for (let s = 0; s < state.rules.players; s++) if (!state.out[s]) seats.push(s);
  return seats;
}

function lowest(state: GameState, seats: number[]): number[] {
  const min = Math.min(...seats.map((s) => state.points[s]));
  return seats.filter((s) => state.points[s] === min);
}

/** The seats of `order` that stayed home, in order. */
function homeSeats(order: number[], home: boolean[]): number[] {
  const seats: number[] = [];
  for (let i = 0; i < order.length; i++) if (home[order[i]]) seats.push(order[i]);
  return seats;
}
