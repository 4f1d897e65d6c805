// The analysis of a finished game (GET /api/tables/:id/analysis): where a player's choice was
// clearly worse than the strong bot's, with the bot's expected points for both.
import type { Analysis } from "../../../worker/bots";
import { request } from "./request";

export type { Analysis } from "../../../worker/bots";

export async function readAnalysis(id: string, token: string): Promise<Analysis> {
  return (await request<Analysis>(`/api/tables/${encodeURIComponent(id)}/analysis`, {}, token)).body!;
}
