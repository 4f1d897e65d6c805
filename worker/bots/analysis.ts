// The analysis of a finished game: the strong bot looks at every real decision of the people at
// the table (more than one legal action) from that seat's own view, as it would for its own
// move, and plays the player's choice and its own candidates out on the same sampled deals. Where
// the player's choice cost clearly more than the best (by MARGIN points of the hand and by more
// than two standard errors of the paired difference), it is marked, with the expected points of
// both. Work is counted in playout steps and every decision is seeded from the record, so the
// analysis of a record is always the same.
import { applyInPlace, cloneState, gameFromRecord, legalActions, seedRng, splitAction, viewFor, type Action, type GameRecord } from "../engine";
import { prepare } from "./determinize";
import { know } from "./knowledge";
import { playOut } from "./playout";
import { decide } from "./policy";
import { candidates, STEPS_PER_MS } from "./strong";

export interface AnalysisMark {
  /** Index into the record's actions. */
  index: number;
  seat: number;
  action: Action;
  better: Action;
  /** The seat's expected points for the hand (they count down: lower is better). */
  chosenPoints: number;
  betterPoints: number;
}

export interface Analysis {
  format: "muli-analysis/1";
  /** Decisions looked at (more than one legal action, a person's seat). */
  decisions: number;
  /** Playout steps per decision (the budget). */
  steps: number;
  marks: AnalysisMark[];
}

/** How much worse, in points of the hand, a choice must be to be marked. */
export const MARGIN = 1;
/** Samples at least and at most per decision. */
const MIN_SAMPLES = 24;
const MAX_SAMPLES = 400;
/** Budget per decision, in milliseconds of the strong bot's own measure (STEPS_PER_MS). */
export const ANALYSIS_BUDGET_MS = 20;

const key = (a: Action) => JSON.stringify(a.type === "exchange" || a.type === "discard" ? { ...a, cards: [...a.cards].sort() } : a);

export function analyse(record: GameRecord, budgetMs = ANALYSIS_BUDGET_MS): Analysis {
  const state = gameFromRecord(record);
  const steps = Math.max(1, budgetMs) * STEPS_PER_MS;
  const marks: AnalysisMark[] = [];
  let decisions = 0;
  record.actions.forEach((entry, index) => {
    const { seat, action } = splitAction(entry);
    const person = record.bots[seat] === null;
    if (person && state.phase !== "over" && legalActions(state, seat).length > 1) {
      decisions++;
      const mark = judge(state, seat, action, index, steps, `${record.seed}:${index}`);
      if (mark) marks.push(mark);
    }
    applyInPlace(state, seat, action);
  });
  return { format: "muli-analysis/1", decisions, steps, marks };
}

function judge(state: ReturnType<typeof gameFromRecord>, seat: number, chosen: Action, index: number, budget: number, seed: string): AnalysisMark | null {
  const view = viewFor(state, seat);
  const rules = state.rules;
  const base = decide(view, rules, "normal");
  if (!base) return null;
  const k = know(view, rules);
  const cands = candidates(view, rules, base.action, k);
  const ci = cands.findIndex((a) => key(a) === key(chosen));
  const all = ci >= 0 ? cands : [...cands, chosen];
  const mine = ci >= 0 ? ci : all.length - 1;
  if (all.length < 2) return null;

  const rng = seedRng(`analysis:${seed}`);
  const sampler = prepare(view, rules, k);
  const scores: number[][] = all.map(() => []);
  const work = { steps: 0 };
  for (let n = 0; (work.steps < budget || n < MIN_SAMPLES) && n < MAX_SAMPLES; n++) {
    const sample = sampler.sample(rng, work);
    for (let i = 0; i < all.length; i++) {
      const s = cloneState(sample);
      if (applyInPlace(s, seat, all[i])) continue;
      scores[i].push(playOut(s, rng, work)[seat]);
    }
  }
  const mean = (x: number[]) => x.reduce((a, b) => a + b, 0) / Math.max(1, x.length);
  let best = -1;
  for (let i = 0; i < all.length; i++) {
    if (scores[i].length === scores[mine].length && (best < 0 || mean(scores[i]) < mean(scores[best]))) best = i;
  }
  if (best < 0 || best === mine) return null;
  const d = paired(scores[mine], scores[best]);
  if (d.mean < MARGIN || d.mean < 2 * d.se) return null;
  const round = (x: number) => Math.round(x * 10) / 10;
  return { index, seat, action: chosen, better: all[best], chosenPoints: round(mean(scores[mine])), betterPoints: round(mean(scores[best])) };
}

/** Mean and standard error of a − b over the samples both were played on. */
function paired(a: number[], b: number[]): { mean: number; se: number } {
  const k = Math.min(a.length, b.length);
  let m = 0, q = 0;
  for (let j = 0; j < k; j++) {
    const d = a[j] - b[j];
    m += d;
    q += d * d;
  }
  m /= Math.max(1, k);
  return { mean: m, se: Math.sqrt(Math.max(0, q / Math.max(1, k) - m * m) / Math.max(1, k)) };
}
