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

/**
 * Whether a button, as it stands, does exactly what the hint says. A button that sends the
 * selected cards rings only once the selection is the suggested one: before that it would do
 * something else ("Keep all" while four cards are suggested for the exchange).
 */
export function isHinted(hinted: Action | null | undefined, button: Action): boolean {
  if (!hinted || hinted.type !== button.type) return false;
  if (hinted.type === "bid" && button.type === "bid") return hinted.tricks === button.tricks;
  if (hinted.type === "trump" && button.type === "trump") return hinted.suit === button.suit;
  if ((hinted.type === "exchange" && button.type === "exchange") || (hinted.type === "discard" && button.type === "discard")) return sameCards(hinted.cards, button.cards);
  if (hinted.type === "takeShown" && button.type === "takeShown") return hinted.discard === button.discard;
  return true;
}

const sameCards = (a: string[], b: string[]) => a.length === b.length && a.every((c) => b.includes(c));
