// The body limit for chunked bodies (no Content-Length): past the limit a 413 with its code, after
// the rest was read (worker/api/body-limit.ts); within it, the body reaches the route whole.
import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { MAX_BODY_BYTES } from "../../worker/base/input";
import { BASE } from "./helpers";

/** A body streamed in 1 KB pieces: sent chunked, with no Content-Length. */
function streamed(text: string): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  let at = 0;
  return new ReadableStream({
    pull(controller) {
      if (at >= bytes.length) return controller.close();
      controller.enqueue(bytes.slice(at, at + 1024));
      at += 1024;
    },
  });
}

const send = (text: string) => SELF.fetch(`${BASE}/api/feedback`, { method: "POST", headers: { "Content-Type": "application/json", "Transfer-Encoding": "chunked" }, body: streamed(text) });

describe("a chunked body", () => {
  it("past the limit is refused with 413 PAYLOAD_TOO_LARGE; within it, it is read whole", async () => {
    const big = await send(JSON.stringify({ kind: "rule", text: "x".repeat(MAX_BODY_BYTES + 5000) }));
    expect(big.status).toBe(413);
    expect((await big.json<{ error: { code: string } }>()).error.code).toBe("PAYLOAD_TOO_LARGE");
    const small = await send(JSON.stringify({ kind: "rule", text: "chunked, " + "y".repeat(3000) }));
    expect(small.status, await small.clone().text()).toBe(201);
  });
});
