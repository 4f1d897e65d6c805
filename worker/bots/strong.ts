// The `strong` level: for each decision, sample what the seat cannot see (determinize.ts), play
// every candidate action out on each sample with fast rules of thumb for all seats (playout.ts),
// and take the action with the best average score, but leave the rules of thumb's choice only
// when the samples show the other action better by more than two standard errors. Without that
// gate, searching the bidding and the exchange gained nothing over the rules of thumb (the noise
// of ~100 samples undid the wins); with it strong's lead over normal nearly doubled (bench:bots).
// Work is counted in playout steps rather than read off a clock (a Worker's clock stands still
// while code runs), so a decision is also replayable.
import { applyInPlace, cardName, cloneState, parseCard, seedRng, type Action, type Rules, type View } from "../engine";
import { playSuit, strength, suitIndex } from "../engine/fast";
import type { BotInput } from "./bot";
import { prepare } from "./determinize";
import { bestTrump, worstCards } from "./heuristics";
import { know, playingSeats, type Knowledge } from "./knowledge";
import { playOut } from "./playout";
import { decide } from "./policy";
import { randomBot } from "./random";

/**
 * Playout steps per millisecond of budget: calibrated by CPU time on the development machine
 * (a card-play step with its share of cloning took about 3.5 µs there; decisions outside the card
 * play and sampling are charged more steps where they cost more).
 */
export const STEPS_PER_MS = 300;
/** Work charged for building one sampled state, in playout steps. */
const SAMPLE_COST = 8;
/** Work charged for copying a sampled state for one candidate. */
const CLONE_COST = 4;
/** Weight of the other seats' result: their gain is a little our loss in a race to zero. */
const OTHERS = 0.1;

/** The table gives its bots this much (worker/table/bot-turns.ts BOT_BUDGET_MS); bench:bots measures at it. */
export const DEFAULT_BUDGET_MS = 2;

export type SearchPhase = "bidding" | "mulatschak" | "trump" | "exchange" | "play";
export const SEARCHED: readonly SearchPhase[] = ["bidding", "mulatschak", "trump", "exchange", "play"];

/** A searching bot for the given phases; the rules of thumb decide the others (bench:bots compares). */
export const strongBotFor = (phases: readonly SearchPhase[]) => (input: BotInput): Action => {
  const { view, rules } = input;
  const base = decide(view, rules, "normal");
  if (!base) return randomBot(input) as Action;
  if (!(phases as readonly string[]).includes(view.phase)) return base.action;
  const k = know(view, rules);
  const cands = candidates(view, rules, base.action, k);
  if (cands.length <= 1) return cands[0] ?? base.action;
  const budget = Math.max(1, input.budgetMs ?? DEFAULT_BUDGET_MS) * STEPS_PER_MS;
  return search(view, rules, cands, budget, Math.floor(input.random() * 2 ** 31), k) ?? base.action;
};

/**
 * The budget from which the strong level also searches the bidding, the Mulatschak and the trump.
 * Below it, those decisions get too few samples (5–8 at 2 ms: a sample plays a whole hand and is
 * checked against the bidding) to tell a better bid from luck: strong.test judged its departures
 * there at 2 ms as worse than the rules of thumb's choice (about +2 points of the hand each, z ≈ +2.3
 * over 21 departures), while at 10 ms searching every phase was worth more than searching the card
 * play alone (README, bench:bots).
 */
export const SEARCH_BIDDING_FROM_MS = 10;
const searchAll = strongBotFor(SEARCHED);
const searchCards = strongBotFor(["exchange", "play"]);

export const strongBot = (input: BotInput): Action => ((input.budgetMs ?? DEFAULT_BUDGET_MS) >= SEARCH_BIDDING_FROM_MS ? searchAll : searchCards)(input);

