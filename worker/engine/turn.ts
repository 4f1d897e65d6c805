import type { GameState } from "./types";

/** Hand the turn to `seat`. In place when possible: every state owns its `toAct` array (clones copy it). */
export function setTurn(state: GameState, seat: number): void {
  if (state.toAct.length === 1) state.toAct[0] = seat;
  else state.toAct = [seat];
}
