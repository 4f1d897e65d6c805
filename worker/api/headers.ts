// Security headers on every answer: the API's JSON and CSV (nothing in them is a page, so their
// policy allows nothing at all) and the client's pages (served by the assets layer with the same
// lines from web/public/_headers; test/api/headers.test.ts keeps the two in step).
import type { MiddlewareHandler } from "hono";

/** Shared by pages and API answers. */
const COMMON: Record<string, string> = {
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "no-referrer",
  "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=(), bluetooth=(), browsing-topics=()",
  "Cross-Origin-Opener-Policy": "same-origin",
  "X-Frame-Options": "DENY",
  // Browsers take it only over https (so local http is unaffected); a year, this name only (a
  // club's other subdomains are not Muli's to decide).
  "Strict-Transport-Security": "max-age=31536000",
};

/**
 * The client's pages: scripts only from this origin (Vite emits no inline script), styles from
 * here plus inline style attributes (Solid writes static `style` into its templates), the icon as a
 * data: URL, the API and its WebSocket on this origin, never inside a frame.
 */
export const PAGE_HEADERS: Record<string, string> = {
  "Content-Security-Policy":
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; " +
    "manifest-src 'self'; worker-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
  ...COMMON,
};

export const API_HEADERS: Record<string, string> = {
  "Content-Security-Policy": "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
  ...COMMON,
};

export const securityHeaders: MiddlewareHandler = async (c, next) => {
  await next();
  if (c.res.status === 101) return; // a WebSocket upgrade: no document, and its headers are fixed
  const set = c.req.path.startsWith("/api/") ? API_HEADERS : PAGE_HEADERS;
  let res = c.res;
  try {
    for (const [k, v] of Object.entries(set)) res.headers.set(k, v);
  } catch {
    // Immutable headers (a response fetched from a binding): copy it once, then set.
    res = new Response(res.body, res);
    for (const [k, v] of Object.entries(set)) res.headers.set(k, v);
    c.res = res;
  }
};
