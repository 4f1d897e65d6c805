// One entry point for every action: parse, check whose turn it is, hand over to the phase.
import { parseAction } from "./action";
import { bidding, mulatschakRound } from "./bidding";
import { cloneState } from "./clone";
import { cutPhase } from "./cut";
import { exchangePhase } from "./exchange";
import { reject, type Outcome } from "./reject";
import { playPhase } from "./tricks";
import { trumpPhase } from "./trump";
import type { Action, ApplyResult, GameState, Phase } from "./types";

/** Whether an action of this kind can be said at all in `phase` (a switch: asked for every action). */
function sayableIn(type: Action["type"], phase: Phase): boolean {
  switch (type) {
    case "cut":
      return phase === "cut";
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
    case "play":
      return phase === "play";
    case "join":
    case "stayHome":
    case "exchange":
    case "takeShown":
    case "leaveShown":
    case "fiveOnSau":
    case "discard":
      return phase === "exchange";
    default:
      return unreachable(type);
  }
}

/** The compiler's check that a switch lists every case (a new action type or phase must be placed). */
function unreachable(x: never): never {
  throw new Error(`unreachable: ${String(x)}`);
}

/**
 * Apply `raw` for `seat` to a state the caller owns, in place. Nothing is changed when the
 * action is refused. Bots use this to play out many hands without copying.
 */
export function applyInPlace(state: GameState, seat: number, raw: unknown): Outcome {
  const action = parseAction(raw);
  if (!action) return reject("INVALID_ACTION", "That is not an action.");
  return applyParsed(state, seat, action);
}

/**
 * The same for an action already in the engine's own shape (made by the engine's random player,
 * not read from outside): every check but the parsing.
 */
export function applyParsed(state: GameState, seat: number, action: Action): Outcome {
  if (!Number.isInteger(seat) || seat < 0 || seat >= state.rules.players) return reject("INVALID_ACTION", "No such seat.");
  if (state.phase === "over") return reject("WRONG_PHASE", "The game is over.");
  const h = state.hand;
  if (!h.inHand[seat] || h.stayedHome[seat]) return reject("NOT_IN_HAND", "You are not playing this hand.");
  if (!state.toAct.includes(seat)) return reject("NOT_YOUR_TURN", "It is not your turn.");
  if (!sayableIn(action.type, state.phase)) return reject("WRONG_PHASE", `"${action.type}" is not possible in the ${state.phase} phase.`);
  return applyChecked(state, seat, action);
}

/**
 * The phase's own rules for an action of the seat to act that can be said in this phase (what
 * `applyParsed` has checked, and what the random player's choices from `writeLegal` are).
 */
export function applyChecked(state: GameState, seat: number, action: Action): Outcome {
  let outcome: Outcome;
  switch (state.phase) {
    case "cut":
      outcome = cutPhase(state, seat, action);
      break;
    case "mulatschak":
      outcome = mulatschakRound(state, seat, action);
      break;
    case "bidding":
      outcome = bidding(state, seat, action);
      break;
    case "trump":
      outcome = trumpPhase(state, seat, action);
      break;
    case "exchange":
      outcome = exchangePhase(state, seat, action);
      break;
    case "play":
      outcome = playPhase(state, seat, action);
      break;
    case "over":
      return reject("WRONG_PHASE", "The game is over.");
    default:
      return unreachable(state.phase);
  }
  if (!outcome) state.actionCount++;
  return outcome;
}

/** Apply an action (any JSON; validated here). Returns a new state; the input is never changed. */
export function applyAction(state: GameState, seat: number, raw: unknown): ApplyResult {
  const next = cloneState(state);
  const outcome = applyInPlace(next, seat, raw);
  return outcome ? { ok: false, error: outcome } : { ok: true, state: next };
}
