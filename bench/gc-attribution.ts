// Which of bench:cpu's set-ups and runs the measured isolate's collections landed in, from V8's
// --trace-gc-nvp lines and bench/cpu.ts's BENCH_TIMES file:
//   BENCH_TIMES=times.jsonl BENCH_V8_FLAGS=--trace-gc-nvp BENCH_WORKERD_LOG=gc.log npm run bench:cpu
//   npm run bench:gc-attribution -- gc.log times.jsonl
// V8 stamps each line with the ms since its isolate began; the full collections bench/cpu.ts
// forces at the end (reason "testing", one per run of its __gc entry) tie that clock to the wall
// clock. Prints the MB promoted by scavenges per phase and entry, and where each other full
// collection landed.
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

/** One collection as --trace-gc-nvp prints it (the fields used here). */
export interface Collection {
  gc: string;
  t: number;
  pause?: number;
  reason?: string;
  promoted?: number;
  end_object_size?: number;
}
interface Window {
  t: "prep" | "run" | "stats";
  entry: string;
  start: number;
  end: number;
}

/** The collections in V8's --trace-gc-nvp output, each with `t`, its ms since the isolate began. */
export function collections(log: string): Collection[] {
  const out: Collection[] = [];
  for (const line of log.split("\n")) {
    const m = /^\[\d+:0x[0-9a-f]+:\d+\]\s+(\d+) ms: GC: (\{.*)$/.exec(line);
    if (!m) continue;
    try {
      out.push({ ...JSON.parse(m[2]), t: Number(m[1]) });
    } catch {
      // a line cut by another process's output
    }
  }
  return out;
}

/**
 * Each collection's place: "prep: <entry>", "run: <entry>", "between: <entry>" (after that entry's
 * window) or "before the line (seeding)"; the bytes scavenges promoted per place and per phase;
 * the full collections not forced; how closely the clocks were tied (ms).
 */
export function attribute(log: string, times: string) {
  const gcs = collections(log);
  const windows = times.split("\n").filter(Boolean).map((l) => JSON.parse(l) as Window);
  const forcedRuns = windows.filter((w) => w.entry === "__gc" && w.t === "run");
  const forced = gcs.filter((g) => g.gc === "mc" && g.reason === "testing");
  if (!forced.length || forced.length > forcedRuns.length) throw new Error(`cannot tie the clocks: ${forced.length} forced collections, ${forcedRuns.length} runs of __gc`);
  // In the order of the runs of __gc (the last lines may not reach the log before workerd stops).
  const offsets = forced.map((g, i) => forcedRuns[i].end - g.t).sort((a, b) => a - b);
  const offset = offsets[Math.floor(offsets.length / 2)];
  const where = (t: number) => {
    if (!windows.length || t < windows[0].start) return "before the line (seeding)";
    let lo = 0;
    let hi = windows.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (windows[mid].start <= t) lo = mid;
      else hi = mid - 1;
    }
    const w = windows[lo];
    return `${t <= w.end + 1 ? w.t : "between"}: ${w.entry}`;
  };
  const promoted = new Map<string, number>();
  const byPhase = new Map<string, number>();
  const full: { at: string; pauseMs: number | undefined; liveAfter: number | undefined }[] = [];
  for (const g of gcs) {
    const at = where(g.t + offset);
    if (g.gc === "s") {
      promoted.set(at, (promoted.get(at) ?? 0) + (g.promoted ?? 0));
      const phase = at.split(":")[0];
      byPhase.set(phase, (byPhase.get(phase) ?? 0) + (g.promoted ?? 0));
    } else if (g.gc === "mc" && g.reason !== "testing") full.push({ at, pauseMs: g.pause, liveAfter: g.end_object_size });
  }
  return { tiedWithinMs: offsets[offsets.length - 1] - offsets[0], count: gcs.length, promoted, byPhase, full };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const [log, times] = process.argv.slice(2);
  if (!log || !times) throw new Error("usage: npm run bench:gc-attribution -- <workerd log> <BENCH_TIMES file>");
  const a = attribute(readFileSync(log, "utf8"), readFileSync(times, "utf8"));
  const mb = (x = 0) => (x / 1e6).toFixed(1);
  console.log(`clocks tied within ${a.tiedWithinMs.toFixed(1)} ms; ${a.count} collections`);
  console.log(`MB promoted by phase: ${[...a.byPhase].map(([k, v]) => `${k} ${mb(v)}`).join(", ")}`);
  for (const [at, bytes] of [...a.promoted].sort((x, y) => y[1] - x[1]).slice(0, 15)) console.log(`${mb(bytes).padStart(6)} MB  ${at}`);
  console.log(`full collections not forced (${a.full.length}):`);
  for (const f of a.full) console.log(`  ${f.at}: pause ${f.pauseMs} ms, ${mb(f.liveAfter)} MB live after`);
}
