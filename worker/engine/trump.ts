// Naming trump (RULES.md §2.7). Hearts doubles the stake; a Mulatschak goes straight to play.
import { startExchange } from "./exchange";
import { reject, type Outcome } from "./reject";
import { startPlay } from "./tricks";
import type { Action, GameState, Suit } from "./types";

export function trumpPhase(state: GameState, _seat: number, action: Action): Outcome {
  if (action.type !== "trump") return reject("WRONG_PHASE", "The declarer names trump now.");
  chooseTrump(state, action.suit);
  return null;
}

export function chooseTrump(state: GameState, suit: Suit): void {
  const h = state.hand;
  h.trump = suit;
  if (suit === "H" && state.rules.heartsDouble) {
    state.stake *= 2;
    state.stakeReasons.push("hearts");
  }
  if (h.contract === "mulatschak") {
    startPlay(state);
  } else {
    startExchange(state);
  }
}

