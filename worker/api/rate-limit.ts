// The per-token rate limit at the API's door: every route that hashes a caller's token (a seat
// token, a player's key, a league's key, an invite) counts it here, through base/token-limit.ts
// as the table's socket messages do, and every refusal by a Rate Limiting binding says the same:
// 429 RATE_LIMITED with Retry-After of the binding's window.
import type { Context } from "hono";
import type { Env } from "../base/env";
import { tooMany as refuse } from "../base/failure";
import { withinTokenLimit } from "../base/token-limit";

/**
 * The Rate Limiting bindings count in fixed windows of their period (wrangler.toml: 10 s) and do
 * not say where the window stands, so the period is the honest upper bound to wait.
 */
export const RL_PERIOD_SECONDS = 10;
export const tooMany = () => refuse(RL_PERIOD_SECONDS);

/** Count one request of the token whose hash is `hash`; 429 past the limit. */
export async function limitToken(c: Context<{ Bindings: Env }>, hash: string): Promise<void> {
  if (!(await withinTokenLimit(c.env, hash))) tooMany();
}
