import type { Action, ApplyResult, GameState } from "./types";
/** Every action `seat` may take now (exchange/discard enumerated as every allowed card set). */
export function legalActions(_state: GameState, _seat: number): Action[] {
  throw new Error("engine: legalActions not yet implemented");
}
/** Apply an action (any JSON; validated here). Returns a new state; the input is never changed. */
export function applyAction(_state: GameState, _seat: number, _action: unknown): ApplyResult {
  throw new Error("engine: applyAction not yet implemented");
}
export function toAct(state: GameState): number[] {
  return state.toAct;
}
