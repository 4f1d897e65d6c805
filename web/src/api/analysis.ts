// The analysis of a finished game (GET /api/tables/:id/analysis): where a player's choice was
// clearly worse than the strong bot's, with the bot's expected points for both.
import type { Action } from "../../../worker/engine/types";
import { request } from "./request";

export interface AnalysisMark {
  /** Index into the record's actions. */
  index: number;
  seat: number;
  action: Action;
  better: Action;
  /** Expected points of the hand for the seat (counting down: lower is better), as the bot sees them. */
  chosenPoints: number;
  betterPoints: number;
}

export interface Analysis {
  decisions: number;
  marks: AnalysisMark[];
}

export async function readAnalysis(id: string, token: string): Promise<Analysis> {
  return (await request<Analysis>(`/api/tables/${encodeURIComponent(id)}/analysis`, {}, token)).body!;
}
