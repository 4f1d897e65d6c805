// The public story of a game: what every seat saw happen, step by step (bids, trump, who stayed
// home, how many cards each exchanged, the cards played, who took each trick, the hands scored).
// Used for "since you were here" and the bidding of the hand so far. It never names a card that
// was not public: an exchange or a discard is told by its count, a face-up card taken only by the
// card everyone saw offered.
import { applyInPlace } from "./apply";
import { cardName } from "./cards";
import { createGame } from "./game";
import type { Action, Deal, GameState, HandRecord, Rules, StakeReason, Suit } from "./types";

export type StoryItem = { version: number; hand: number } & (
  | { kind: "mulatschak" | "noMulatschak" | "pass" | "hold" | "white" | "join" | "stayHome" | "leaveShown" | "fiveOnSau"; seat: number }
  | { kind: "bid"; seat: number; tricks: number }
  | { kind: "cut"; seat: number; value: number }
  | { kind: "trump"; seat: number; suit: Suit }
  | { kind: "exchange" | "discard"; seat: number; count: number }
  | { kind: "takeShown"; seat: number; card: string }
  | { kind: "play"; seat: number; card: string }
  | { kind: "trick"; seat: number; no: number }
  | { kind: "redeal"; reason: StakeReason }
  | { kind: "handScored"; record: HandRecord }
  | { kind: "gameOver"; winners: number[] }
);

/** What the step `seat`/`action` from `before` told everyone. `before` is read before the step is applied. */
interface Before {
  hand: number;
  tricks: number;
  tricksWon: number[];
  handsPlayed: number;
  offer: string | null;
  stakeReasons: number;
}

const probe = (s: GameState): Before => ({
  hand: s.hand.no,
  tricks: s.hand.tricks.length,
  tricksWon: s.hand.tricksWon.slice(),
  handsPlayed: s.handsPlayed.length,
  offer: s.hand.offer ? cardName(s.hand.offer.card) : null,
  stakeReasons: s.stakeReasons.length,
});

function stepItems(b: Before, after: GameState, seat: number, a: Action, version: number): StoryItem[] {
  const at = { version, hand: b.hand };
  const out: StoryItem[] = [];
  switch (a.type) {
    case "bid":
      out.push({ ...at, kind: "bid", seat, tricks: a.tricks });
      break;
    case "cut":
      out.push({ ...at, kind: "cut", seat, value: a.value });
      break;
    case "trump":
      out.push({ ...at, kind: "trump", seat, suit: a.suit });
      break;
    case "exchange":
    case "discard":
      out.push({ ...at, kind: a.type, seat, count: a.cards.length });
      break;
    case "takeShown":
      out.push({ ...at, kind: "takeShown", seat, card: b.offer ?? "" });
      break;
    case "play":
      out.push({ ...at, kind: "play", seat, card: a.card });
      break;
    default:
      out.push({ ...at, kind: a.type, seat });
  }
  // Who took the trick: the seat whose trick count went up (in this hand, or in the hand just scored).
  const won = after.handsPlayed.length > b.handsPlayed ? after.handsPlayed[b.handsPlayed].tricks : after.hand.no === b.hand ? after.hand.tricksWon : null;
  if (a.type === "play" && won) {
    const winner = won.findIndex((n, s) => n > b.tricksWon[s]);
    if (winner >= 0) out.push({ ...at, kind: "trick", seat: winner, no: b.tricks + 1 });
  }
  for (let i = b.handsPlayed; i < after.handsPlayed.length; i++) out.push({ ...at, kind: "handScored", record: after.handsPlayed[i] });
  for (let i = b.stakeReasons; i < after.stakeReasons.length; i++) {
    const reason = after.stakeReasons[i];
    if (reason !== "hearts") out.push({ ...at, kind: "redeal", reason });
  }
  if (after.phase === "over" && after.winners) out.push({ ...at, kind: "gameOver", winners: after.winners.slice() });
  return out;
}

export interface StorySource {
  /** Dealing version (GameState.v; a record's `v`), 1 when absent. */
  v?: 1 | 2;
  rules: Rules;
  seed: string;
  /** As the game was created (a record's first dealer, points and deals); omitted: from the seed. */
  dealer?: number;
  points?: number[];
  stake?: number;
  deals?: Deal[];
  actions: { seat: number; action: Action }[];
}

/**
 * The public story of the game from version `from` (exclusive) on, and the version at which the
 * current hand's deal was made (so the caller can tell this hand's bidding from older news).
 */
export function story(src: StorySource, from = 0): { items: StoryItem[]; handFrom: number } {
  const state = createGame(src.rules, { seed: src.seed, dealer: src.dealer, points: src.points, stake: src.stake, deals: src.deals, v: src.v });
  const items: StoryItem[] = [];
  let handFrom = 0;
  for (let i = 0; i < src.actions.length; i++) {
    const { seat, action } = src.actions[i];
    const b = probe(state);
    if (applyInPlace(state, seat, action)) break; // a log holds only accepted actions
    if (state.hand.no !== b.hand) handFrom = i + 1;
    if (i + 1 > from) items.push(...stepItems(b, state, seat, action, i + 1));
  }
  return { items, handFrom };
}
