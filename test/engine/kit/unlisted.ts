// Actions to throw at the engine that it must refuse unless it listed them: every action type with
// plausible and implausible fields, random cards, and objects that are not actions at all.
import type { Action } from "../../../worker/engine";
import { deckNames } from "./deck";

export const CODES = [
  "NOT_YOUR_TURN", "WRONG_PHASE", "NOT_IN_HAND", "BID_TOO_LOW", "BID_TOO_HIGH", "CANNOT_HOLD", "CANNOT_STAY_HOME",
  "EXCHANGE_NOT_ALLOWED", "EXCHANGE_TOO_MANY", "MUST_FOLLOW_SUIT", "MUST_HEAD_TRICK", "MUST_TRUMP", "INVALID_ACTION",
];

/** A canonical key for comparing actions: card sets sorted, keys ordered, undefined fields left
 * out as JSON leaves them out (the engine's summaries carry every field, unused ones undefined). */
export function actionKey(a: unknown): string {
  if (!a || typeof a !== "object" || Array.isArray(a)) return JSON.stringify(a);
  const o = { ...(a as Record<string, unknown>) };
  if (Array.isArray(o.cards)) o.cards = [...(o.cards as unknown[])].map(String).sort();
  return JSON.stringify(Object.keys(o).filter((k) => o[k] !== undefined).sort().map((k) => [k, o[k]]));
}

/** Candidate actions for a seat holding `hand` in a game played with a deck of `deck` cards. */
export function candidates(hand: string[], deck: 33 | 36, pick: number): unknown[] {
  const all = deckNames(deck);
  const card = (i: number) => all[(pick + i * 7) % all.length];
  const own = (k: number) => hand.slice(0, k);
  const out: unknown[] = [
    { type: "mulatschak" }, { type: "noMulatschak" }, { type: "pass" }, { type: "hold" }, { type: "white" },
    ...[0, 1, 2, 3, 4, 5, 6].map((tricks) => ({ type: "bid", tricks })),
    ...["E", "L", "H", "S", "X"].map((suit) => ({ type: "trump", suit })),
    { type: "join" }, { type: "stayHome" }, { type: "leaveShown" }, { type: "fiveOnSau" },
    { type: "exchange", cards: [] }, { type: "exchange", cards: own(1) }, { type: "exchange", cards: own(5) },
    { type: "exchange", cards: [card(1), card(2)] }, { type: "exchange", cards: [...own(1), ...own(1)] },
    { type: "takeShown" }, { type: "takeShown", discard: card(3) }, { type: "takeShown", discard: hand[0] ?? "EA" },
    { type: "discard", cards: own(1) }, { type: "discard", cards: [card(4)] },
    { type: "play", card: card(5) }, { type: "play", card: card(6) }, { type: "play", card: hand[hand.length - 1] ?? "W" },
    // not actions at all
    null, 42, "pass", [], {}, { type: "play" }, { type: "play", card: 7 }, { type: "play", card: "X9" },
    { type: "bid", tricks: "2" }, { type: "bid", tricks: 2.5 }, { type: "exchange", cards: "EA" }, { type: "dance" },
  ];
  return out;
}

export type { Action };
