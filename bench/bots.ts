// `npm run bench:bots`: the bot levels against each other in whole games with fixed seeds.
//  1. A mixed table: random, easy, normal and strong at one four-player table (standard rules),
//     seats rotated so that every level sits in every seat for every seed.
//  2. Head to head: two levels, two seats each (ABAB, then BABA on the same seed).
// Printed per level: hands played, average change of points per hand (points count down, so
// lower is better) with its 95% confidence interval, the share of games won (a shared win counts
// its share), and decision CPU time p50/p99 (over all decisions, forced ones included). Most games
// go to strong vs normal, the closest pair; for each head-to-head pair also the difference of the
// two levels with its own 95% interval, over the seeds (each seed played ABAB and BABA: one paired
// unit), since the two levels' intervals come from the same hands and cannot simply be compared.
// Decision times are the child process's CPU time. The children run V8 single-threaded
// (`--single-threaded`): otherwise its background threads (compiling, the collector's helpers)
// put milliseconds on decisions that did nothing (a random bot's), while with it a collection
// that lands on a decision is in that decision's time, whole. Each child plays one game before it
// takes jobs (not counted), so that the times are mostly those of compiled code.
//  3. With BENCH_PHASES=1: what searching each phase buys the strong level, on single hands dealt
//     twice with the seats swapped (strong searching only those phases vs normal): the paired
//     difference takes most of the cards' luck out.
// Games are played by child processes, one per core (BENCH_JOBS), each timing its own decisions
// by its own CPU time; a game depends only on its seed, so the figures do not depend on how the
// games are spread. BENCH_SCALE multiplies the number of games; BENCH_BUDGET_MS is the strong
// level's budget per decision; BENCH_STRONG=bidding+mulatschak+trump+exchange+play makes the
// strong level search those phases whatever the budget. The last line is JSON for machines.
import { fork } from "node:child_process";
import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { resolveRules } from "../worker/engine";
import { playGame, type SyncBot } from "../worker/bots/arena";
import { easyBot } from "../worker/bots/easy";
import { normalBot } from "../worker/bots/normal";
import { randomBot } from "../worker/bots/random";
import { DEFAULT_BUDGET_MS, strongBot, strongBotFor, type SearchPhase } from "../worker/bots/strong";

const SCALE = Number(process.env.BENCH_SCALE ?? 1);
const scaled = (n: number) => Math.max(1, Math.round(n * SCALE));
const BUDGET = Number(process.env.BENCH_BUDGET_MS ?? DEFAULT_BUDGET_MS);
const JOBS = Math.max(1, Number(process.env.BENCH_JOBS ?? availableParallelism()));

const r4 = resolveRules({ preset: "standard", players: 4 });
if (!r4.ok) throw new Error(r4.error.message);
const rules = r4.rules;

const STRONG = process.env.BENCH_STRONG ? strongBotFor(process.env.BENCH_STRONG.split("+") as SearchPhase[]) : strongBot;
const BOTS: Record<string, SyncBot> = { random: (i) => randomBot(i) as ReturnType<SyncBot>, easy: easyBot, normal: normalBot, strong: STRONG };

/** A level by name; `strong@bidding+trump` searches only the phases named. */
function botOf(name: string): SyncBot {
  const [level, phases] = name.split("@");
  return phases ? strongBotFor(phases.split("+") as SearchPhase[]) : BOTS[level];
}

interface Job {
  seed: string;
  seats: string[];
  maxHands?: number;
}
interface Result {
  deltas: number[][];
  times: number[][];
  winners: number[];
}

function runJob(job: Job): Result {
  const rec = playGame(rules, job.seed, job.seats.map(botOf), { budgetMs: BUDGET, maxHands: job.maxHands });
  return { deltas: rec.deltas, times: rec.times, winners: rec.state.winners ?? [] };
}

