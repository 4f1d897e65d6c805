// `npm test`: every check and test project, each project's time printed at the end, and a
// non-zero exit if anything failed. Lanes run side by side; the steps of one lane run in order.
// Laid out for two cores: the browser project is mostly waiting (on sockets, the server's pacing of
// forced moves, polls), so it starts first and runs the whole time in a lane of its own, as does the
// short season soak (waiting on compressed time); the other steps use about one core each and share
// the two cores in two lanes beside them (README "The whole suite" has the figures).
//   node scripts/test.mjs            everything
//   node scripts/test.mjs engine e2e only the steps named (see STEPS)
import { spawn } from "node:child_process";

const vitest = (...projects) => ["npx", "vitest", "run", ...projects.flatMap((p) => ["--project", p])];

/** name → command; `lanes` below says which run side by side. */
const STEPS = {
  typecheck: ["npx", "tsc", "-p", "tsconfig.json", "--noEmit"],
  "lint:deps": ["npx", "depcruise", "worker", "web/src", "--config", ".dependency-cruiser.cjs"],
  "lint:unused": ["npx", "knip", "--no-progress"],
  engine: vitest("engine"),
  // Two vitest runs, not one: in one run the shared runtime and the isolated files stopped
  // answering after the shared files were done (twice, Dec 3).
  worker: vitest("worker"),
  "worker-isolated": vitest("worker-isolated"),
  e2e: vitest("e2e"),
  // The short season soak: its own server, and a length set by the season's compressed time.
  soak: vitest("soak"),
};

/** Each stage's lanes start together; the next stage starts when all of them are done. */
const STAGES = [
  [
    ["e2e"],
    ["soak"],
    ["engine", "worker-isolated"],
    ["typecheck", "lint:deps", "lint:unused", "worker"],
  ],
];

const only = process.argv.slice(2);
for (const name of only) if (!(name in STEPS)) throw new Error(`unknown step ${name}; known: ${Object.keys(STEPS).join(", ")}`);
const wanted = (name) => only.length === 0 || only.includes(name);

const results = [];

function run(name, alone) {
  const [cmd, ...args] = STEPS[name];
  const started = Date.now();
  return new Promise((resolve) => {
    // Output goes straight through when a step runs alone, else it is kept and printed whole
    // when the step ends (two steps' lines would interleave).
    if (alone) process.stdout.write(`\n── ${name} ──\n`);
    const child = spawn(cmd, args, { stdio: ["ignore", "pipe", "pipe"], env: process.env });
    const chunks = [];
    const keep = (out) => (d) => (alone ? out.write(d) : chunks.push(d));
    child.stdout.on("data", keep(process.stdout));
    child.stderr.on("data", keep(process.stderr));
    child.on("close", (code, signal) => {
      const seconds = (Date.now() - started) / 1000;
      process.stdout.write(`\n── ${name} (${seconds.toFixed(0)} s, ${code === 0 ? "passed" : `FAILED: ${signal ?? `exit ${code}`}`}) ──\n`);
      process.stdout.write(Buffer.concat(chunks));
      results.push({ name, seconds, ok: code === 0 });
      resolve(code === 0);
    });
  });
}

async function lane(names, alone) {
  let ok = true;
  for (const name of names) ok = (await run(name, alone)) && ok;
  return ok;
}

const all = Date.now();
let ok = true;
for (const stage of STAGES) {
  const stageStarted = Date.now();
  const lanes = stage.map((names) => names.filter(wanted)).filter((names) => names.length);
  if (!lanes.length) continue;
  ok = (await Promise.all(lanes.map((names) => lane(names, lanes.length === 1)))).every(Boolean) && ok;
  if (lanes.length > 1) results.push({ name: `  (side by side: ${lanes.map((l) => l.join(" + ")).join(" | ")})`, seconds: (Date.now() - stageStarted) / 1000, ok: true, stage: true });
}

console.log("\nTime per step (wall clock):");
for (const r of results) console.log(`  ${r.name.padEnd(r.stage ? 0 : 12)} ${r.seconds.toFixed(0).padStart(5)} s${r.stage ? "" : r.ok ? "" : "  FAILED"}`);
console.log(`  ${"total".padEnd(12)} ${((Date.now() - all) / 1000).toFixed(0).padStart(5)} s`);
process.exit(ok ? 0 : 1);
