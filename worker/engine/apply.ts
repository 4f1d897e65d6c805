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

/** The phases in which each kind of action can be said at all. */
const PHASE_OF: Record<Action["type"], readonly Phase[]> = {
  cut: ["cut"],
  mulatschak: ["mulatschak", "bidding"],
  noMulatschak: ["mulatschak"],
  bid: ["bidding"],
  pass: ["bidding"],
  hold: ["bidding"],
  white: ["bidding"],
  trump: ["trump"],
  join: ["exchange"],
  stayHome: ["exchange"],
  exchange: ["exchange"],
  takeShown: ["exchange"],
  leaveShown: ["exchange"],
  fiveOnSau: ["exchange"],
  discard: ["exchange"],
  play: ["play"],
};

const PHASES: Record<Exclude<Phase, "over">, (s: GameState, seat: number, a: Action) => Outcome> = {
  cut: cutPhase,
  mulatschak: mulatschakRound,
  bidding,
  trump: trumpPhase,
  exchange: exchangePhase,
  play: playPhase,
};

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
  if (!PHASE_OF[action.type].includes(state.phase)) return reject("WRONG_PHASE", `"${action.type}" is not possible in the ${state.phase} phase.`);
  const outcome = PHASES[state.phase](state, seat, action);
  if (!outcome) state.actionCount++;
  return outcome;
}

/** Apply an action (any JSON; validated here). Returns a new state; the input is never changed. */
export function applyAction(state: GameState, seat: number, raw: unknown): ApplyResult {
  const next = cloneState(state);
  const outcome = applyInPlace(next, seat, raw);
  return outcome ? { ok: false, error: outcome } : { ok: true, state: next };
}
