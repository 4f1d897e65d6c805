// `npm run bench:cpu`: the CPU Muli's own code spends per invocation of each entry point of the
// Worker, inside workerd: every HTTP route, a socket message of each kind, each kind of the table
// object's alarm, a queue batch of each message kind, the cron (bench/cpu-drive.ts,
// bench/cpu-league.ts), on a league of 40 members with two seasons played, a player with 200
// finished games and tables at every phase (bench/cpu-seed.ts).
// The platform's part is left out: the bench Worker (bench/cpu-worker.ts) runs Muli's code on
// edges of its own (bench/cpu-edges.ts): D1 is a real local D1 in another workerd process
// (bench/cpu-d1.ts), reached through this process by a message on the line (a WebSocket between
// this process and the bench Worker), so the D1 engine's CPU is not on the measured thread, and
// what each such call costs the measured thread (the messages, less the rows it brings) is taken
// off: the median of an empty call, times the calls made. R2, the table objects' storage, sockets,
// queue and rate limits answer from memory. Each invocation runs alone, after a message that set
// it up; its CPU is read from outside, from the scheduler's ns counter of the workerd thread that
// runs the Worker's code (/proc/<pid>/task/<tid>/schedstat; bench/workerd.ts), less the median of
// 200 empty runs. The spread of the empty run, the D1 call and the reading is printed: the
// harness's own noise. Prints a table per entry point (count, p50, p99, max in
// ms), then a last line of JSON: {"maxMs", "entries": {"<entry>": {"count", "p50Ms", "p99Ms", "maxMs"}}}.
// Knobs: BENCH_SAMPLES=1 (each invocation's figure, in order, on stderr), BENCH_COUNT (invocations per entry point, default 30; entries that add a round or a
// season to the league run fewer), BENCH_SMALL=1 (a small league and player, to try the bench out), BENCH_ONLY (entries whose name contains it), BENCH_PORT (8791; the
// database takes the next port), BENCH_HEAP_MB, BENCH_V8_FLAGS, BENCH_WORKERD_LOG, BENCH_FULL_GC and BENCH_TIMES (below).
import { randomBytes } from "node:crypto";
import { loadavg } from "node:os";
import { createServer } from "node:http";
import { createWriteStream } from "node:fs";
import { migrate, quantile, serve, workerThreadNs } from "./workerd";

const COUNT = Number(process.env.BENCH_COUNT ?? 30);
const ONLY = process.env.BENCH_ONLY ?? "";
const MATCH = new RegExp(process.env.CPU_ONLY ?? "");
const PORT = Number(process.env.BENCH_PORT || 8791);

const d1 = await serve("bench-cpu-d1", "bench/cpu-d1.ts", PORT + 1, `[[d1_databases]]\nbinding = "DB"\ndatabase_name = "muli-bench"\ndatabase_id = "00000000-0000-0000-0000-000000000000"\nmigrations_dir = "../../migrations"\n`, migrate);
// A D1 answer too large for one message on the line (workerd takes up to 1 MiB), fetched from here.
const big = new Map<string, string>();
const bigServer = createServer((req, res) => {
  const id = new URL(req.url!, "http://bench").searchParams.get("id") ?? "";
  res.end(big.get(id));
  big.delete(id);
});
await new Promise<void>((ok) => bigServer.listen(PORT + 2, "127.0.0.1", ok));
/**
 * The measured isolate's heap as the platform sizes it: a Worker's or Durable Object's isolate on
 * Cloudflare may use 128 MB, and V8 sizes its young generation from that limit (a 1 MB
 * semi-space instead of the 16 MB workerd's unlimited local isolates grow to), so its scavenges
 * are small and frequent. Local workerd sets no limit (its isolates are limited by nothing), which
 * made each young-generation collection here copy and sweep 16-32 MB of young space in whichever
 * invocation it landed. BENCH_HEAP_MB=0: workerd's own sizing, to compare. BENCH_V8_FLAGS: more flags.
 */
const HEAP_MB = Number(process.env.BENCH_HEAP_MB ?? 128);
/**
 * --expose-gc: a full collection of the measured isolate is timed apart (V8's gc(), at the end)
 * and printed under the table: what the one invocation in which the old generation fills pays on
 * top of its own work. BENCH_FULL_GC=0: not measured. (Forcing one at the start of every set-up,
 * so that none lands in a measured invocation, was tried and not kept: it raised the sum of the
 * entries' medians by 45%, so it measured something other than what the platform would.)
 */
