// One entry point for every action: parse, check whose turn it is, hand over to the phase.
import { parseAction } from "./action";
import { bidding, mulatschakRound } from "./bidding";
import { cloneState } from "./clone";
import { exchangePhase } from "./exchange";
import { reject, type Outcome } from "./reject";
import { playPhase } from "./tricks";
import { trumpPhase } from "./trump";
import type { Action, ActionType, ApplyResult, GameState, Phase } from "./types";

export { legalActions } from "./legal";

/** Whether an action of `type` can be said in `phase` at all. A switch rather than a table: it
 * runs for every action and compiles to a few pointer comparisons. */
function possibleIn(type: ActionType, phase: Phase): boolean {
  switch (type) {
    case "mulatschak":
      return phase === "mulatschak" || phase === "bidding";
    case "noMulatschak":
      return phase === "mulatschak";
    case "bid":
    case "pass":
    case "hold":
    case "white":
      return phase === "bidding";
    case "trump":
      return phase === "trump";
    case "join":
    case "stayHome":
    case "exchange":
    case "takeShown":
    case "leaveShown":
    case "fiveOnSau":
    case "discard":
      return phase === "exchange";
    case "play":
      return phase === "play";
  }
}

/** The handler of each phase (the game is not over). */
function handlerOf(phase: Exclude<Phase, "over">): (s: GameState, seat: number, a: Action) => Outcome {
  switch (phase) {
    case "mulatschak":
      return mulatschakRound;
    case "bidding":
      return bidding;
    case "trump":
      return trumpPhase;
    case "exchange":
      return exchangePhase;
    case "play":
      return playPhase;
  }
}

/**
 * Apply `raw` for `seat` to a state the caller owns, in place. Nothing is changed when the
 * action is refused. Bots use this to play out many hands without copying.
 */
export function applyInPlace(state: GameState, seat: number, raw: unknown): Outcome {
  const action = parseAction(raw);
  if (!action) return reject("INVALID_ACTION", "That is not an action.");
  if (!Number.isInteger(seat) || seat < 0 || seat >= state.rules.players) return reject("INVALID_ACTION", "No such seat.");
  if (state.phase === "over") return reject("WRONG_PHASE", "The game is over.");
  const h = state.hand;
  if (!h.inHand[seat] || h.stayedHome[seat]) return reject("NOT_IN_HAND", "You are not playing this hand.");
  if (!state.toAct.includes(seat)) return reject("NOT_YOUR_TURN", "It is not your turn.");
  if (!possibleIn(action.type, state.phase)) return reject("WRONG_PHASE", `"${action.type}" is not possible in the ${state.phase} phase.`);
  const outcome = handlerOf(state.phase)(state, seat, action);
  if (!outcome) state.actionCount++;
  return outcome;
}

/** Apply an action (any JSON; validated here). Returns a new state; the input is never changed. */
export function applyAction(state: GameState, seat: number, raw: unknown): ApplyResult {
  const next = cloneState(state);
  const outcome = applyInPlace(next, seat, raw);
  return outcome ? { ok: false, error: outcome } : { ok: true, state: next };
}

export const toAct = (state: GameState): number[] => state.toAct;