/** The actions worth comparing: the rules of thumb's choice first, then the legal alternatives worth a search. */
export function candidates(view: View, rules: Rules, heuristic: Action, k: Knowledge = know(view, rules)): Action[] {
  const legal = view.legal;
  if (view.phase === "play") return unique([heuristic, ...distinctCards(view, k)]);
  if (view.phase === "trump" || view.phase === "mulatschak") return unique([heuristic, ...(legal as Action[])]);
  if (view.phase === "bidding") {
    // Bids more than one above the least are not worth comparing, nor a Mulatschak on a hand that
    // is not close to one.
    const least = Math.min(...legal.flatMap((a) => (a.type === "bid" ? [a.tricks] : [9])));
    const strongHand = bestTrump(view.hand.map(parseCard), Math.max(2, playingSeats(view).length), rules).est >= 3.5;
    return unique([
      heuristic,
      ...(legal.filter((a) => (a.type !== "bid" || a.tricks <= least + 1) && (a.type !== "mulatschak" || strongHand)) as Action[]),
    ]);
  }
  if (view.phase !== "exchange") return [heuristic];
  const t = suitIndex(view.trump!);
  const hand = view.hand.map(parseCard);
  const out: Action[] = [heuristic];
  for (const a of legal) {
    if (a.type === "join" || a.type === "stayHome" || a.type === "fiveOnSau" || a.type === "leaveShown") out.push(a as Action);
    if (a.type === "exchange" && "max" in a) {
      for (let k = a.min ?? 0; k <= a.max; k++) out.push({ type: "exchange", cards: worstCards(hand, t, k).map(cardName) });
    }
    if (a.type === "takeShown" && a.discard === undefined) out.push(a as Action);
  }
  if (legal.some((a) => a.type === "takeShown" && a.discard !== undefined)) {
    out.push({ type: "takeShown", discard: cardName(worstCards(hand, t, 1)[0]) });
  }
  return unique(out);
}

/**
 * The legal cards, keeping one of each run of touching cards: two cards of a suit with no card
 * between them that is still out play the same, so searching both wastes the budget.
 */
function distinctCards(view: View, k: Knowledge): Action[] {
  const t = k.trump;
  // Cards still out, and those in the current trick (beating them or not is what differs).
  const out = new Set([...k.unseen, ...view.trick.map((x) => parseCard(x.card))]);
  const legal = view.legal.flatMap((a) => (a.type === "play" ? [parseCard(a.card)] : []));
  const kept = legal.filter((c) => {
    // Drop c when a lower legal card of its suit touches it (nothing still out in between).
    return !legal.some((d) => {
      if (d === c || playSuit(d, t) !== playSuit(c, t) || strength(d) >= strength(c)) return false;
      for (const u of out) if (playSuit(u, t) === playSuit(c, t) && strength(u) > strength(d) && strength(u) < strength(c)) return false;
      return true;
    });
  });
  return kept.map((c) => ({ type: "play", card: cardName(c) }));
}

