// The analysis of a finished game (GET /api/tables/:id/analysis): where a player's choice was
// clearly worse than the strong bot's, with the bot's expected points for both. The table works it
// out in slices after the game (worker/table/analysis.ts); until then it answers 202 Accepted
// `{ pending: true }`, and the replay asks again a little later.
import type { Analysis } from "../../../worker/bots";
import { request } from "./request";

export type { Analysis } from "../../../worker/bots";

/** How often and how long to ask again while the analysis is being worked out (a game takes about a minute). */
const RETRY_MS = 3000;
const TRIES = 100;

export async function readAnalysis(id: string, token: string): Promise<Analysis> {
  for (let tries = 1; ; tries++) {
    const r = await request<Analysis | { pending: true }>(`/api/tables/${encodeURIComponent(id)}/analysis`, {}, token);
    if (r.status !== 202) return r.body as Analysis;
    if (tries >= TRIES) throw new Error("the analysis is still being worked out");
    await new Promise((res) => setTimeout(res, RETRY_MS));
  }
}
