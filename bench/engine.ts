// Plays random legal games (4 players, standard) in one thread and prints hands and actions per
// second. The last line is JSON for machines.
import { createGame, resolveRules, seedRng } from "../worker/engine";
import { randomStep } from "../worker/engine/fast";

const rules = resolveRules({ preset: "standard", players: 4 });
if (!rules.ok) throw new Error(rules.error.message);
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const rng = seedRng("bench");

let hands = 0, actions = 0, games = 0;
function playGame(seed: string): void {
  const state = createGame(rules.ok ? rules.rules : (null as never), { seed });
  while (state.phase !== "over") {
    const before = state.handsPlayed.length;
    const err = randomStep(state, rng);
    if (err) throw new Error(`legal action refused: ${err.code} ${err.message}`);
    actions++;
    hands += state.handsPlayed.length - before;
  }
  games++;
}

for (let i = 0; i < 200; i++) playGame(`warm${i}`); // let the JIT settle
hands = actions = games = 0;
// Rates are per second of this thread's CPU time (user + system), so that other work on the
// machine does not distort them; wall time is printed alongside.
const start = performance.now();
const cpu0 = process.cpuUsage();
let elapsed = 0;
while (elapsed < seconds * 1000) {
  for (let i = 0; i < 100; i++) playGame(`g${games}`);
  elapsed = performance.now() - start;
}
const used = process.cpuUsage(cpu0);
const cpuMs = (used.user + used.system) / 1000;
const handsPerSecond = Math.round((hands / cpuMs) * 1000);
const actionsPerSecond = Math.round((actions / cpuMs) * 1000);
console.log(`${games} games, ${hands} hands, ${actions} actions in ${(elapsed / 1000).toFixed(2)} s wall, ${(cpuMs / 1000).toFixed(2)} s CPU`);
console.log(`hands/s ${handsPerSecond}, actions/s ${actionsPerSecond}, actions/hand ${(actions / hands).toFixed(1)}`);
console.log(JSON.stringify({ handsPerSecond, actionsPerSecond }));