/** Plays the jobs on child processes, handing out one at a time; results in the jobs' order. */
function runAll(jobs: Job[]): Promise<Result[]> {
  const results: Result[] = new Array(jobs.length);
  let next = 0;
  let done = 0;
  return new Promise((resolve, reject) => {
    if (jobs.length === 0) return resolve(results);
    const workers = Math.min(JOBS, jobs.length);
    for (let w = 0; w < workers; w++) {
      const child = fork(fileURLToPath(import.meta.url), [], { env: { ...process.env, BENCH_CHILD: "1" }, execArgv: [...process.execArgv, "--single-threaded"] });
      let current = -1;
      const feed = () => {
        if (next >= jobs.length) return child.disconnect();
        current = next++;
        child.send(jobs[current]);
      };
      child.on("message", (r: Result) => {
        results[current] = r;
        if (++done === jobs.length) resolve(results);
        feed();
      });
      child.on("exit", (code) => code !== 0 && reject(new Error(`bench child exited with ${code}`)));
      feed();
    }
  });
}

class Tally {
  deltas: number[] = [];
  wins = 0;
  games = 0;
  times: number[] = [];
  add(r: Result, seats: string[], level: string) {
    seats.forEach((l, s) => {
      if (l !== level) return;
      for (const d of r.deltas) this.deltas.push(d[s]);
      for (const t of r.times[s]) this.times.push(t);
      if (r.winners.includes(s)) this.wins += 1 / r.winners.length;
    });
    this.games++;
  }
  row(name: string) {
    const { mean, ci } = meanCi(this.deltas);
    const t = this.times.slice().sort((a, b) => a - b);
    const q = (p: number) => t[Math.min(t.length - 1, Math.floor(p * t.length))];
    return { level: name, hands: this.deltas.length, mean, ci, winRate: this.wins / this.games, p50: q(0.5), p99: q(0.99), max: t[t.length - 1] };
  }
}
type Row = ReturnType<Tally["row"]>;

function meanCi(x: number[]) {
  const mean = x.reduce((a, b) => a + b, 0) / x.length;
  const sd = Math.sqrt(x.reduce((a, b) => a + (b - mean) ** 2, 0) / Math.max(1, x.length - 1));
  return { mean, ci: (1.96 * sd) / Math.sqrt(x.length) };
}

/** Points per seat and hand of the other seats minus those of `mine` (points count down). */
function advantage(deltas: number[][], mine: boolean[]): number {
  let a = 0, b = 0, na = 0, nb = 0;
  for (const d of deltas) d.forEach((x, s) => (mine[s] ? ((a += x), na++) : ((b += x), nb++)));
  return b / Math.max(1, nb) - a / Math.max(1, na);
}

const fmt = (x: number, d = 2) => (x >= 0 ? " " : "") + x.toFixed(d);
function table(title: string, rows: Row[]): void {
  console.log(`\n${title}`);
  console.log("| level  | hands | points/hand (95% CI) | win rate | decision p50 | p99 | max |");
  console.log("|--------|------:|----------------------|---------:|-------------:|----:|----:|");
  for (const r of rows) {
    console.log(
      `| ${r.level.padEnd(6)} | ${String(r.hands).padStart(5)} | ${fmt(r.mean)} ± ${r.ci.toFixed(2)} | ${(r.winRate * 100).toFixed(0).padStart(7)}% | ${r.p50.toFixed(2).padStart(9)} ms | ${r.p99.toFixed(1)} ms | ${r.max.toFixed(1)} ms |`,
    );
  }
}

