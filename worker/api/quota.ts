// How much one address, and one player, may create per hour and per day: tables (which may buy
// bot CPU), players, leagues and feedback need no key, so the per-second limits alone would let one
// client fill D1. Counted in D1 (write_counts), since the Rate Limiting bindings know only periods
// of 10 or 60 seconds. A refusal is 429 with Retry-After set to the end of the window that refused.
import type { Env } from "../base/env";
import { tooMany } from "../base/failure";
import { hashToken } from "../base/secrets";
import { PLAYER_KEY } from "../players/keys";
import { playerByKeyHash } from "../players/store";
import { realSeconds, timeNow } from "../base/clock";

/** The player whose key the request carries (the client sends it when it has one), or null. */
export async function callerPlayer(c: Caller): Promise<string | null> {
  const m = /^Bearer\s+(pk_\S+)\s*$/i.exec(c.req.header("Authorization") ?? "");
  if (!m || !PLAYER_KEY.test(m[1])) return null;
  return (await playerByKeyHash(c.env.DB, await hashToken(m[1])))?.id ?? null;
}

/** What is read of a request: its headers and the bindings (any route's context fits). */
interface Caller {
  env: Env;
  req: { header(name: string): string | undefined };
}

export type Creation = "tables" | "players" | "leagues" | "feedback" | "signInMails";

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** Per address and per player: a busy club evening fits; a script does not. */
export const QUOTAS: Record<Creation, { hour: number; day: number }> = {
  tables: { hour: 60, day: 300 },
  players: { hour: 10, day: 30 },
  leagues: { hour: 10, day: 30 },
  feedback: { hour: 10, day: 40 },
  // Per player as well: nobody's mailbox fills with sign-in links someone else asked for.
  signInMails: { hour: 5, day: 20 },
};

// Cloudflare sets CF-Connecting-IP to the real client, never loopback; locally (wrangler dev,
// tests, the benchmark) every client is this machine, so it is not counted by address.
const LOCAL = new Set(["127.0.0.1", "::1"]);

/** Count one creation of `kind` for this caller; refuses (429) when a window is used up. */
export async function spend(c: Caller, kind: Creation, playerId: string | null = null, now = timeNow()): Promise<void> {
  const address = c.req.header("CF-Connecting-IP");
  const who: string[] = [];
  if (address && !LOCAL.has(address)) who.push(`a:${(await hashToken(`quota:${address}`)).slice(0, 32)}`);
  if (playerId) who.push(`p:${playerId}`);
  if (!who.length) return;
  const windows = [
    { ms: HOUR_MS, limit: QUOTAS[kind].hour },
    { ms: DAY_MS, limit: QUOTAS[kind].day },
  ];
  const counts = who.flatMap((w) => windows.map((win) => ({ key: `${kind}:${w}:${win.ms}`, start: now - (now % win.ms), ...win })));
  const results = await c.env.DB.batch(
    counts.map((x) =>
      c.env.DB.prepare("INSERT INTO write_counts (key, window, n) VALUES (?, ?, 1) ON CONFLICT (key, window) DO UPDATE SET n = n + 1 RETURNING n").bind(x.key, x.start),
    ),
  );
  let wait = 0;
  results.forEach((r, i) => {
    const n = (r.results[0] as { n: number } | undefined)?.n ?? 0;
    if (n > counts[i].limit) wait = Math.max(wait, counts[i].start + counts[i].ms - now);
  });
  if (wait > 0) tooMany(realSeconds(wait / 1000, 1), `Too many ${kind} created from here; try again later.`);
}

/** Delete counters of windows that ended before `cutoff` (the daily cron). */
export async function pruneCounts(d1: D1Database, cutoff: number): Promise<number> {
  const r = await d1.prepare("DELETE FROM write_counts WHERE window < ?").bind(cutoff - DAY_MS).run();
  return r.meta.changes ?? 0;
}
