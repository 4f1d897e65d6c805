// The analysis of a finished game (GET /api/tables/:id/analysis): where a player's choice was
// clearly worse than the strong bot's, with the bot's expected points for both. The table works it
// out in slices after the game (worker/table/analysis.ts); until then it answers ANALYSIS_PENDING,
// and the replay asks again a little later.
import type { Analysis } from "../../../worker/bots";
import { ApiError, request } from "./request";

export type { Analysis } from "../../../worker/bots";

/** How often and how long to ask again while the analysis is being worked out (a game takes about a minute). */
const RETRY_MS = 3000;
const TRIES = 100;

export async function readAnalysis(id: string, token: string): Promise<Analysis> {
  for (let tries = 1; ; tries++) {
    try {
      return (await request<Analysis>(`/api/tables/${encodeURIComponent(id)}/analysis`, {}, token)).body!;
    } catch (e) {
      if (!(e instanceof ApiError && e.code === "ANALYSIS_PENDING") || tries >= TRIES) throw e;
      await new Promise((r) => setTimeout(r, RETRY_MS));
    }
  }
}
