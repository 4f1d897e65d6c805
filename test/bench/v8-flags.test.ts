// bench/v8-flags.mjs: the flags a bench gives workerd reach workerd's config.
import { spawnSync } from "node:child_process";
import { serializeConfig } from "miniflare";
import { describe, expect, it } from "vitest";
import { rootTextList, withV8Flags } from "../../bench/v8-flags.mjs";
import { workerdBinary } from "../../bench/workerd";

const config = (extra = {}) =>
  serializeConfig({
    services: [{ name: "main", worker: { compatibilityDate: "2026-04-20", modules: [{ name: "main.js", esModule: "export default { fetch: () => new Response('ok') }" }] } }],
    sockets: [{ name: "http", address: "127.0.0.1:0", service: { name: "main" } }],
    ...extra,
  });

describe("withV8Flags", () => {
  it("reads the flags miniflare's own encoder writes (the reader the other tests use)", () => {
    expect(rootTextList(config({ v8Flags: ["--a", "--bcdefghij"] }), 2)).toEqual(["--a", "--bcdefghij"]);
    expect(rootTextList(config(), 2)).toEqual([]);
  });

  it("adds the flags and keeps every byte of the message it was given", () => {
    const before = config();
    const after = withV8Flags(before, ["--max-heap-size=128", "--trace-gc", "--x-12345678"]);
    expect(rootTextList(after, 2)).toEqual(["--max-heap-size=128", "--trace-gc", "--x-12345678"]);
    // The first segment is the original one but for the v8Flags slot.
    const segment = (m: Uint8Array) => {
      const v = new DataView(m.buffer, m.byteOffset);
      const n = v.getUint32(0, true) + 1;
      const at = Math.ceil((4 + 4 * n) / 8) * 8;
      return m.subarray(at, at + v.getUint32(4, true) * 8);
    };
    const differing = [...segment(after)].flatMap((b, i) => (b === segment(before)[i] ? [] : [i >> 3]));
    expect(new Set(differing).size).toBe(1);
    expect(withV8Flags(before, [])).toEqual(new Uint8Array(before));
  });

  it("refuses a config that has v8Flags already", () => {
    expect(() => withV8Flags(config({ v8Flags: ["--a"] }), ["--b"])).toThrow(/already/);
  });

  it("is read by workerd itself: a flag V8 does not know stops it, naming the flag", () => {
    const run = spawnSync(workerdBinary, ["serve", "--binary", "-"], { input: withV8Flags(config(), ["--no-such-flag-for-the-test"]), encoding: "utf8", timeout: 30_000 });
    expect(run.status).not.toBe(0);
    expect(run.stderr).toMatch(/unrecognized V8 flag.*--no-such-flag-for-the-test/);
  });
});
