// Plays random legal games (4 players, standard) in one thread and prints hands and actions per
// second of CPU time, beside the yardstick `../shared/yardsticks/engine.mjs` (a plain bitmask
// player of random 4-player hands, not Muli's code) run in the same minute: rounds alternate
// between the two (this engine in process, the yardstick as a child process), so the ratio
// compares like with like on a machine whose speed swings by ×2. The last line is JSON for machines.
// Knobs: BENCH_SECONDS (per round and program, default 1), BENCH_ROUNDS (default 5),
// BENCH_YARDSTICK (path of the yardstick; "off" to skip it).
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { gamesPlayed, playGame } from "./random-games";

const seconds = Number(process.env.BENCH_SECONDS ?? 1);
const rounds = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 5));
const yardstick = process.env.BENCH_YARDSTICK ?? fileURLToPath(new URL("../../shared/yardsticks/engine.mjs", import.meta.url));
const withYardstick = yardstick !== "off" && existsSync(yardstick);

/** Rates per second of this thread's CPU time (user + system), so other work on the machine does not distort them. */
function measure(): { hands: number; deals: number; actions: number; cpuMs: number } {
  let hands = 0, deals = 0, actions = 0;
  const start = performance.now();
  const cpu0 = process.cpuUsage();
  while (performance.now() - start < seconds * 1000) {
    for (let i = 0; i < 50; i++) {
      const g = playGame();
      hands += g.hands;
      deals += g.deals;
      actions += g.actions;
    }
  }
  const used = process.cpuUsage(cpu0);
  return { hands, deals, actions, cpuMs: (used.user + used.system) / 1000 };
}

function runYardstick(): number {
  // The yardstick counts its warm-up against its wall-clock seconds: on a loaded machine a short
  // run can end before it measures anything (it prints 0). Then it gets three times as long.
  for (const secs of [seconds, seconds * 3]) {
    const out = execFileSync(process.execPath, [yardstick, String(secs)], { encoding: "utf8" });
    const hps = JSON.parse(out.trim().split("\n").pop()!).handsPerSecond;
    if (hps > 0) return hps;
  }
  throw new Error("the yardstick measured nothing: the machine is too loaded for BENCH_SECONDS; raise it");
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[s.length >> 1] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

for (let i = 0; i < 200; i++) playGame(); // let the JIT settle
const ours: number[] = [], perAction: number[] = [], theirs: number[] = [], ratios: number[] = [], dealRatios: number[] = [];
let totalHands = 0, totalDeals = 0, totalActions = 0;
for (let r = 0; r < rounds; r++) {
  // ABBA order: neither program always runs first in a round.
  const yardFirst = withYardstick && r % 2 === 1;
  const y0 = yardFirst ? runYardstick() : 0;
  const m = measure();
  const y = withYardstick ? (yardFirst ? y0 : runYardstick()) : 0;
  const hps = (m.hands / m.cpuMs) * 1000;
  ours.push(hps);
  perAction.push((m.actions / m.cpuMs) * 1000);
  totalHands += m.hands;
  totalDeals += m.deals;
  totalActions += m.actions;
  // The yardstick's "hand" is every deal, passed-out ones too: counted alike, our deals per second.
  const dps = (m.deals / m.cpuMs) * 1000;
  if (withYardstick) {
    theirs.push(y);
    ratios.push(y / hps);
    dealRatios.push(y / dps);
  }
  console.log(`round ${r + 1}: hands/s ${Math.round(hps)}, deals/s ${Math.round(dps)}` + (withYardstick ? `, yardstick ${y}, ratio ${(y / hps).toFixed(2)} per hand played, ${(y / dps).toFixed(2)} per deal` : ""));
}
const handsPerSecond = Math.round(median(ours));
const actionsPerSecond = Math.round(median(perAction));
console.log(`${gamesPlayed} games; median hands/s ${handsPerSecond}, actions/s ${actionsPerSecond}, actions/hand ${(totalActions / totalHands).toFixed(1)}`);
// A hand here is one played to its end; a redeal (white hand, all passed) is work not counted.
// The yardstick counts every deal, its passed-out ones too (about 18% of them, ended after the bidding).
console.log(`deals per hand played ${(totalDeals / totalHands).toFixed(3)}`);
if (withYardstick) {
  const ratio = +median(ratios).toFixed(2);
  const ratioPerDeal = +median(dealRatios).toFixed(2);
  console.log(`yardstick median hands/s ${Math.round(median(theirs))}; yardstick/engine median ratio ${ratio} per hand played (range ${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)}), ${ratioPerDeal} per deal as the yardstick counts (range ${Math.min(...dealRatios).toFixed(2)}–${Math.max(...dealRatios).toFixed(2)})`);
  console.log(JSON.stringify({ handsPerSecond, actionsPerSecond, yardstickHandsPerSecond: Math.round(median(theirs)), ratio, ratioPerDeal }));
} else {
  console.log(`(yardstick not found at ${yardstick}: no ratio)`);
  console.log(JSON.stringify({ handsPerSecond, actionsPerSecond }));
}
