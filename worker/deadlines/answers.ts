// When to play a forced move so that its timing tells the table nothing. Every seat sees when
// the others move: a forced move played 1.5 s after the turn starts says "no choice" (no card of
// the led suit, the last card). So the server plays it after a delay drawn like that player's
// own real answers at this table: from the answers they gave while they had the table open
// (`live`) if they have it open now, else from the answers they gave while away. Away with no
// answers to go by, it waits until the player looks (opens the table), as a real decision would,
// and then draws a live delay. Pure: the caller passes uniform random numbers.

/** A person's real (not forced) answer times at one table, in ms from the turn's start. */
export interface AnswerTimes {
  live: number[];
  away: number[];
}

export const NO_ANSWERS: AnswerTimes = { live: [], away: [] };

/** The newest answers kept per kind: enough to draw from, few enough to follow a change of pace. */
export const ANSWERS_KEPT = 24;
/** Fewer answers than this and the seat's own pace is not trusted yet. */
export const MIN_ANSWERS = 3;

/**
 * Live think times to draw from before a player has given a few answers of their own (ms): a
 * spread like people's at a table they are looking at, from a quick "no Mulatschak" to a pondered
 * card.
 */
export const LIVE_PRIOR_MS = [1800, 2400, 3000, 3600, 4300, 5200, 6300, 7800, 9800, 12500, 16000, 22000];

/** Remember one real answer (`looking`: the player had the table open when the turn began). */
export function keepAnswer(times: AnswerTimes, looking: boolean, ms: number): AnswerTimes {
  const kind = looking ? "live" : "away";
  return { ...times, [kind]: [...times[kind], Math.max(0, Math.round(ms))].slice(-ANSWERS_KEPT) };
}

/** One of the answers, stretched a little so that the same value does not repeat exactly. */
const drawFrom = (pool: number[], u: number, v: number): number => Math.round(pool[Math.min(pool.length - 1, Math.floor(u * pool.length))] * (0.85 + 0.3 * v));

/**
 * The delay (ms from the turn's start, or from the moment the player looked) after which the
 * forced move is played; null: wait until the player looks. `u`, `v`: uniform in [0, 1).
 */
export function forcedMoveDelay(times: AnswerTimes, looking: boolean, u: number, v: number): number | null {
  const own = looking ? times.live : times.away;
  if (own.length >= MIN_ANSWERS) return Math.round(drawFrom(own, u, v) * paceScale());
  return looking ? Math.round(drawFrom(LIVE_PRIOR_MS, u, v) * paceScale()) : null;
}

/**
 * 1, except where the browser tests' server sets the variable FORCED_MOVE_SCALE (a fraction, so
 * that their forced moves come quickly; test/e2e/global.ts). Nothing else sets it: not
 * wrangler.toml, not a deployment, not the worker tests, which check the real pacing.
 */
function paceScale(): number {
  const set = Number((globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env?.FORCED_MOVE_SCALE);
  return set > 0 && set <= 1 ? set : 1;
}
