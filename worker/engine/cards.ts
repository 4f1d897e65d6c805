// Cards as small integers: id = suit * 9 + rank, ranks A K O U 10 9 8 7 6 (index 0..8).
// The Weli takes the slot of the Schellen 6 (id 35): it is in both decks and is always trump.
import { removeAt } from "./list";
import type { CardId, CardName, Suit } from "./types";

export const SUITS: readonly Suit[] = ["E", "L", "H", "S"];
export const RANKS = ["A", "K", "O", "U", "10", "9", "8", "7", "6"] as const;
export const WELI: CardId = 35;

const NAMES: string[] = [];
for (let s = 0; s < 4; s++) for (let r = 0; r < 9; r++) NAMES.push(SUITS[s] + RANKS[r]);
NAMES[WELI] = "W";
const IDS = new Map<string, CardId>(NAMES.map((n, i) => [n, i]));

/** E L H S as 0 1 2 3 (a switch: asked for every card played, cheaper than a keyed lookup). */
export function suitIndex(s: Suit): number {
  switch (s) {
    case "E":
      return 0;
    case "L":
      return 1;
    case "H":
      return 2;
    case "S":
      return 3;
  }
}
export const cardName = (c: CardId): CardName => NAMES[c];
/** The card id for a name, or -1 when the name is not a card. */
export const parseCard = (name: unknown): CardId => (typeof name === "string" ? (IDS.get(name) ?? -1) : -1);

/** Plain suit of a card (the Weli's is Schellen here; use `playSuit` in play). */
export const suitOf = (c: CardId): number => (c / 9) | 0;
export const isFigure = (c: CardId): boolean => c !== WELI && c % 9 < 4;

/** The suit a card belongs to in a hand with trump suit `trump` (index): the Weli is trump. */
export const playSuit = (c: CardId, trump: number): number => (c === WELI ? trump : (c / 9) | 0);
export const isTrump = (c: CardId, trump: number): boolean => c === WELI || ((c / 9) | 0) === trump;

/** Strength within a suit, higher wins: A=16, W=15 (between trump A and K), K=14, O=12 … 6=0. */
export const strength = (c: CardId): number => (c === WELI ? 15 : (8 - (c % 9)) * 2);

/**
 * A card's rank in a trick, one number per (trump, led suit, card), so that "does it beat" is a
 * single comparison: trumps (40 + strength) above the led suit (20 + strength) above every other
 * card (0: never wins). Precomputed because every card played asks it several times.
 */
export const TRICK_RANK = new Int8Array(4 * 4 * 36);
/** The lowest trick rank of a trump, and of a card of the led suit that is not trump. */
export const TRUMP_RANK = 40;
export const LED_RANK = 20;
for (let trump = 0; trump < 4; trump++) {
  for (let led = 0; led < 4; led++) {
    for (let c = 0; c < 36; c++) {
      const rank = isTrump(c, trump) ? TRUMP_RANK + strength(c) : playSuit(c, trump) === led ? LED_RANK + strength(c) : 0;
      TRICK_RANK[(trump * 4 + led) * 36 + c] = rank;
    }
  }
}
/** Where the ranks of every card for this led suit and trump start in TRICK_RANK. */
export const rankRow = (led: number, trump: number): number => (trump * 4 + led) * 36;
export const trickRank = (c: CardId, led: number, trump: number): number => TRICK_RANK[rankRow(led, trump) + c];

const DECKS = { 33: [] as CardId[], 36: [] as CardId[] };
for (let c = 0; c < 36; c++) {
  DECKS[36].push(c);
  if (c % 9 !== 8 || c === WELI) DECKS[33].push(c);
}

/** Take `card` out of `hand` in place, keeping the order of the rest. */
export function removeCard(hand: CardId[], card: CardId): void {
  for (let i = 0; i < hand.length; i++) {
    if (hand[i] === card) {
      removeAt(hand, i);
      return;
    }
  }
}

/** A fresh, unshuffled deck of 33 or 36 cards. */
export const deckOf = (size: 33 | 36): CardId[] => DECKS[size].slice();

/** Sort for display: trumps first (A, W, K …), then the other suits in E L H S order. */
export function sortCards(cards: CardName[], trump: Suit | null = null): CardName[] {
  const t = trump ? suitIndex(trump) : 3;
  const key = (name: CardName): number => {
    const c = parseCard(name);
    const s = playSuit(c, t);
    const group = trump && s === t ? -1 : s;
    return group * 100 - strength(c);
  };
  return [...cards].sort((a, b) => key(a) - key(b));
}
