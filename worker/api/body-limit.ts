// The body limit (hono's bodyLimit), with one change for chunked bodies: past the limit the rest
// of the body is read and dropped (up to DRAIN_BYTES) before the 413 goes out. Left unread, the
// local runtime (wrangler dev) answered and then left the keep-alive connection hanging: the next
// request on it got no answer (README "What leaves the server", N5).
import type { Context, MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";

/** More than this past the limit: stop reading and answer anyway (the connection may then be lost). */
const DRAIN_BYTES = 1 << 20;

export function limitBody(maxSize: number, refuse: (c: Context) => never): MiddlewareHandler {
  const plain = bodyLimit({ maxSize, onError: refuse });
  return async (c, next) => {
    const body = c.req.raw.body;
    if (!body || !c.req.raw.headers.has("transfer-encoding")) return plain(c, next);
    const reader = body.getReader();
    const parts: Uint8Array[] = [];
    let size = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.length;
      if (size > maxSize) {
        for (let drained = 0; drained < DRAIN_BYTES; ) {
          const r = await reader.read();
          if (r.done) break;
          drained += r.value.length;
        }
        return refuse(c);
      }
      parts.push(value);
    }
    const whole = new Uint8Array(size);
    let at = 0;
    for (const p of parts) {
      whole.set(p, at);
      at += p.length;
    }
    c.req.raw = new Request(c.req.raw, { body: whole });
    return next();
  };
}
