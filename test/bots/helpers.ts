// Shared helpers for the bot tests: rules for every preset and player count, and game positions
// collected from real bot games.
import { applyAction, createGame, resolveRules, viewFor, type GameState, type Rules } from "../../worker/engine";
import { randomSource } from "../../worker/engine";
import type { SyncBot } from "../../worker/bots/arena";

export const PRESET_PLAYERS: [string, number][] = [];
for (const preset of ["standard", "geiser", "murln", "bergxi"]) {
  for (let n = 2; n <= (preset === "bergxi" ? 4 : 5); n++) PRESET_PLAYERS.push([preset, n]);
}

export function rulesFor(preset: string, players: number): Rules {
  const r = resolveRules({ preset, players });
  if (!r.ok) throw new Error(r.error.message);
  return r.rules;
}

/** States at which `seat` is to act, from games played by `bot` (every decision, up to `limit`). */
export function positions(rules: Rules, seed: string, bot: SyncBot, limit: number, maxHands = 6): GameState[] {
  const out: GameState[] = [];
  let state = createGame(rules, { seed });
  while (state.phase !== "over" && out.length < limit && state.handsPlayed.length < maxHands) {
    const seat = state.toAct[0];
    out.push(state);
    const action = bot({ view: viewFor(state, seat), rules, random: randomSource(`${seed}:${state.actionCount}`), budgetMs: 1 });
    const res = applyAction(state, seat, action);
    if (!res.ok) throw new Error(`illegal ${JSON.stringify(action)}: ${res.error.message}`);
    state = res.state;
  }
  return out;
}

export function deepFreeze<T>(o: T): T {
  if (o && typeof o === "object" && !Object.isFrozen(o)) {
    Object.freeze(o);
    for (const v of Object.values(o)) deepFreeze(v);
  }
  return o;
}
