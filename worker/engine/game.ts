import type { Deal, GameState, Rules } from "./types";
export interface NewGameOptions {
  /** Any string; hashed into the generator state. Never shown to players before the game ends. */
  seed: string;
  dealer?: number;
  points?: number[];
  stake?: number;
  /** Fixed deals used in order before the generator takes over (scenario files). */
  deals?: Deal[];
}
export function createGame(_rules: Rules, _opts: NewGameOptions): GameState {
  throw new Error("engine: createGame not yet implemented");
}
