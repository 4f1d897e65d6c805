// Where links point: the configured PUBLIC_ORIGIN, so that a request's Host header (which a client
// sets as it likes off Cloudflare's edge) never decides where a seat, host or sign-in link leads.
// Unset (local runs), the request's own origin.
import type { Env } from "../base/env";

export const publicOrigin = (c: { env: Env; req: { url: string } }): string => c.env.PUBLIC_ORIGIN || new URL(c.req.url).origin;
