// Plays a fixed number of random legal games (4 players, `standard`, as `bench/engine.ts` plays
// them) after a fixed warm-up, and prints the deals dealt after it: the program that
// `bench/engine-instructions.sh` counts the instructions of. Usage: engine-count.ts GAMES.
import { createGame, resolveRules, seedRng } from "../worker/engine";
import { randomStep } from "../worker/engine/fast";

const resolved = resolveRules({ preset: "standard", players: 4 });
if (!resolved.ok) throw new Error(resolved.error.message);
const rules = resolved.rules;
const rng = seedRng("bench");
let games = 0;

function playGame(): number {
  const state = createGame(rules, { seed: `g${games++}` });
  while (state.phase !== "over") {
    const err = randomStep(state, rng);
    if (err) throw new Error(`legal action refused: ${err.code} ${err.message}`);
  }
  return state.hand.no;
}

for (let i = 0; i < 400; i++) playGame(); // the same warm-up in every run, so it cancels out
let deals = 0;
const n = Number(process.argv[2] ?? 0);
for (let i = 0; i < n; i++) deals += playGame();
console.log(deals);
