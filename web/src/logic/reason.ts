// Why a card in hand may not be played now: an explanation for people, derived from the visible
// trick. Display only; the server's `legal` list alone decides what is offered.
import type { Suit } from "../../../worker/engine";

export type Reason =
  | { kind: "notYourTurn" }
  | { kind: "notNow" }
  | { kind: "mustFollow"; suit: Suit }
  | { kind: "mustHead" }
  | { kind: "mustTrump" }
  | { kind: "mustHeadTrump" };

interface ViewLike {
  you: number;
  toAct: number[];
  hand: string[];
  trump: Suit | null;
  trick: { seat: number; card: string }[];
  legal: { type: string }[];
}

export function whyNot(v: ViewLike, card: string): Reason {
  if (!v.legal.some((a) => a.type === "play")) return v.toAct.includes(v.you) ? { kind: "notNow" } : { kind: "notYourTurn" };
  const trump = v.trump;
  if (v.trick.length === 0 || !trump) return { kind: "notNow" };
  const suitOf = (c: string): Suit => (c === "W" ? trump : (c[0] as Suit));
  const led = suitOf(v.trick[0].card);
  if (v.hand.some((c) => suitOf(c) === led)) {
    return suitOf(card) === led ? { kind: "mustHead" } : { kind: "mustFollow", suit: led };
  }
  if (v.hand.some((c) => suitOf(c) === trump)) {
    return suitOf(card) === trump ? { kind: "mustHeadTrump" } : { kind: "mustTrump" };
  }
  return { kind: "notNow" };
}
