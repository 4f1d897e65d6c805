// The engine benchmarks' games: random legal games (4 players, `standard`), each seeded by its
// number, the choices drawn from one generator, played in place as the bots' playouts play.
import { createGame, resolveRules, seedRng } from "../worker/engine";
import { randomStep } from "../worker/engine/fast";

const resolved = resolveRules({ preset: "standard", players: 4 });
if (!resolved.ok) throw new Error(resolved.error.message);
const rules = resolved.rules;
const rng = seedRng("bench");

/** How many games have been played so far. */
export let gamesPlayed = 0;

/** One whole game; returns the hands played to their end, the deals (redeals too) and the actions taken. */
export function playGame(): { hands: number; deals: number; actions: number } {
  const state = createGame(rules, { seed: `g${gamesPlayed++}` });
  let actions = 0;
  while (state.phase !== "over") {
    const err = randomStep(state, rng);
    if (err) throw new Error(`legal action refused: ${err.code} ${err.message}`);
    actions++;
  }
  return { hands: state.handsPlayed.length, deals: state.hand.no, actions };
}
