// Dealing the cards a seat has not seen: each other playing seat gets as many as it holds, the talon
// its size, the discards the rest; known places are kept, shown voids respected, and good cards go
// to the seats that kept good cards (the declarer, the exchangers) more often than to the discards.
import { nextInt, type CardId, type HandState, type RngState, type View } from "../engine";
import { shuffle, suitIndex } from "../engine/fast";
import { keepValue } from "./heuristics";
import type { Knowledge } from "./knowledge";

export interface Plan {
  me: number;
  n: number;
  hand: CardId[];
  /** Cards known to be in a seat's hand. */
  fixed: CardId[][];
  /** How many more cards each seat needs after its fixed ones. */
  free: number[];
  talon: number;
  knownDiscards: CardId[];
  /** The other unseen cards, most constrained first, each with the seats that may hold it. */
  pool: CardId[];
  seats: number[][];
  /** The same without the voids: the last resort. */
  looseSeats: number[][];
  /** Extra weight for the declarer's seat getting a trump (it named them). */
  declarer: number;
  trump: number;
  /** Pool cards worth keeping (trumps, Aces): rarely given away, likelier held by some seats. */
  good: boolean[];
  seatBias: number[];
}

const DISCARD_SCALE = 10;
const DECLARER_BIAS = 10;
const EXCHANGED_BIAS = 3;

/**
 * Each other playing seat gets as many cards as it holds, the talon its size, the discards the
 * rest. Cards known to be in a hand go there; the other unseen cards go, most constrained first,
 * each to a random free slot it may occupy.
 */
export function planDeal(view: View, k: Knowledge, h: HandState): Plan {
  const n = view.players.length;
  const me = view.you;
  const need = new Array<number>(n).fill(0);
  const fixed: CardId[][] = [];
  for (let s = 0; s < n; s++) fixed.push([]);
  for (let s = 0; s < n; s++) if (s !== me && view.players[s].status === "playing") need[s] = view.players[s].cards;
  let pool: CardId[] = [];
  for (const c of k.unseen) {
    const s = k.inHandOf.get(c);
    if (s !== undefined && s !== me && fixed[s].length < need[s]) fixed[s].push(c);
    else pool.push(c);
  }
  const knownDiscards = [...k.gone].filter((c) => h.offer?.card !== c);
  const free = need.map((x, s) => x - fixed[s].length);
  const allowed = (c: CardId, strict: boolean) => {
    const out: number[] = [];
    for (let s = 0; s < n; s++) if (free[s] > 0 && (!strict || !k.forbidden[s][c])) out.push(s);
    return out;
  };
  pool = pool.sort((a, b) => allowed(a, true).length - allowed(b, true).length);
  return {
    me,
    n,
    hand: k.hand,
    fixed,
    free,
    talon: Math.min(view.talonSize, pool.length),
    knownDiscards,
    pool,
    seats: pool.map((c) => allowed(c, true)),
    looseSeats: pool.map((c) => allowed(c, false)),
    declarer: view.declarer ?? -1,
    trump: view.trump ? suitIndex(view.trump) : -1,
    good: pool.map((c) => view.trump !== null && keepValue(c, [], suitIndex(view.trump)) >= 9),
    // The declarer named trump and kept the best; seats that exchanged kept their good cards.
    seatBias: view.players.map((p, s) => (s === view.declarer ? DECLARER_BIAS : p.exchanged >= 0 ? EXCHANGED_BIAS : 1)),
  };
}

export interface Dealt {
  hands: CardId[][];
  talon: CardId[];
  discards: CardId[];
}

export function deal(p: Plan, rng: RngState): Dealt {
  const { n, pool } = p;
  const freeTotal = p.free.reduce((a, b) => a + b, 0);
  for (let attempt = 0; attempt < 30; attempt++) {
    const seatsOf = attempt < 25 ? p.seats : p.looseSeats;
    const free = p.free.slice();
    let talonFree = p.talon;
    let discardFree = pool.length - p.talon - freeTotal;
    const hands: CardId[][] = [];
    for (let s = 0; s < n; s++) hands.push(p.fixed[s].slice());
    const talon: CardId[] = [];
    const discards: CardId[] = [];
    let ok = true;
    for (let i = 0; i < pool.length; i++) {
      const c = pool[i];
      const seats = seatsOf[i];
      const good = p.good[i];
      // Discards are what seats gave away: mostly low cards, rarely a trump or an Ace.
      const dw = Math.max(0, discardFree) * (good ? 1 : DISCARD_SCALE);
      let total = talonFree * DISCARD_SCALE + dw;
      for (const s of seats) total += free[s] * (good ? p.seatBias[s] : 1) * DISCARD_SCALE;
      if (total <= 0) {
        ok = false;
        break;
      }
      let r = nextInt(rng, total);
      let placed = false;
      for (const s of seats) {
        const w = free[s] * (good ? p.seatBias[s] : 1) * DISCARD_SCALE;
        if (r < w) {
          hands[s].push(c);
          free[s]--;
          placed = true;
          break;
        }
        r -= w;
      }
      if (placed) continue;
      if (r < talonFree * DISCARD_SCALE) {
        talon.push(c);
        talonFree--;
      } else {
        discards.push(c);
        discardFree--;
      }
    }
    if (!ok || free.some((x) => x !== 0)) continue;
    shuffle(rng, talon); // the talon's order matters; the placement order above was not random
    return { hands, talon, discards };
  }
  throw new Error("determinize: no consistent deal found");
}
