// The move hint (GET /api/tables/:id/hint): a suggestion for the seat to act, worked out from its
// own view only (never the state: the hint must not know more than the player). Not the client's
// bidding-hint setting, which only changes how the bidding marks are drawn.
import { hint, type Hint } from "../bots";
import { fail, type Failure } from "../base/failure";
import { viewFor } from "../engine";
import { moveHintsAllowed } from "../deadlines/options";
import type { TableRecord } from "./model";
import { logEvent } from "../base/log";

export type MoveHint = Hint;

export function moveHintFor(table: TableRecord, seat: number): ({ ok: true } & MoveHint) | Failure {
  if (!moveHintsAllowed(table.live)) return fail(403, "HINTS_OFF", "Hints are switched off at this table.");
  // The engine's codes for an action at the wrong time, with the status of a read that does not fit now.
  if (table.state.phase === "over") return fail(409, "WRONG_PHASE", "The game is over.");
  if (!table.state.toAct.includes(seat)) return fail(409, "NOT_YOUR_TURN", "It is not your turn.");
  if (table.state.phase === "cut") return fail(409, "WRONG_PHASE", "A cut needs no hint: any number gives a fair deal.");
  let h: Hint | null;
  try {
    h = hint(viewFor(table.state, seat), table.state.rules);
  } catch (e) {
    logEvent("error", "table.hint_threw", { tableId: table.id, seat }, e);
    h = null;
  }
  if (!h) return fail(500, "INTERNAL", "No suggestion could be worked out this time; play on your own.");
  return { ok: true, action: h.action, code: h.code, why: h.why, reason: h.reason };
}
