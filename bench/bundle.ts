// `npm run bench:bundle [-- --runs=N] [-- --no-minify]`: what the Worker costs before it serves
// anything. Prints wrangler's own upload size (raw and gzip, as `wrangler deploy --dry-run`
// reports it, with the flags `npm run deploy` uses), the entry module's share of it, and the
// startup CPU: `wrangler check startup` profiles the Worker's top-level evaluation in a local
// workerd; the figure is the profile's sampled time outside "(idle)", median of N runs. Local CPU
// on a shared machine, so compare runs made here, not with Cloudflare's figures.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

const root = join(import.meta.dirname, "..");
const wrangler = join(root, "node_modules", ".bin", "wrangler");
const runs = Number(process.argv.find((a) => a.startsWith("--runs="))?.slice(7) ?? 5);
const flags = process.argv.includes("--no-minify") ? [] : ["--minify"];
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

/** Sampled CPU of one startup profile: time of every sample not spent idle. */
function startupMs(profilePath: string): number {
  const p = JSON.parse(readFileSync(profilePath, "utf8")) as { nodes: { id: number; callFrame: { functionName: string } }[]; samples: number[]; timeDeltas: number[] };
  const names = new Map(p.nodes.map((n) => [n.id, n.callFrame.functionName]));
  let us = 0;
  // timeDeltas[i] is the time before sample i; the first covers the wait before profiling began.
  for (let i = 1; i < p.samples.length; i++) if (names.get(p.samples[i]) !== "(idle)") us += p.timeDeltas[i];
  return us / 1000;
}

const times: number[] = [];
for (let i = 0; i < runs; i++) {
  const file = join(out, `startup-${i}.cpuprofile`);
  wranglerRun(["check", "startup", `--outfile=${file}`, ...(flags.length ? [`--args=${flags.join(" ")}`] : [])]);
  times.push(startupMs(file));
}
times.sort((a, b) => a - b);
console.log(`startup CPU (wrangler check startup, sampled, ${runs} runs): median ${times[Math.floor(runs / 2)].toFixed(1)} ms, min ${times[0].toFixed(1)}, max ${times[runs - 1].toFixed(1)}`);
