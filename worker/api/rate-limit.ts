// The per-token rate limit, written once: every route that hashes a caller's token (a seat token,
// a player's, a league's key, an invite) counts it here, and a refusal says the same everywhere:
// 429 RATE_LIMITED with Retry-After of the binding's window (guard.ts).
import type { Context } from "hono";
import type { Env } from "../base/env";
import { tooMany } from "./guard";

export async function limitToken(c: Context<{ Bindings: Env }>, hash: string): Promise<void> {
  if (!(await c.env.RL_TOKEN.limit({ key: hash })).success) tooMany();
}
