// The server's one clock. Every rule of time (decision clocks, reminders, quiet hours, vacations,
// round deadlines, escalation, digests, pruning) reads `timeNow()`. In production it is the real time.
// For the season soak (scripts/soak) game time can run faster: DEV_TIME_SCALE times faster from
// the instant DEV_TIME_ORIGIN (ms since 1970; game time = real time there), both development
// variables that the deploy never sets. What waits on the platform's timers (an alarm, a queue
// message's delay, Retry-After) is converted back to real time with `realAt` / `realSeconds`.
// Timestamps read by others in real time (signatures, VAPID tokens, mail headers, latencies,
// rate limits) stay on Date.now().
//
// Production ignores the variables: they are honoured only while no real link key (LINK_KEY or
// LINK_KEY_n, a secret every deployment has) is set, i.e. only in local development.

interface ClockEnv {
  DEV_TIME_SCALE?: string;
  DEV_TIME_ORIGIN?: string;
}

/** The largest compression accepted (a 48-hour clock in under 3 s of real time). */
export const MAX_TIME_SCALE = 100_000;

let scale = 1;
let origin = 0;

/** A real link key (worker/base/link-crypto.ts): the mark of a deployed Worker. */
const deployed = (env: object): boolean => Object.keys(env).some((k) => /^LINK_KEY(?:_\d+)?$/.test(k) && Boolean((env as Record<string, unknown>)[k]));

/** The compression `env` asks for and may have: [scale, origin], or null for real time. */
export function timeScaleOf(env: object): [number, number] | null {
  const e = env as ClockEnv;
  if (e.DEV_TIME_SCALE === undefined || deployed(env)) return null;
  const s = Number(e.DEV_TIME_SCALE);
  const o = Number(e.DEV_TIME_ORIGIN);
  if (!Number.isFinite(s) || s <= 1 || s > MAX_TIME_SCALE || !Number.isSafeInteger(o) || o <= 0) return null;
  return [s, o];
}

/**
 * Called at every entry (fetch, queue, cron, the table object): switches the clock to game time
 * when the environment asks for it and may. An environment without the variables leaves it as
 * it is (one isolate has one environment).
 */
export function useClock(env: object): void {
  const t = timeScaleOf(env);
  if (t) [scale, origin] = t;
}

/** Back to real time (tests that compressed time in their own isolate). */
export function realClock(): void {
  scale = 1;
  origin = 0;
}

/** The game time at the real instant `realMs` (a cron's scheduled time, say): itself unless compressed. */
export const gameAt = (realMs: number): number => (scale === 1 ? realMs : Math.floor(origin + (realMs - origin) * scale));

/** Now, in game time (ms since 1970): the real time unless compressed. */
export const timeNow = (): number => gameAt(Date.now());

/** The real instant at which game time reaches `gameAt` (for `setAlarm`). */
export const realAt = (gameAt: number): number => (scale === 1 ? gameAt : Math.ceil(origin + (gameAt - origin) / scale));

/** A game duration in whole real seconds (queue delays, Retry-After); never below `min`. */
export const realSeconds = (gameSeconds: number, min = 0): number => Math.max(min, Math.ceil(gameSeconds / scale));

/**
 * The game time that passes in `realMs` of real time: for waits that measure the work of the
 * machine, not a rule of the game (a claim or a lease a crashed consumer left behind).
 */
export const gameMs = (realMs: number): number => realMs * scale;
