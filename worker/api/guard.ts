// Request guards: rate limits (per client address and per seat token) and the bearer token.
import type { Context, MiddlewareHandler } from "hono";
import type { Env } from "../base/env";
import { raise } from "../base/failure";
import { hashToken } from "../base/secrets";
import { limitToken, tooMany } from "./rate-limit";

type Ctx = Context<{ Bindings: Env }>;

// Cloudflare always sets CF-Connecting-IP to the real client, never to a loopback address; locally
// (wrangler dev, tests, the benchmark) every client is this machine, so it is not limited by address.
const LOCAL = new Set(["127.0.0.1", "::1"]);

/** Per client address. */
export const limitByAddress: MiddlewareHandler<{ Bindings: Env }> = async (c, next) => {
  const address = c.req.header("CF-Connecting-IP");
  if (address && !LOCAL.has(address) && !(await c.env.RL_ADDRESS.limit({ key: address })).success) tooMany();
  await next();
};

/** The seat token from `Authorization: Bearer …` (or `?token=` for sockets), hashed and rate-limited. */
export async function tokenHash(c: Ctx, token: string | undefined): Promise<string> {
  if (!token) return raise(401, "UNAUTHORIZED", "A seat token is required (Authorization: Bearer <token>).");
  if (token.length > 200) return raise(401, "UNAUTHORIZED", "This token does not open a seat at this table.");
  const hash = await hashToken(token);
  await limitToken(c, hash);
  return hash;
}

export const bearer = (c: Ctx): string | undefined => {
  const m = /^Bearer\s+(\S+)\s*$/i.exec(c.req.header("Authorization") ?? "");
  return m?.[1];
};
