// Turning untrusted JSON into an Action (or saying why not). Extra fields are dropped.
import { SUITS } from "./cards";
import type { Action, Suit } from "./types";

const SUIT_SET = new Set<unknown>(SUITS);
function isCardList(v: unknown): v is string[] {
  if (!Array.isArray(v) || v.length > 10) return false;
  for (let i = 0; i < v.length; i++) if (typeof v[i] !== "string") return false;
  return true;
}

export function parseAction(raw: unknown): Action | null {
  if (typeof raw !== "object" || raw === null) return null;
  const a = raw as Record<string, unknown>;
  switch (a.type) {
    case "mulatschak":
    case "noMulatschak":
    case "pass":
    case "hold":
    case "white":
    case "join":
    case "stayHome":
    case "leaveShown":
    case "fiveOnSau":
      return { type: a.type };
    case "cut":
      return Number.isInteger(a.value) ? { type: "cut", value: a.value as number } : null;
    case "bid":
      return Number.isInteger(a.tricks) ? { type: "bid", tricks: a.tricks as number } : null;
    case "trump":
      return SUIT_SET.has(a.suit as string) ? { type: "trump", suit: a.suit as Suit } : null;
    case "exchange":
    case "discard":
      return isCardList(a.cards) ? { type: a.type, cards: a.cards.slice() } : null;
    case "takeShown":
      if (a.discard === undefined) return { type: "takeShown" };
      return typeof a.discard === "string" ? { type: "takeShown", discard: a.discard } : null;
    case "play":
      return typeof a.card === "string" ? { type: "play", card: a.card } : null;
    default:
      return null;
  }
}
