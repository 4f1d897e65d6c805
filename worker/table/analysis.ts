// A finished game's analysis (worker/bots/analysis.ts), worked out once, in slices: one slice per
// run of the table's alarm, each about SLICE_STEPS of the strong bot's work (a few ms of CPU, inside
// the free plan's 10 ms per invocation), where it stands kept in the object's storage between them.
// Done, it is kept in R2 beside the record; until then a request for it is told to come back.
import { analyseSlice, ANALYSIS_BUDGET_MS, type Analysis, type AnalysisProgress } from "../bots";
import { fail, type Failure } from "../base/failure";
import { recordFor } from "./archive";
import type { PlacementEnv } from "../db/placement";
import type { GameRecord } from "../engine";
import type { TableRecord } from "./model";

export const analysisKey = (tableId: string): string => `analysis/${tableId}.json`;

/** CPU the analysis of one game may take, in the strong bot's milliseconds. */
const GAME_BUDGET_MS = 10_000;
/** Work per slice, in playout steps: bench:cpu measured a slice at 1.5 ms p50, 3.9 ms p99 of CPU in workerd (1 500 steps: 1.8 and 6.4 on a busy machine). */
export const SLICE_STEPS = 1000;
/** Storage keys: where the analysis stands between slices, and that it is done. */
const PROGRESS_KEY = "analysisProgress";
const DONE_KEY = "analysed";

type AnalysisEnv = PlacementEnv & { RECORDS: R2Bucket };

/** The budget per decision: a long game of people gets less per decision, so that the whole stays within GAME_BUDGET_MS. */
function budgetOf(record: GameRecord): number {
  const people = record.actions.filter((a) => record.bots[a.seat] === null).length;
  return Math.min(ANALYSIS_BUDGET_MS, GAME_BUDGET_MS / Math.max(1, people));
}

/**
 * The stored analysis, or ANALYSIS_PENDING (the route answers 202) while its slices are still
 * being worked through. Pending with no alarm set: a game archived before the analysis went into
 * slices; its slices are started here.
 */
export async function analysisFor(env: AnalysisEnv, storage: DurableObjectStorage, table: TableRecord): Promise<{ ok: true; analysis: Analysis } | Failure> {
  const stored = await env.RECORDS.get(analysisKey(table.id));
  if (stored) return { ok: true, analysis: (await stored.json()) as Analysis };
  if ((await storage.getAlarm()) === null) await storage.setAlarm(Date.now());
  return fail(409, "ANALYSIS_PENDING", "The analysis is being worked out; try again in a minute.");
}

/** The record the slices read, kept between alarms of the same object (R2 read once, not per slice). */
let kept: { id: string; record: GameRecord } | null = null;

/**
 * One slice of the table's analysis. Returns whether more slices are needed (the caller sets the
 * next alarm). A slice that fails leaves the stored progress as it was, so a retry does it again.
 */
export async function analysisSlice(env: AnalysisEnv, storage: DurableObjectStorage, table: TableRecord): Promise<boolean> {
  if (await storage.get<boolean>(DONE_KEY)) return false;
  if (kept?.id !== table.id) {
    const r = await recordFor(env, table);
    if (!r.ok) throw new Error(`analysis: no record (${r.code})`);
    kept = { id: table.id, record: r.record };
  }
  const progress = (await storage.get<AnalysisProgress>(PROGRESS_KEY)) ?? null;
  const step = analyseSlice(kept.record, progress, budgetOf(kept.record), SLICE_STEPS);
  if ("progress" in step) {
    await storage.put(PROGRESS_KEY, step.progress);
    return true;
  }
  await env.RECORDS.put(analysisKey(table.id), JSON.stringify(step.analysis), { httpMetadata: { contentType: "application/json" } });
  await storage.put(DONE_KEY, true);
  await storage.delete(PROGRESS_KEY);
  kept = null;
  return false;
}
