// A finished game's analysis (worker/bots/analysis.ts), computed once, by the table's alarm after
// the record is archived or on the first request, and kept in R2 beside the record.
import { analyse, ANALYSIS_BUDGET_MS, type Analysis } from "../bots";
import type { Failure } from "../base/failure";
import { recordFor } from "./archive";
import type { PlacementEnv } from "../db/placement";
import type { TableRecord } from "./model";

export const analysisKey = (tableId: string): string => `analysis/${tableId}.json`;

/** CPU the analysis of one game may take, in the strong bot's milliseconds (a Worker allows 30 s). */
const GAME_BUDGET_MS = 10_000;

export async function analysisFor(env: PlacementEnv & { RECORDS: R2Bucket }, table: TableRecord): Promise<{ ok: true; analysis: Analysis } | Failure> {
  const stored = await env.RECORDS.get(analysisKey(table.id));
  if (stored) return { ok: true, analysis: (await stored.json()) as Analysis };
  const r = await recordFor(env, table);
  if (!r.ok) return r;
  // A long game of people only gets less per decision, so that the whole stays within the budget.
  const people = r.record.actions.filter((a) => r.record.bots[a.seat] === null).length;
  const analysis = analyse(r.record, Math.min(ANALYSIS_BUDGET_MS, GAME_BUDGET_MS / Math.max(1, people)));
  await env.RECORDS.put(analysisKey(table.id), JSON.stringify(analysis), { httpMetadata: { contentType: "application/json" } });
  return { ok: true, analysis };
}
