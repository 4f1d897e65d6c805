// `npm run bench:cpu`: the CPU Muli's own code spends per invocation of each entry point, inside
// workerd. The entry points (bench/cpu-drive.ts) run on memory edges, as bench:room drives the
// table object: D1, R2, the object's storage, sockets and rate limits answer at once from memory,
// so the platform's part (the local D1 engine, which workerd runs on the same thread as the
// Worker, its storage, the socket frames) is not in the figures. Each invocation is run alone in a
// request of its own, after another request set it up; its CPU is read from outside, from the
// scheduler's nanosecond counter of the workerd thread that runs the Worker's code
// (/proc/<pid>/task/<tid>/schedstat; the thread found by a request that spins), less the median of
// 200 empty requests (the request itself). Prints a table per entry point (count, p50, p99, max in ms), then a last line of JSON:
// {"maxMs", "entries": {"<entry>": {"count", "p50Ms", "p99Ms", "maxMs"}}}.
// Knobs: BENCH_COUNT (invocations per entry point, default 200), BENCH_ONLY (entries whose name
// contains it), BENCH_PORT (8791).
import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const COUNT = Number(process.env.BENCH_COUNT ?? 200);
const ONLY = process.env.BENCH_ONLY ?? "";
const PORT = Number(process.env.BENCH_PORT || 8791);
const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const work = join(root, ".wrangler", "bench-cpu");
const wrangler = join(root, "node_modules", ".bin", "wrangler");
const env = { ...process.env, WRANGLER_SEND_METRICS: "false" };

/** CPU ns so far of each thread of the workerd processes of process group `group`, by "pid/tid". */
function workerdThreadsNs(group: number): Map<string, number> {
  const out = new Map<string, number>();
  for (const pid of readdirSync("/proc").filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (Number(f[2]) !== group || !stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")")).startsWith("workerd")) continue;
      for (const tid of readdirSync(`/proc/${pid}/task`)) out.set(`${pid}/${tid}`, Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, "utf8").split(" ")[0]));
    } catch {
      // gone meanwhile
    }
  }
  return out;
}
/** CPU ns so far of the one thread that runs the bench Worker's code (found below). */
let worker = "";
const workerNs = () => Number(readFileSync(`/proc/${worker.replace("/", "/task/")}/schedstat`, "utf8").split(" ")[0]);

rmSync(work, { recursive: true, force: true });
mkdirSync(work, { recursive: true });
const toml = (main: string) => `name = "muli-bench-cpu"\nmain = "${main}"\ncompatibility_date = "2026-04-20"\ncompatibility_flags = ["nodejs_compat"]\n`;
writeFileSync(join(work, "wrangler.toml"), toml("../../bench/cpu-worker.ts"));
const b = spawnSync(wrangler, ["deploy", "--dry-run", "--outdir", join(work, "dist"), "-c", join(work, "wrangler.toml")], { cwd: root, env, encoding: "utf8" });
if (b.status !== 0) throw new Error(`bundling failed:\n${b.stdout}\n${b.stderr}`);
writeFileSync(join(work, "wrangler.toml"), `no_bundle = true\n${toml("dist/cpu-worker.js")}`);
const dev = spawn(wrangler, ["dev", "-c", join(work, "wrangler.toml"), "--port", String(PORT), "--ip", "127.0.0.1", "--show-interactive-dev-session=false", "--log-level", "none"], { cwd: root, env, detached: true, stdio: "ignore" });
const stop = () => {
  try {
    process.kill(-dev.pid!, "SIGTERM");
  } catch {
    // gone already
  }
};
process.on("exit", stop);

const base = `http://127.0.0.1:${PORT}`;
for (let i = 0; ; i++) {
  try {
    if ((await fetch(base)).ok) break;
  } catch {
    if (i > 240) throw new Error("the bench Worker did not come up");
  }
  await new Promise((r) => setTimeout(r, 250));
}
const get = async (path: string) => {
  const res = await fetch(base + path);
  const text = await res.text();
  if (!res.ok) throw new Error(`${path}: ${res.status} ${text}`);
  return text;
};
// The thread that runs the Worker's code: the one that gets busy while it spins (the local D1
// engine runs on it too; the proxy and the other processes do not count).
{
  const t0 = workerdThreadsNs(dev.pid!);
  await get("/spin");
  const t1 = workerdThreadsNs(dev.pid!);
  worker = [...t1].sort((a, b) => b[1] - (t0.get(b[0]) ?? 0) - (a[1] - (t0.get(a[0]) ?? 0)))[0][0];
}
/** CPU ms of the Worker's thread in one /run request. */
const runMs = async () => {
  const c0 = workerNs();
  await get("/run");
  return (workerNs() - c0) / 1e6;
};
const q = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(p * s.length))];
};

const entries = (JSON.parse(await get("/entries")) as string[]).filter((e) => e.includes(ONLY));
// The request alone, without an invocation (warmed first).
for (let i = 0; i < 50; i++) await runMs();
const empty: number[] = [];
for (let i = 0; i < 200; i++) empty.push(await runMs());
const floor = q(empty, 0.5);

const out: Record<string, { count: number; p50Ms: number; p99Ms: number; maxMs: number }> = {};
for (const entry of entries) {
  const e = encodeURIComponent(entry);
  for (let i = 0; i < Math.min(20, COUNT); i++) {
    // warms the JIT on this entry's code
    await get(`/prep?entry=${e}`);
    await get("/run");
  }
  const ms: number[] = [];
  for (let i = 0; i < COUNT; i++) {
    await get(`/prep?entry=${e}`);
    ms.push(Math.max(0, (await runMs()) - floor));
  }
  const r = (x: number) => Math.round(x * 100) / 100;
  out[entry] = { count: ms.length, p50Ms: r(q(ms, 0.5)), p99Ms: r(q(ms, 0.99)), maxMs: r(Math.max(...ms)) };
}

const w = Math.max(...entries.map((e) => e.length));
console.log(`CPU per invocation of Muli's own code inside workerd (memory edges; the empty request's ${floor.toFixed(2)} ms taken off)`);
console.log(`${"entry point".padEnd(w)}  ${"count".padStart(5)}  ${"p50".padStart(7)}  ${"p99".padStart(7)}  ${"max".padStart(7)}`);
for (const [entry, x] of Object.entries(out)) {
  console.log(`${entry.padEnd(w)}  ${String(x.count).padStart(5)}  ${x.p50Ms.toFixed(2).padStart(4)} ms  ${x.p99Ms.toFixed(2).padStart(4)} ms  ${x.maxMs.toFixed(2).padStart(4)} ms${x.maxMs > 5 ? "  > 5 ms" : ""}`);
}
console.log(JSON.stringify({ maxMs: Math.max(...Object.values(out).map((x) => x.maxMs)), entries: out }));
process.exit(0);