async function main(): Promise<void> {
  const started = performance.now();
  const out: Record<string, unknown> = {};
  const mixed = ["random", "easy", "normal", "strong"];
  const pairs: [string, string, number][] = [
    ["strong", "normal", scaled(600)],
    ["normal", "easy", scaled(40)],
    ["normal", "random", scaled(10)],
    ["easy", "random", scaled(10)],
  ];
  const PHASES = [["play"], ["exchange"], ["bidding", "mulatschak", "trump"], ["bidding", "mulatschak", "trump", "exchange", "play"]];
  const deals = process.env.BENCH_PHASES ? scaled(300) : 0;

  // Every game up front, so that the children stay busy to the end.
  const jobs: Job[] = [];
  const seeds = scaled(10);
  for (let g = 0; g < seeds; g++) for (let rot = 0; rot < 4; rot++) jobs.push({ seed: `mixed-${g}`, seats: mixed.map((_, s) => mixed[(s + rot) % 4]) });
  for (const [a, b, n] of pairs) {
    for (let g = 0; g < n; g++) jobs.push({ seed: `h2h-${g}`, seats: [a, b, a, b] }, { seed: `h2h-${g}`, seats: [b, a, b, a] });
  }
  for (const phases of PHASES) {
    const bot = `strong@${phases.join("+")}`;
    for (let g = 0; g < deals; g++) {
      jobs.push({ seed: `hand-${g}`, seats: [bot, "normal", bot, "normal"], maxHands: 1 }, { seed: `hand-${g}`, seats: ["normal", bot, "normal", bot], maxHands: 1 });
    }
  }
  const results = await runAll(jobs);
  let i = 0;

  {
    const tallies = Object.fromEntries(mixed.map((l) => [l, new Tally()]));
    for (let g = 0; g < seeds * 4; g++, i++) for (const l of mixed) tallies[l].add(results[i], jobs[i].seats, l);
    out.mixed = mixed.map((l) => tallies[l].row(l));
    table(`Mixed table: standard, 4 players, ${seeds * 4} games (${seeds} seeds x 4 seat rotations), strong budget ${BUDGET} ms`, out.mixed as Row[]);
  }
  for (const [a, b, n] of pairs) {
    const ta = new Tally(), tb = new Tally();
    const paired: number[] = [];
    for (let g = 0; g < n; g++) {
      // One seed, both seatings: b's points per hand minus a's over the hands of both games.
      let sum = 0, hands = 0;
      for (let k = 0; k < 2; k++, i++) {
        ta.add(results[i], jobs[i].seats, a), tb.add(results[i], jobs[i].seats, b);
        const mine = jobs[i].seats.map((l) => l === a);
        sum += advantage(results[i].deltas, mine) * results[i].deltas.length;
        hands += results[i].deltas.length;
      }
      paired.push(sum / Math.max(1, hands));
    }
    const rows = [ta.row(a), tb.row(b)];
    const diff = meanCi(paired);
    out[`${a}-${b}`] = rows;
    out[`${a}-${b}:advantage`] = diff;
    table(`${a} vs ${b}: ${2 * n} games, two seats each`, rows);
    const gap = rows[1].mean - rows[1].ci - (rows[0].mean + rows[0].ci);
    console.log(
      `${a} scores ${(rows[1].mean - rows[0].mean).toFixed(2)} points per hand better than ${b} (intervals ±${rows[0].ci.toFixed(2)}, ±${rows[1].ci.toFixed(2)}: ` +
        (gap > 0 ? `${gap.toFixed(2)} apart)` : "they overlap)") +
        `; paired over the ${n} seeds: ${fmt(diff.mean)} ± ${diff.ci.toFixed(2)} points per hand (95%)`,
    );
  }
  if (deals > 0) {
    console.log(`\nSearch by phase: strong searching only these phases vs normal, ${deals} hands each dealt twice with the seats swapped, budget ${BUDGET} ms`);
    console.log("| phases searched | advantage, points per hand (95% CI) |");
    console.log("|-----------------|-------------------------------------|");
    for (const phases of PHASES) {
      const paired: number[] = [];
      for (let g = 0; g < deals; g++, i += 2) {
        const mine = jobs[i].seats.map((l) => l !== "normal");
        paired.push((advantage(results[i].deltas, mine) + advantage(results[i + 1].deltas, mine.map((m) => !m))) / 2);
      }
      const p = meanCi(paired);
      out[`phases:${phases.join(",")}`] = p;
      console.log(`| ${phases.join(", ").padEnd(15)} | ${fmt(p.mean)} ± ${p.ci.toFixed(2)} |`);
    }
  }
  console.log(`\n${((performance.now() - started) / 1000).toFixed(0)} s wall on ${JOBS} processes`);
  console.log(JSON.stringify(out));
}

if (process.env.BENCH_CHILD) {
  runJob({ seed: "warm-up", seats: ["strong", "normal", "easy", "random"] });
  process.on("message", (job: Job) => process.send!(runJob(job)));
} else {
  await main();
}
