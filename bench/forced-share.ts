// How many decisions auto-play removes: random games (the engine's own random player), counting
// every decision and those with a single legal action (forced), overall and per phase.
import { createGame, legalActions, resolveRules, seedRng, type Phase } from "../worker/engine";
import { randomStep } from "../worker/engine/fast";

export interface ForcedShare {
  games: number;
  decisions: number;
  forced: number;
  byPhase: Partial<Record<Phase, { decisions: number; forced: number }>>;
}

export function measureForcedShare(rulesInput: Record<string, unknown>, games: number, seed = "forced"): ForcedShare {
  const resolved = resolveRules(rulesInput);
  if (!resolved.ok) throw new Error(resolved.error.message);
  const rng = seedRng(seed);
  const out: ForcedShare = { games, decisions: 0, forced: 0, byPhase: {} };
  for (let g = 0; g < games; g++) {
    const state = createGame(resolved.rules, { seed: `${seed}:${g}` });
    while (state.phase !== "over") {
      const seat = state.toAct[0];
      const forced = legalActions(state, seat).length === 1;
      const p = (out.byPhase[state.phase] ??= { decisions: 0, forced: 0 });
      p.decisions++;
      out.decisions++;
      if (forced) {
        p.forced++;
        out.forced++;
      }
      const err = randomStep(state, rng);
      if (err) throw new Error(`legal action refused: ${err.code} ${err.message}`);
    }
  }
  return out;
}

// `npx tsx bench/forced-share.ts [games]`: the figures in the README.
if (typeof process !== "undefined" && process.argv[1]?.endsWith("forced-share.ts")) {
  const games = Number(process.argv[2] ?? 2000);
  for (const players of [2, 3, 4, 5]) {
    const r = measureForcedShare({ preset: "standard", players }, games, `forced-${players}`);
    const pct = (a: number, b: number) => ((100 * a) / b).toFixed(1) + "%";
    const phases = Object.entries(r.byPhase).map(([ph, x]) => `${ph} ${pct(x.forced, x.decisions)} of ${x.decisions}`).join(", ");
    console.log(`${players} players, ${games} games: ${r.forced} of ${r.decisions} decisions forced (${pct(r.forced, r.decisions)}); ${phases}`);
  }
}
