// Writes only from this site: a cross-site page must not be able to make a visitor's browser
// create tables, players, leagues or feedback. Browsers send `Origin` with every cross-origin
// write (and with same-origin POSTs); a form or a no-cors fetch cannot send `application/json`.
// So a write must carry a JSON body (or none at all) and, if it names an origin, ours.
import type { MiddlewareHandler } from "hono";
import type { Env } from "../base/env";
import { raise } from "../base/failure";

const WRITES = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * The origins allowed to write: the request's own origin, and ALLOWED_ORIGINS (comma-separated,
 * e.g. "https://muli.example") for a site served from another name than the API's.
 */
function allowed(requestUrl: string, env: Env): Set<string> {
  const set = new Set([new URL(requestUrl).origin]);
  for (const o of (env.ALLOWED_ORIGINS ?? "").split(",")) if (o.trim()) set.add(o.trim().replace(/\/$/, ""));
  return set;
}

export const originGuard: MiddlewareHandler<{ Bindings: Env }> = async (c, next) => {
  if (!WRITES.has(c.req.method)) return next();
  const origin = c.req.header("Origin");
  // "null" is what sandboxed frames and some redirects send: never ours.
  if (origin !== undefined && !allowed(c.req.url, c.env).has(origin)) {
    raise(403, "FORBIDDEN_ORIGIN", "Writes are accepted from this site only.");
  }
  const type = (c.req.header("Content-Type") ?? "").split(";")[0].trim().toLowerCase();
  const length = c.req.header("Content-Length");
  const hasBody = type !== "" || (length !== undefined && length !== "0") || c.req.header("Transfer-Encoding") !== undefined;
  if (hasBody && type !== "application/json") raise(415, "UNSUPPORTED_MEDIA_TYPE", "Request bodies must be sent as application/json.");
  await next();
};
