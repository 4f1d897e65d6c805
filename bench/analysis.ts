// How long the analysis of a finished game takes (worker/bots/analysis.ts): random games of
// people (standard, 4 players, from 15 points), analysed at the table's budget; CPU time per game.
import { analyse } from "../worker/bots/analysis";
import { applyInPlace, buildRecord, createGame, legalActions, nextInt, resolveRules, seedRng, type Action } from "../worker/engine";

const games = Number(process.env.BENCH_GAMES ?? 5);
const r = resolveRules({ preset: "standard", players: 4 });
if (!r.ok) throw new Error(r.error.message);
const times: number[] = [];
let decisions = 0, marks = 0, actionsTotal = 0;
for (let g = 0; g < games; g++) {
  const seed = `bench-analysis-${g}`;
  const state = createGame(r.rules, { seed });
  const rng = seedRng(seed);
  const actions: { seat: number; action: Action }[] = [];
  while (state.phase !== "over") {
    const seat = state.toAct[0];
    const legal = legalActions(state, seat).filter((a, _, all) => a.type !== "mulatschak" || all.length === 1);
    const action = legal[nextInt(rng, legal.length)];
    applyInPlace(state, seat, action);
    actions.push({ seat, action });
  }
  const built = buildRecord({ rules: r.rules, seed, players: ["A", "B", "C", "D"], actions });
  if (!built.ok) throw new Error("record");
  const people = built.record.actions.length;
  const budget = Math.min(20, 10_000 / people); // as worker/table/analysis.ts
  const t0 = process.cpuUsage();
  const a = analyse(built.record, budget);
  const dt = process.cpuUsage(t0);
  times.push((dt.user + dt.system) / 1000);
  decisions += a.decisions;
  marks += a.marks.length;
  actionsTotal += people;
}
times.sort((a, b) => a - b);
console.log(
  `[muli] analysis: ${games} games, ${(actionsTotal / games).toFixed(0)} actions and ${(decisions / games).toFixed(0)} decisions a game, ${(marks / games).toFixed(1)} marks; CPU per game median ${times[Math.floor(games / 2)].toFixed(0)} ms, max ${times[games - 1].toFixed(0)} ms`,
);
