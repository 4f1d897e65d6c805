// bench/gc-attribution.mjs: V8's collections laid beside bench:cpu's set-ups and runs.
import { describe, expect, it } from "vitest";
import { attribute, collections } from "../../bench/gc-attribution";

// V8 stamps lines with ms since the isolate began; here it began at wall-clock 10,000.
const line = (t: number, g: object) => `[77:0x5a5a5a:0] ${String(t).padStart(8)} ms: GC: ${JSON.stringify(g)}`;
const window = (t: string, entry: string, start: number, end: number) => JSON.stringify({ t, entry, start: 10_000 + start, end: 10_000 + end });

describe("gc-attribution", () => {
  it("reads V8's lines and skips one cut by other output", () => {
    const log = [line(5, { gc: "s", pause: 0.5, promoted: 100 }), "[77:0x5a5a5a:0]   9 ms: GC: {\"gc\":\"s\",\"pau", "workerd says hello", line(12, { gc: "mc", pause: 3 })].join("\n");
    expect(collections(log).map((g) => [g.gc, g.t])).toEqual([
      ["s", 5],
      ["mc", 12],
    ]);
  });

  it("ties the clocks by the forced collections and places every collection in its window", () => {
    const times = [
      window("prep", "A", 100, 200),
      window("run", "A", 200, 210),
      window("prep", "B", 300, 400),
      window("run", "B", 400, 420),
      window("prep", "__gc", 500, 501),
      window("run", "__gc", 501, 509),
      window("prep", "__gc", 510, 511),
      window("run", "__gc", 511, 519),
    ].join("\n");
    const log = [
      line(50, { gc: "s", promoted: 1_000_000 }), // seeding
      line(150, { gc: "s", promoted: 2_000_000 }), // A's set-up
      line(205, { gc: "s", promoted: 500_000 }), // A's run
      line(250, { gc: "mc", reason: "allocation failure", pause: 9, end_object_size: 8_000_000 }), // after A's run
      line(410, { gc: "mc", reason: "allocation failure", pause: 7, end_object_size: 9_000_000 }), // B's run
      line(508, { gc: "mc", reason: "testing", pause: 6 }),
      line(518, { gc: "mc", reason: "testing", pause: 6 }),
    ].join("\n");
    const a = attribute(log, times);
    expect(a.tiedWithinMs).toBe(0);
    expect(Object.fromEntries(a.byPhase)).toEqual({ "before the line (seeding)": 1_000_000, prep: 2_000_000, run: 500_000 });
    expect(a.promoted.get("prep: A")).toBe(2_000_000);
    expect(a.full).toEqual([
      { at: "between: A", pauseMs: 9, liveAfter: 8_000_000 },
      { at: "run: B", pauseMs: 7, liveAfter: 9_000_000 },
    ]);
  });

  it("refuses to guess when no forced collection ties the clocks", () => {
    expect(() => attribute(line(5, { gc: "s" }), window("run", "A", 0, 10))).toThrow(/cannot tie the clocks/);
  });
});
