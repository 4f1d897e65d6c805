// Bots playing whole games against each other, for the benchmark and the tests. Each bot gets
// only `viewFor(state, seat)`; every answer goes through the engine's `applyAction`.
import { applyAction, createGame, randomSource, viewFor, type Action, type GameState, type Rules } from "../engine";
import type { BotInput } from "./bot";
import { DEFAULT_BUDGET_MS } from "./strong";

export type SyncBot = (input: BotInput) => Action;

export interface GameRecord {
  state: GameState;
  /** Per hand played: each seat's change of points. */
  deltas: number[][];
  /** CPU milliseconds per decision, per seat (CPU, not wall time: the machine may be shared). */
  times: number[][];
}

export interface ArenaOptions {
  budgetMs?: number;
  /** Stop after this many hands (a game normally ends long before). */
  maxHands?: number;
  /** Called before each decision (tests use it to look at views). */
  onDecision?: (state: GameState, seat: number, action: Action) => void;
}

export function playGame(rules: Rules, seed: string, bots: SyncBot[], opts: ArenaOptions = {}): GameRecord {
  let state = createGame(rules, { seed, dealer: 0 });
  const times: number[][] = bots.map(() => []);
  const maxHands = opts.maxHands ?? 300;
  while (state.phase !== "over" && state.handsPlayed.length < maxHands) {
    const seat = state.toAct[0];
    const view = viewFor(state, seat);
    const random = randomSource(`${seed}:${state.actionCount}:${seat}`);
    const t0 = cpuMs();
    const action = bots[seat]({ view, rules, random, budgetMs: opts.budgetMs ?? DEFAULT_BUDGET_MS });
    times[seat].push(cpuMs() - t0);
    opts.onDecision?.(state, seat, action);
    const res = applyAction(state, seat, action);
    if (!res.ok) throw new Error(`seat ${seat} played an illegal ${JSON.stringify(action)}: ${res.error.code} ${res.error.message}`);
    state = res.state;
  }
  return { state, deltas: state.handsPlayed.map((h) => h.delta), times };
}

/** CPU time of this process in milliseconds (Node); wall time elsewhere. */
function cpuMs(): number {
  const p = (globalThis as { process?: { cpuUsage?: () => { user: number; system: number } } }).process;
  if (p?.cpuUsage) {
    const u = p.cpuUsage();
    return (u.user + u.system) / 1000;
  }
  return performance.now();
}
