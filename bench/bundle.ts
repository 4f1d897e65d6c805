// `npm run bench:bundle [-- --runs=N] [-- --no-minify] [-- --size-only] [-- --max-gzip=KiB]`: what
// the Worker costs before it serves anything. `--max-gzip` exits 1 when wrangler's gzip total is
// over it (`npm run check:bundle`: the 200 KiB budget, size only, no startup runs). Prints wrangler's own upload size (raw and gzip, as `wrangler deploy --dry-run`
// reports it, with the flags `npm run deploy` uses), each module's share of it, and the startup
// CPU two ways, median of N runs each: (1) CPU time (process.cpuUsage) of a fresh Node process
// importing the bundle, less that of importing an empty module: read, parse, compile and the
// top-level evaluation, in Node's V8, `cloudflare:*` stubbed (bench/bundle-hooks.mjs); CPU time,
// so steady on a busy machine. (2) `wrangler check startup`'s profile of the same in a local
// workerd: its sampled time outside "(idle)"; samples are wall-clock apart, so a busy machine
// inflates it. Local figures, to compare runs made here, not Cloudflare's.
import { spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

const root = join(import.meta.dirname, "..");
const wrangler = join(root, "node_modules", ".bin", "wrangler");
const runs = Number(process.argv.find((a) => a.startsWith("--runs="))?.slice(7) ?? 5);
const flags = process.argv.includes("--no-minify") ? [] : ["--minify"];
const sizeOnly = process.argv.includes("--size-only");
const maxGzip = Number(process.argv.find((a) => a.startsWith("--max-gzip="))?.slice(11) ?? Infinity);
const env = { ...process.env, WRANGLER_SEND_METRICS: "false", CLOUDFLARE_CF_FETCH_ENABLED: "false" };
mkdirSync(join(root, "web", "dist"), { recursive: true });

function wranglerRun(args: string[]): string {
  const r = spawnSync(wrangler, args, { cwd: root, env, encoding: "utf8", input: "" });
  if (r.status !== 0) throw new Error(`wrangler ${args.join(" ")} failed:\n${r.stdout}${r.stderr}`);
  return `${r.stdout}${r.stderr}`;
}

const out = mkdtempSync(join(tmpdir(), "muli-bundle-"));
const dry = wranglerRun(["deploy", "--dry-run", ...flags, `--outdir=${out}`]);
const total = dry.match(/Total Upload: ([\d.]+) KiB \/ gzip: ([\d.]+) KiB/);
const modules = readdirSync(out).filter((f) => /\.m?js$/.test(f));
const kib = (n: number) => (n / 1024).toFixed(1);
console.log(`wrangler deploy --dry-run ${flags.join(" ")}: total upload ${total?.[1]} KiB, gzip ${total?.[2]} KiB`);
for (const m of modules) {
  const bytes = readFileSync(join(out, m));
  console.log(`  module ${m}: ${kib(statSync(join(out, m)).size)} KiB raw, ${kib(gzipSync(bytes, { level: 9 }).length)} KiB gzip -9`);
}
if (!total) throw new Error(`wrangler printed no upload size:\n${dry}`);
if (Number(total[2]) > maxGzip) {
  console.error(`✘ The Worker is ${total[2]} KiB gzipped, over the budget of ${maxGzip} KiB (README "Worker size and startup").`);
  process.exit(1);
}
if (Number.isFinite(maxGzip)) console.log(`✔ within the budget of ${maxGzip} KiB gzipped`);
if (sizeOnly) process.exit(0);

/** Sampled CPU of one startup profile: time of every sample not spent idle. */
function startupMs(profilePath: string): number {
  const p = JSON.parse(readFileSync(profilePath, "utf8")) as { nodes: { id: number; callFrame: { functionName: string } }[]; samples: number[]; timeDeltas: number[] };
  const names = new Map(p.nodes.map((n) => [n.id, n.callFrame.functionName]));
  let us = 0;
  // timeDeltas[i] is the time before sample i; the first covers the wait before profiling began.
  for (let i = 1; i < p.samples.length; i++) if (names.get(p.samples[i]) !== "(idle)") us += p.timeDeltas[i];
  return us / 1000;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
function nodeCpuMs(file: string): number {
  const r = spawnSync(process.execPath, [join(root, "bench", "bundle-startup.mjs"), file], { encoding: "utf8" });
  if (r.status !== 0) throw new Error(`loading ${file} failed:\n${r.stderr}`);
  return (JSON.parse(r.stdout) as { cpuMs: number }).cpuMs;
}
const emptyModule = join(out, "empty.mjs");
writeFileSync(emptyModule, "export {};\n");
const main = join(out, "index.mjs");
copyFileSync(join(out, "index.js"), main);
const node = Array.from({ length: runs }, () => nodeCpuMs(main) - nodeCpuMs(emptyModule));
console.log(`startup CPU (Node import of the bundle, ${runs} runs): median ${median(node).toFixed(1)} ms, min ${Math.min(...node).toFixed(1)}, max ${Math.max(...node).toFixed(1)}`);

const times: number[] = [];
for (let i = 0; i < runs; i++) {
  const file = join(out, `startup-${i}.cpuprofile`);
  wranglerRun(["check", "startup", `--outfile=${file}`, ...(flags.length ? [`--args=${flags.join(" ")}`] : [])]);
  times.push(startupMs(file));
}
console.log(`startup (wrangler check startup, sampled, ${runs} runs): median ${median(times).toFixed(1)} ms, min ${Math.min(...times).toFixed(1)}, max ${Math.max(...times).toFixed(1)}`);
