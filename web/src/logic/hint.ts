// Where a hint shows on the table: the cards it names (to mark in the hand) and whether a prompt
// button is the suggested action. Pure, so the page only wires it up.
import type { Action } from "../../../worker/engine";

/** The hand cards a suggested action names: the card to play, to exchange, discard or give. */
export function hintedCards(a: Action | null | undefined): string[] {
  if (!a) return [];
  switch (a.type) {
    case "play":
      return [a.card];
    case "exchange":
    case "discard":
      return a.cards;
    case "takeShown":
      return a.discard ? [a.discard] : [];
    default:
      return [];
  }
}

/** Whether a button's action is the suggested one (cards aside: those are marked in the hand). */
export function isHinted(hinted: Action | null | undefined, button: Action): boolean {
  if (!hinted || hinted.type !== button.type) return false;
  if (hinted.type === "bid" && button.type === "bid") return hinted.tricks === button.tricks;
  if (hinted.type === "trump" && button.type === "trump") return hinted.suit === button.suit;
  return true;
}
