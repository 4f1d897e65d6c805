import type { GameState, View } from "./types";
/** What `seat` may know: its own cards and everything public, nothing more. */
export function viewFor(_state: GameState, _seat: number): View {
  throw new Error("engine: viewFor not yet implemented");
}