const FULL_GC = process.env.BENCH_FULL_GC !== "0";
const V8_FLAGS = [...(HEAP_MB ? [`--max-heap-size=${HEAP_MB}`] : []), ...(FULL_GC ? ["--expose-gc"] : []), ...(process.env.BENCH_V8_FLAGS ?? "").split(" ").filter(Boolean)];
const dev = await serve("bench-cpu", "bench/cpu-worker.ts", PORT, `[vars]\nD1_HOST = "${d1.base}/q"\nBIG_HOST = "http://127.0.0.1:${PORT + 2}/"\nLINK_KEY_DEV = "${randomBytes(32).toString("base64url")}"\nROOMS_KEPT = "${process.env.BENCH_ROOMS_KEPT ?? ""}"\n`, undefined, V8_FLAGS);
const { get } = dev;
const workerNs = await workerThreadNs(dev.group, () => get("/spin"));
interface Used {
  d1: number;
  rowsRead: number;
  rowsWritten: number;
  queued: number;
  tableCalls: { ns: number; d1: number }[];
}
type Quotas = Omit<Used, "tableCalls">;

/**
 * The line (bench/cpu-worker.ts's /line), opened after the seeding: our questions (prep, run,
 * stats) and the bench Worker's (a D1 call, sent on to the database; a reading of its thread's CPU).
 */
let line: WebSocket;
const waiting = new Map<number, { ok: (x: unknown) => void; fail: (e: Error) => void }>();
let told = 0;
async function openLine() {
  line = new WebSocket(`ws://127.0.0.1:${PORT}/line`);
  await new Promise((ok, fail) => {
    line.onopen = ok;
    line.onerror = () => fail(new Error("the bench Worker's line did not open"));
  });
  line.onmessage = async (e) => {
    const m = JSON.parse(String(e.data)) as { t: string; id: number; calls?: unknown; batch?: boolean; result?: unknown; error?: string };
    if (m.t === "mark") return line.send(`{"t":"ns","id":${m.id},"ns":${workerNs()}}`);
    if (m.t === "d1") {
      const body = await (await fetch(`${d1.base}/q`, { method: "POST", body: JSON.stringify({ calls: m.calls, batch: m.batch }) })).text();
      if (body.length < 512 * 1024) return line.send(`{"t":"d1","id":${m.id},"body":${body}}`);
      big.set(String(m.id), body);
      return line.send(`{"t":"d1","id":${m.id},"big":true}`);
    }
    const w = waiting.get(m.id);
    waiting.delete(m.id);
    if (m.t === "done") w?.ok(m.result);
    else w?.fail(new Error(m.error));
  };
  // A closed line fails what waits on it (the entries say FAILED) rather than leaving the run hanging.
  line.onclose = () => {
    for (const w of waiting.values()) w.fail(new Error("the bench Worker's line closed"));
    waiting.clear();
  };
}
/** BENCH_TIMES=<file>: each set-up's and run's wall-clock start and end (ms), a JSON line each, to lay beside V8's --trace-gc output. */
const TIMES = process.env.BENCH_TIMES ? createWriteStream(process.env.BENCH_TIMES) : null;
let prepped = "";
const wallMs = () => performance.timeOrigin + performance.now();
function tell<T>(t: "prep" | "run" | "stats", entry?: string): Promise<T> {
  if (t === "prep") prepped = entry!;
  const start = wallMs();
  const answer = asked<T>(t, entry);
  return TIMES ? answer.then((x) => (TIMES.write(`${JSON.stringify({ t, entry: prepped, start, end: wallMs() })}\n`), x)) : answer;
}
function asked<T>(t: "prep" | "run" | "stats", entry?: string): Promise<T> {
  const id = ++told;
  line.send(JSON.stringify({ t, id, entry }));
  // An answer that never comes (one run of Dec 5 waited for ever on a set-up) fails its entry after two minutes.
  return new Promise((ok, fail) => {
    const timer = setTimeout(() => waiting.delete(id) && fail(new Error(`no answer to ${t} in 120 s`)), 120_000);
    const done = (f: () => void) => (clearTimeout(timer), f());
    waiting.set(id, { ok: (x) => done(() => ok(x as T)), fail: (e) => done(() => fail(e)) });
  });
}
/** CPU ms of the Worker's thread in one run, the D1 calls it made (and what else it used). */
const runMs = async () => {
  const c0 = workerNs();
  const used = await tell<Used>("run");
  return { ms: (workerNs() - c0) / 1e6, calls: used.d1, used };
};

