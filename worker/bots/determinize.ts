// A full game state built from one seat's view plus a guess at what it cannot see: the other
// hands, the talon and the discards are filled with the unseen cards at random, consistent with
// everything the seat has seen (cards played, voids and heading duties shown in play, the Weli at
// the cut, face-up cards). Searching bots play such states out; the real state is never touched.
// Here: the skeleton state the view tells, and the sampling loop; how the unseen cards are dealt is
// sample-deal.ts, how a deal is checked against what the seats said and kept is sample-fit.ts.
import { cloneState, nextInt, parseCard, type BidMark, type GameState, type HandState, type RngState, type Rules, type View } from "../engine";
import { emptyHand } from "../engine/fast";
import { know, type Knowledge } from "./knowledge";
import { deal, planDeal, type Dealt } from "./sample-deal";
import { bidChecks } from "./sample-fit";

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

