// A full game state built from one seat's view plus a guess at what it cannot see: the other
// hands, the talon and the discards are filled with the unseen cards at random, consistent with
// everything the seat has seen (cards played, voids and heading duties shown in play, the Weli at
// the cut, face-up cards). Searching bots play such states out; the real state is never touched.
import { cloneState, nextInt, parseCard, type BidMark, type CardId, type GameState, type HandState, type RngState, type Rules, type View } from "../engine";
import { emptyHand, isTrump, suitIndex } from "../engine/fast";
import { know, type Knowledge } from "./knowledge";
import { BID_AT, bestTrump, estimateTricks, keepValue } from "./heuristics";

/** Build a state for `view`'s position with the hidden cards drawn from `rng`. */
export function determinize(view: View, rules: Rules, rng: RngState, k: Knowledge = know(view, rules)): GameState {
  return prepare(view, rules, k).sample(rng);
}

export interface Sampler {
  /** A sampled state; the work of dealing it, in playout steps, is added to `work`. */
  sample(rng: RngState, work?: { steps: number }): GameState;
}

/** Work charged per deal tried and per bidding check run on it (bestTrump per seat), in steps. */
const ATTEMPT_COST = 2;
const CHECK_COST = 1;

/** Work out once per decision everything the samples share; each sample then only deals. */
export function prepare(view: View, rules: Rules, k: Knowledge = know(view, rules)): Sampler {
  const template = skeleton(view, rules);
  const plan = planDeal(view, k, template.hand);
  const checks = bidChecks(view, rules, k);
  return {
    sample(rng, work) {
      // Deal a few times and keep the first deal that fits what the others said in the bidding
      // (or the one that fits best): a declarer holds what it bid, a seat that passed does not.
      let best: Dealt | null = null;
      let bestMisfit = Infinity;
      for (let attempt = 0; attempt < TRIES && bestMisfit > 0; attempt++) {
        const d = deal(plan, rng);
        if (work) work.steps += ATTEMPT_COST + CHECK_COST * checks.length;
        const misfit = checks.reduce((m, c) => m + c(d.hands), 0);
        if (misfit < bestMisfit) (best = d), (bestMisfit = misfit);
      }
      const state = cloneState(template);
      state.rng = [nextInt(rng, 0x7fffffff), nextInt(rng, 0x7fffffff), nextInt(rng, 0x7fffffff), 1];
      const h = state.hand;
      for (let s = 0; s < plan.n; s++) if (s !== plan.me) h.hands[s] = best!.hands[s];
      h.hands[plan.me] = plan.hand.slice();
      h.talon = best!.talon;
      h.discards.push(...plan.knownDiscards, ...best!.discards);
      return state;
    },
  };
}

const TRIES = 8;
const AFTER_EXCHANGE = [0, 1.5, 2.0, 2.95, 3.35, 4.6];
const SLACK = 0.4;

type Check = (hands: CardId[][]) => number;

/**
 * What the other seats' words say about their cards, as checks on a sampled state (0 = fits).
 * Estimates are the bots' own (heuristics.ts), with some slack: people bid differently.
 */
function bidChecks(view: View, rules: Rules, k: Knowledge): Check[] {
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

/** The state as the view tells it, with no hidden cards yet. */
function skeleton(view: View, rules: Rules): GameState {
  const n = view.players.length;
  const h: HandState = emptyHand(n, view.handNo);
  const ps = view.players;
  for (let s = 0; s < n; s++) h.inHand[s] = ps[s].status === "playing" || ps[s].status === "home";
  for (let i = 1; i <= n; i++) {
    const s = (view.dealer + i) % n;
    if (h.inHand[s]) h.order.push(s);
  }
  h.weliCutBy = view.weliCutBy;
  h.marks = ps.map((p) => p.bid as BidMark);
  for (let s = 0; s < n; s++) {
    const m = ps[s].bid;
    if ((m.kind === "bid" || m.kind === "hold") && !m.outbid) {
      h.highBid = m.tricks;
      h.highBidder = s;
    }
  }
  const speaking = view.phase === "mulatschak" || view.phase === "bidding";
  h.pos = speaking ? Math.max(0, h.order.indexOf(view.toAct[0])) : 0;
  const me = view.you;
  // Not in the view, and only the auction needs them: whether this seat spoke before (a later
  // round) and whether anyone bid earlier in this round (a guess that can only add a round).
  const spoke = (m: BidMark) => m.kind === "bid" || m.kind === "hold" || m.kind === "pass" || m.kind === "white";
  h.biddingRound = view.phase === "bidding" && spoke(ps[me].bid) ? 1 : 0;
  h.roundActive = view.phase === "bidding" && h.order.slice(0, h.pos).some((s) => ps[s].bid.kind === "bid" || ps[s].bid.kind === "hold");
  h.declarer = view.declarer;
  h.contract = view.contract;
  h.trump = view.trump;
  if (view.declarer !== null) h.highBidder = view.declarer;
  h.stayedHome = ps.map((p) => p.status === "home");
  h.homeCost = ps.map((p) => (p.status !== "home" ? 0 : rules.stayHome !== false ? rules.stayHome : (rules.shortTalonOut as number) || 0));
  h.tricksWon = ps.map((p) => p.tricks);
  h.trick = view.trick.map((x) => ({ seat: x.seat, card: parseCard(x.card) }));
  h.tricks = view.tricks.map((t) => t.map((x) => ({ seat: x.seat, card: parseCard(x.card) })));
  h.exchanged = ps.map((p) => p.exchanged);
  h.putAway[view.you] = (view.discarded ?? []).map(parseCard);
  if (view.phase === "exchange") {
    const d = view.declarer as number;
    const i = h.order.indexOf(d);
    const queue = h.order.slice(i).concat(h.order.slice(0, i));
    h.exchangeQueue = queue.slice(Math.max(0, queue.indexOf(view.toAct[0])));
    h.step = stepOf(view);
  }
  if (view.shown) h.offer = { seat: view.shown.seat, card: parseCard(view.shown.card), mode: rules.faceUp === "bergxi" ? "gschaude" : "app" };
  return {
    v: 1,
    rules,
    rng: [1, 2, 3, 4],
    seed: "",
    points: ps.map((p) => p.points),
    out: ps.map((p) => p.status === "out"),
    dealer: view.dealer,
    stake: view.stake,
    stakeReasons: view.stakeReasons.slice(),
    phase: view.phase,
    toAct: view.toAct.slice(),
    hand: h,
    handsPlayed: view.handsPlayed.slice(),
    winners: null,
    deals: [],
    events: [],
    actionCount: 0,
  };
}

function stepOf(view: View): HandState["step"] {
  const types = new Set(view.legal.map((a) => a.type));
  if (types.has("join")) return "join";
  if (types.has("takeShown") || types.has("leaveShown")) return "offer";
  if (types.has("discard")) return "discard";
  return "exchange";
}

interface Plan {
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
function planDeal(view: View, k: Knowledge, h: HandState): Plan {
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

interface Dealt {
  hands: CardId[][];
  talon: CardId[];
  discards: CardId[];
}

function deal(p: Plan, rng: RngState): Dealt {
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
    shuffle(talon, rng); // the talon's order matters; the placement order above was not random
    return { hands, talon, discards };
  }
  throw new Error("determinize: no consistent deal found");
}

function shuffle<T>(a: T[], rng: RngState): void {
  for (let i = a.length - 1; i > 0; i--) {
    const j = nextInt(rng, i + 1);
    const t = a[i];
    a[i] = a[j];
    a[j] = t;
  }
}