function unique(actions: Action[]): Action[] {
  const seen = new Set<string>();
  return actions.filter((a) => {
    const key = JSON.stringify(a.type === "exchange" ? { ...a, cards: [...a.cards].sort() } : a);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * Average score of each candidate over sampled states; lower is better (points count down). All
 * candidates are played on the same samples, so their differences are measured pairwise; a
 * candidate clearly worse than the best so far is dropped, leaving the budget to the close ones.
 * The first candidate (the rules of thumb's choice) stands unless another is clearly better.
 */
export function search(view: View, rules: Rules, cands: Action[], budget: number, seed: number, k: Knowledge = know(view, rules)): Action | null {
  const rng = seedRng(`strong:${seed}`);
  const sampler = prepare(view, rules, k);
  const me = view.you;
  const scores: number[][] = cands.map(() => []);
  const alive = cands.map(() => true);
  const work = { steps: 0 };
  let samples = 0;
  // At least two samples per candidate, however small the budget; after that a sample is begun
  // only when one more like the last still fits the budget. (It used to be begun whenever the
  // budget was not yet used up, and the last sample overran it by up to half: 880 steps for 600.)
  let last = 0;
  while ((samples < 2 || work.steps + last <= budget) && samples < 2000) {
    const before = work.steps;
    samples++;
    work.steps += SAMPLE_COST;
    const state = sampler.sample(rng, work);
    for (let i = 0; i < cands.length; i++) {
      if (!alive[i]) continue;
      const s = cloneState(state);
      work.steps += CLONE_COST;
      if (applyInPlace(s, me, cands[i])) {
        alive[i] = false; // not legal in a sample: cannot happen with a consistent sample
        continue;
      }
      const delta = playOut(s, rng, work);
      let others = 0;
      for (let j = 0; j < delta.length; j++) if (j !== me) others += delta[j];
      scores[i].push(delta[me] - (OTHERS * others) / Math.max(1, delta.length - 1));
    }
    if (samples % PRUNE_EVERY === 0) prune(scores, alive);
    last = work.steps - before;
  }
  let best = -1;
  for (let i = 0; i < cands.length; i++) {
    if (!alive[i] || scores[i].length === 0) continue;
    if (best < 0 || mean(scores[i]) < mean(scores[best]) - 1e-9) best = i;
  }
  if (best > 0 && alive[0] && !clearlyBetter(scores[best], scores[0], CONFIDENT)) return cands[0];
  return best >= 0 ? cands[best] : null;
}

/** Standard errors by which an action must beat the rules of thumb's choice to be taken instead. */
const CONFIDENT = 2;

/** Mean and standard error of `a - b` over the samples both were played on (paired). */
function pairedDiff(a: number[], b: number[]): { mean: number; se: number; k: number } {
  const k = Math.min(a.length, b.length);
  let m = 0, q = 0;
  for (let j = 0; j < k; j++) {
    const d = a[j] - b[j];
    m += d;
    q += d * d;
  }
  m /= Math.max(1, k);
  return { mean: m, se: Math.sqrt(Math.max(0, q / Math.max(1, k) - m * m)) / Math.sqrt(Math.max(1, k)), k };
}

/**
 * Whether `a` beats `b` (lower is better) by more than `z` standard errors of their difference,
 * the errors widened as Student's t widens them for few samples: at 2 ms a bidding decision gets
 * only 5–8 samples, whose spread often looks small by chance, and with a plain `z` the search left
 * the rules of thumb in the bidding and the trump on such luck (strong.test judged those
 * departures: 1.5 points of the hand worse each, z = +2.7).
 */
function clearlyBetter(a: number[], b: number[], z: number): boolean {
  const d = pairedDiff(a, b);
  return d.k >= 2 && d.mean < -z * (T975[Math.min(d.k - 1, T975.length - 1)] / 1.96) * d.se;
}

/** Student's t, 97.5% quantile, by degrees of freedom (index 0 unused; the last stands for more). */
const T975 = [Infinity, 12.71, 4.3, 3.18, 2.78, 2.57, 2.45, 2.36, 2.31, 2.26, 2.23, 2.2, 2.18, 2.16, 2.14, 2.13, 2.12, 2.11, 2.1, 2.09, 2.09, 2.06, 2.04, 2.02, 2.0, 1.98, 1.96];

const PRUNE_EVERY = 4;
const mean = (x: number[]) => x.reduce((a, b) => a + b, 0) / x.length;

/** Drop candidates whose paired difference to the best is more than two standard errors worse. */
function prune(scores: number[][], alive: boolean[]): void {
  let best = -1;
  for (let i = 0; i < scores.length; i++) if (alive[i] && (best < 0 || mean(scores[i]) < mean(scores[best]))) best = i;
  for (let i = 0; i < scores.length; i++) {
    if (!alive[i] || i === best) continue;
    const d = pairedDiff(scores[i], scores[best]);
    if (d.k >= 8 && d.mean > 2 * d.se + 0.05) alive[i] = false;
  }
}
