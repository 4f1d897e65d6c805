// The analysis of a finished game: the strong bot looks at every real decision of the people at
// the table (more than one legal action) from that seat's own view, as it would for its own
// move, and plays the player's choice and its own candidates out on the same sampled deals. Where
// the player's choice cost clearly more than the best (by MARGIN points of the hand and by more
// than two standard errors of the paired difference), it is marked, with the expected points of
// both. Work is counted in playout steps and every decision is seeded from the record, so the
// analysis of a record is always the same.
import { applyInPlace, cloneState, gameFromRecord, legalActions, seedRng, splitAction, viewFor, type Action, type GameRecord, type RngState } from "../engine";
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

/** Where a sliced analysis stands between two slices (kept by the caller, e.g. in the table's storage). */
export interface AnalysisProgress {
  /** The next action of the record to look at. */
  index: number;
  decisions: number;
  marks: AnalysisMark[];
  /** The decision at `index` half judged: its samples so far, the work done and the generator's state. */
  judging: { n: number; work: number; rng: RngState; scores: number[][] } | null;
}

/** Work charged for replaying the record up to a slice's first decision and for setting up one decision, in playout steps. */
const REPLAY_COST = 60;
const SETUP_COST = 40;

export function analyse(record: GameRecord, budgetMs = ANALYSIS_BUDGET_MS): Analysis {
  let step = analyseSlice(record, null, budgetMs, Infinity);
  while (!("analysis" in step)) step = analyseSlice(record, step.progress, budgetMs, Infinity);
  return step.analysis;
}

/**
 * One slice of the analysis: from `progress` (null: the start) on, until about `sliceSteps` playout
 * steps of work are done; then where it stands, or the analysis once the record is through. Slices
 * of any size give the very analysis that one run gives: a decision's samples go on from the
 * generator's state where the last slice left them.
 */
export function analyseSlice(record: GameRecord, progress: AnalysisProgress | null, budgetMs: number, sliceSteps: number): { progress: AnalysisProgress } | { analysis: Analysis } {
  const state = gameFromRecord(record);
  const steps = Math.max(1, budgetMs) * STEPS_PER_MS;
  const p: AnalysisProgress = progress ? structuredClone(progress) : { index: 0, decisions: 0, marks: [], judging: null };
  for (let i = 0; i < p.index; i++) {
    const { seat, action } = splitAction(record.actions[i]);
    applyInPlace(state, seat, action);
  }
  const slice = { used: REPLAY_COST, end: sliceSteps };
  const first = p.index;
  while (p.index < record.actions.length) {
    if (p.index > first && slice.used >= slice.end) return { progress: p };
    const index = p.index;
    const { seat, action } = splitAction(record.actions[index]);
    const person = record.bots[seat] === null;
    if (person && state.phase !== "over" && legalActions(state, seat).length > 1) {
      slice.used += SETUP_COST;
      const j = judge(state, seat, action, index, steps, `${record.seed}:${index}`, p.judging, slice);
      if (!("mark" in j)) {
        p.judging = j.judging;
        return { progress: p };
      }
      p.decisions++;
      p.judging = null;
      if (j.mark) p.marks.push(j.mark);
    }
    applyInPlace(state, seat, action);
    p.index++;
  }
  return { analysis: { format: "muli-analysis/1", decisions: p.decisions, steps, marks: p.marks } };
}

type Judging = NonNullable<AnalysisProgress["judging"]>;

/** Judge one decision, going on from `resumed`; stops early (returning where it stands) once the slice's work is used up. */
function judge(
  state: ReturnType<typeof gameFromRecord>,
  seat: number,
  chosen: Action,
  index: number,
  budget: number,
  seed: string,
  resumed: Judging | null,
  slice: { used: number; end: number },
): { mark: AnalysisMark | null } | { judging: Judging } {
  const view = viewFor(state, seat);
  const rules = state.rules;
  const base = decide(view, rules, "normal");
  if (!base) return { mark: null };
  const k = know(view, rules);
  const cands = candidates(view, rules, base.action, k);
  const ci = cands.findIndex((a) => key(a) === key(chosen));
  const all = ci >= 0 ? cands : [...cands, chosen];
  const mine = ci >= 0 ? ci : all.length - 1;
  if (all.length < 2) return { mark: null };

  const rng = resumed ? resumed.rng : seedRng(`analysis:${seed}`);
  const sampler = prepare(view, rules, k);
  const scores: number[][] = resumed ? resumed.scores : all.map(() => []);
  const work = { steps: resumed ? resumed.work : 0 };
  let n = resumed ? resumed.n : 0;
  let sampled = false;
  for (; (work.steps < budget || n < MIN_SAMPLES) && n < MAX_SAMPLES; n++) {
    // At least one sample per slice, so that every slice gets on.
    if (sampled && slice.used >= slice.end) return { judging: { n, work: work.steps, rng, scores } };
    const before = work.steps;
    const sample = sampler.sample(rng, work);
    for (let i = 0; i < all.length; i++) {
      const s = cloneState(sample);
      if (applyInPlace(s, seat, all[i])) continue;
      scores[i].push(playOut(s, rng, work)[seat]);
    }
    slice.used += work.steps - before;
    sampled = true;
  }
  const mean = (x: number[]) => x.reduce((a, b) => a + b, 0) / Math.max(1, x.length);
  let best = -1;
  for (let i = 0; i < all.length; i++) {
    if (scores[i].length === scores[mine].length && (best < 0 || mean(scores[i]) < mean(scores[best]))) best = i;
  }
  if (best < 0 || best === mine) return { mark: null };
  const d = paired(scores[mine], scores[best]);
  if (d.mean < MARGIN || d.mean < 2 * d.se) return { mark: null };
  // "+ 0" turns -0 into 0: the analysis is JSON (where -0 becomes 0), and the same either way.
  const round = (x: number) => Math.round(x * 10) / 10 + 0;
  return { mark: { index, seat, action: chosen, better: all[best], chosenPoints: round(mean(scores[mine])), betterPoints: round(mean(scores[best])) } };
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