// The data: seeded in steps, each a request of its own.
const t0 = Date.now();
const loadAtStart = loadavg()[0].toFixed(1);
for (let step = 0; ; step++) {
  const said = await get(`/seed?step=${step}${process.env.BENCH_SMALL ? "&small" : ""}`);
  if (said === "done") break;
  if (step % 20 === 0) console.error(`seeding: ${said} (${Math.round((Date.now() - t0) / 1000)} s)`);
}
console.error(`seeded in ${Math.round((Date.now() - t0) / 1000)} s`);
const all = JSON.parse(await get("/entries")) as { name: string; count?: number }[];
await openLine();

// A run alone, without an invocation (warmed first); then a D1 call that brings nothing, and a
// reading of the thread's CPU. Their spread is the harness's own noise, printed with the figures.
const r = (x: number) => Math.round(x * 100) / 100;
const spread = (xs: number[]) => `p50 ${quantile(xs, 0.5).toFixed(2)}, p99 ${quantile(xs, 0.99).toFixed(2)}, max ${Math.max(...xs).toFixed(2)} ms`;
for (let i = 0; i < 50; i++) await runMs();
const empty: number[] = [];
for (let i = 0; i < 200; i++) empty.push((await runMs()).ms);
const floor = quantile(empty, 0.5);
const harness = [`a run without an invocation ${spread(empty)}`];
/** A bench entry's CPU above the empty run's, `runs` times after `warm` to warm. */
async function overEmpty(entry: string, runs: number, warm: number): Promise<number[]> {
  const xs: number[] = [];
  for (let i = 0; i < warm + runs; i++) {
    await tell("prep", entry);
    const { ms } = await runMs();
    if (i >= warm) xs.push(ms - floor);
  }
  return xs;
}
/** The median CPU of a bench entry above the empty run's, over 200 runs after 50 to warm. */
async function overFloor(entry: string, what: string): Promise<number> {
  const xs = await overEmpty(entry, 200, 50);
  harness.push(`${what} ${spread(xs)}`);
  return Math.max(0, quantile(xs, 0.5));
}
const perCall = await overFloor("__d1", "a D1 call");
// What one reading of the thread's CPU around a table object's call costs the thread (a message on the line).
const perMark = await overFloor("__mark", "a reading");
/**
 * A full collection of the measured isolate, timed as an invocation 50 times (after 10), after the
 * entries (so as not to change what they find): what the platform charges to the one invocation in
 * which the old generation fills. Here it marks the harness's stand-ins too (the table objects'
 * storage, the seeding's code).
 */
async function fullCollection(): Promise<{ p50Ms: number; maxMs: number }> {
  const xs = (await overEmpty("__gc", 50, 10)).map((x) => Math.max(0, x));
  return { p50Ms: r(quantile(xs, 0.5)), maxMs: r(Math.max(...xs)) };
}

