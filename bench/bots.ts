// `npm run bench:bots`: the bot levels against each other in whole games with fixed seeds.
//  1. A mixed table: random, easy, normal and strong at one four-player table (standard rules),
//     seats rotated so that every level sits in every seat for every seed.
//  2. Head to head: two levels, two seats each (ABAB, then BABA on the same seed).
// Printed per level: hands played, average change of points per hand (points count down, so
// lower is better) with its 95% confidence interval, the share of games won (a shared win counts
// its share), and decision CPU time p50/p99 (over all decisions, forced ones included). Most games
// go to strong vs normal, the closest pair. BENCH_SCALE multiplies the number of games;
// BENCH_BUDGET_MS is the strong level's budget per decision. The last line is JSON for machines.
import { resolveRules, type Rules } from "../worker/engine/index";
import { playGame, type SyncBot } from "../worker/bots/arena";
import { easyBot } from "../worker/bots/easy";
import { normalBot } from "../worker/bots/normal";
import { randomBot } from "../worker/bots/random";
import { DEFAULT_BUDGET_MS, strongBot } from "../worker/bots/strong";

const LEVELS: Record<string, SyncBot> = {
  random: (i) => randomBot(i) as ReturnType<SyncBot>,
  easy: easyBot,
  normal: normalBot,
  strong: strongBot,
};
const SCALE = Number(process.env.BENCH_SCALE ?? 1);
const scaled = (n: number) => Math.max(1, Math.round(n * SCALE));
const SEEDS = scaled(10);
const BUDGET = Number(process.env.BENCH_BUDGET_MS ?? DEFAULT_BUDGET_MS);

class Tally {
  deltas: number[] = [];
  wins = 0;
  games = 0;
  times: number[] = [];
  row(name: string) {
    const n = this.deltas.length;
    const mean = this.deltas.reduce((a, b) => a + b, 0) / n;
    const sd = Math.sqrt(this.deltas.reduce((a, b) => a + (b - mean) ** 2, 0) / (n - 1));
    const ci = (1.96 * sd) / Math.sqrt(n);
    const t = this.times.slice().sort((a, b) => a - b);
    const q = (p: number) => t[Math.min(t.length - 1, Math.floor(p * t.length))];
    return { level: name, hands: n, mean, ci, winRate: this.wins / this.games, p50: q(0.5), p99: q(0.99) };
  }
}

type Row = ReturnType<Tally["row"]>;

function play(rules: Rules, seed: string, seats: string[], tallies: Record<string, Tally>): void {
  const rec = playGame(rules, seed, seats.map((l) => LEVELS[l]), { budgetMs: BUDGET });
  const winners = rec.state.winners ?? [];
  seats.forEach((level, s) => {
    const t = (tallies[level] ??= new Tally());
    for (const d of rec.deltas) t.deltas.push(d[s]);
    t.times.push(...rec.times[s]);
    t.games += 1 / seats.filter((l) => l === level).length; // a game counts once per level
    if (winners.includes(s)) t.wins += 1 / winners.length;
  });
}

const fmt = (x: number, d = 2) => (x >= 0 ? " " : "") + x.toFixed(d);
function table(title: string, rows: Row[]): void {
  console.log(`\n${title}`);
  console.log("| level  | hands | points/hand (95% CI) | win rate | decision p50 | p99 |");
  console.log("|--------|------:|----------------------|---------:|-------------:|----:|");
  for (const r of rows) {
    console.log(
      `| ${r.level.padEnd(6)} | ${String(r.hands).padStart(5)} | ${fmt(r.mean)} ± ${r.ci.toFixed(2)} | ${(r.winRate * 100).toFixed(0).padStart(7)}% | ${r.p50.toFixed(2).padStart(9)} ms | ${r.p99.toFixed(1)} ms |`,
    );
  }
}

const r4 = resolveRules({ preset: "standard", players: 4 });
if (!r4.ok) throw new Error(r4.error.message);
const rules = r4.rules;
const started = performance.now();
const out: Record<string, Row[]> = {};

// 1. Mixed table, seats rotated.
{
  const names = ["random", "easy", "normal", "strong"];
  const tallies: Record<string, Tally> = {};
  for (let g = 0; g < SEEDS; g++) {
    for (let rot = 0; rot < 4; rot++) play(rules, `mixed-${g}`, names.map((_, s) => names[(s + rot) % 4]), tallies);
  }
  out.mixed = names.map((n) => tallies[n].row(n));
  table(`Mixed table: standard, 4 players, ${SEEDS * 4} games (${SEEDS} seeds x 4 seat rotations), strong budget ${BUDGET} ms`, out.mixed);
}

// 2. Head to head.
for (const [a, b, seeds] of [
  ["strong", "normal", scaled(80)],
  ["normal", "easy", scaled(10)],
  ["normal", "random", scaled(10)],
  ["easy", "random", scaled(10)],
] as [string, string, number][]) {
  const tallies: Record<string, Tally> = {};
  for (let g = 0; g < seeds; g++) {
    play(rules, `h2h-${g}`, [a, b, a, b], tallies);
    play(rules, `h2h-${g}`, [b, a, b, a], tallies);
  }
  const rows = [tallies[a].row(a), tallies[b].row(b)];
  out[`${a}-${b}`] = rows;
  table(`${a} vs ${b}: ${seeds * 2} games, two seats each`, rows);
  const diff = rows[1].mean - rows[0].mean;
  console.log(`${a} scores ${diff.toFixed(2)} points per hand better than ${b} (intervals ±${rows[0].ci.toFixed(2)}, ±${rows[1].ci.toFixed(2)})`);
}

console.log(`\n${((performance.now() - started) / 1000).toFixed(0)} s`);
console.log(JSON.stringify(out));
