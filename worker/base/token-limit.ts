// The per-token rate limit, counted in one place for both doors a token comes through: the API's
// routes (worker/api/rate-limit.ts answers 429) and the table object's socket messages (which
// answer RATE_LIMITED on the socket). One binding, one key: the token's hash.
import type { Env } from "./env";

/** Count one use of the token whose hash is `hash`; false once it is past the limit. */
export const withinTokenLimit = async (env: Pick<Env, "RL_TOKEN">, hash: string): Promise<boolean> => (await env.RL_TOKEN.limit({ key: hash })).success;