const entries = all.filter((e) => e.name.includes(ONLY) && MATCH.test(e.name));
const out: Record<string, { count: number; p50Ms: number; p99Ms: number; maxMs: number }> = {};
const failed: Record<string, string> = {};
const used: Record<string, Quotas> = {};
for (const { name, count } of entries) {
  const n = Math.min(count ?? COUNT, COUNT);
  try {
    for (let i = 0; i < Math.min(5, n); i++) {
      // warms the JIT on this entry's code
      await tell("prep", name);
      await tell("run");
    }
    const ms: number[] = [];
    const objectMs: number[] = [];
    const runs: Used[] = [];
    for (let i = 0; i < n; i++) {
      await tell("prep", name);
      const run = await runMs();
      // Each window of a table object's call holds about one of its two readings' cost (the end of
      // the first, the start of the second), the caller the other. D1 calls are taken off where made.
      const calls = run.used.tableCalls;
      const inWindows = calls.reduce((a, c) => a + c.ns / 1e6, 0);
      const d1InWindows = calls.reduce((a, c) => a + c.d1, 0);
      ms.push(Math.max(0, run.ms - floor - inWindows - (run.calls - d1InWindows) * perCall - calls.length * perMark));
      for (const c of calls) objectMs.push(Math.max(0, c.ns / 1e6 - perMark - c.d1 * perCall));
      runs.push(run.used);
    }
    out[name] = { count: ms.length, p50Ms: r(quantile(ms, 0.5)), p99Ms: r(quantile(ms, 0.99)), maxMs: r(Math.max(...ms)) };
    if (objectMs.length) {
      const o = `${name} → a table object's call`;
      out[o] = { count: objectMs.length, p50Ms: r(quantile(objectMs, 0.5)), p99Ms: r(quantile(objectMs, 0.99)), maxMs: r(Math.max(...objectMs)) };
      console.error(`${o}: ${out[o].maxMs} ms max${process.env.BENCH_SAMPLES ? ` [${objectMs.map(r).join(" ")}]` : ""}`);
    }
    const median = (k: keyof Quotas) => quantile(runs.map((u) => u[k]), 0.5);
    used[name] = { d1: median("d1"), rowsRead: median("rowsRead"), rowsWritten: median("rowsWritten"), queued: median("queued") };
    console.error(`${name}: ${out[name].maxMs} ms max${process.env.BENCH_SAMPLES ? ` [${ms.map(r).join(" ")}]` : ""}`);
  } catch (err) {
    // Said, and the run goes on: a failed entry is in the table, not in the JSON.
    failed[name] = String((err as Error).message).split("\n")[0].slice(0, 300);
    console.error(`${name}: FAILED ${failed[name]}`);
  }
}

const collection = FULL_GC ? await fullCollection() : null;
const w = Math.max(...entries.map((e) => e.name.length));
// What an invocation uses of the free plan's daily quotas (README "Daily quotas for a club"), median of its runs.
console.log("Per invocation (median): D1 calls, D1 rows read and written (as local D1 counts them), queue messages sent");
console.log(`${"entry point".padEnd(w)}  ${"D1".padStart(4)}  ${"read".padStart(6)}  ${"written".padStart(7)}  ${"queue".padStart(5)}`);
for (const [entry, u] of Object.entries(used)) console.log(`${entry.padEnd(w)}  ${String(u.d1).padStart(4)}  ${String(u.rowsRead).padStart(6)}  ${String(u.rowsWritten).padStart(7)}  ${String(u.queued).padStart(5)}`);
console.log("");
console.log(`CPU per invocation of Muli's own code inside workerd (the empty run's ${floor.toFixed(2)} ms, ${perCall.toFixed(3)} ms per D1 call and ${perMark.toFixed(3)} ms per reading around a table object's call taken off; machine load ${loadAtStart} at the start, ${loadavg()[0].toFixed(1)} at the end)`);
console.log(`${"entry point".padEnd(w)}  ${"count".padStart(5)}  ${"p50".padStart(7)}  ${"p99".padStart(7)}  ${"max".padStart(7)}`);
for (const [entry, x] of Object.entries(out).sort((a, b) => b[1].maxMs - a[1].maxMs)) {
  console.log(`${entry.padEnd(w)}  ${String(x.count).padStart(5)}  ${x.p50Ms.toFixed(2).padStart(4)} ms  ${x.p99Ms.toFixed(2).padStart(4)} ms  ${x.maxMs.toFixed(2).padStart(4)} ms${x.maxMs > 5 ? "  > 5 ms" : ""}`);
}
console.log(`The harness alone (the measured thread's CPU; its noise is in every figure above): ${harness.join("; ")}`);
if (collection) console.log(`A full collection of the measured isolate at the end, timed apart (the invocation in which the old generation fills pays it on top of its own work): p50 ${collection.p50Ms.toFixed(2)}, max ${collection.maxMs.toFixed(2)} ms`);
for (const [entry, why] of Object.entries(failed)) console.log(`${entry.padEnd(w)}  FAILED: ${why}`);
console.log(`Table objects in memory at the end: ${JSON.stringify(await tell("stats"))}`);
console.log(JSON.stringify({ maxMs: Math.max(...Object.values(out).map((x) => x.maxMs)), entries: out, ...(collection ? { fullCollectionMs: collection } : {}), ...(Object.keys(failed).length ? { failed } : {}) }));
d1.stop();
dev.stop();
bigServer.close();
process.exit(0);
