// The decks of RULES.md §1 written out as card names, and a check that a scripted deal uses every
// card of its deck exactly once. Independent of the engine on purpose: the tests must not trust the
// code they test to tell them what a deck is.
export const SUIT_LETTERS = ["E", "L", "H", "S"] as const;
export const RANK_NAMES = ["A", "K", "O", "U", "10", "9", "8", "7", "6"] as const;
export const FIGURES = new Set(["A", "K", "O", "U"]);

/** Every card of a deck of 33 or 36 (the Weli replaces the Schellen 6; 33 drops every 6). */
export function deckNames(size: 33 | 36): string[] {
  const cards: string[] = [];
  for (const s of SUIT_LETTERS) {
    for (const r of RANK_NAMES) {
      if (r === "6" && (size === 33 || s === "S")) continue;
      cards.push(s + r);
    }
  }
  cards.push("W");
  return cards;
}

const PRESET_DECK: Record<string, 33 | 36> = { standard: 36, geiser: 36, murln: 33, bergxi: 33 };

/** The deck size a scenario's rules ask for (preset default, or the `deck` override). */
export function deckSizeOf(rules: { preset?: unknown; deck?: unknown }): 33 | 36 {
  if (rules.deck === 33 || rules.deck === 36) return rules.deck;
  const preset = typeof rules.preset === "string" ? rules.preset : "standard";
  const size = PRESET_DECK[preset];
  if (!size) throw new Error(`unknown preset ${preset}`);
  return size;
}

/** A hand is white when it holds no figure (A K O U); the Weli is not a figure. */
export function isWhite(hand: string[]): boolean {
  return hand.length > 0 && !hand.some((c) => c !== "W" && FIGURES.has(c.slice(1)));
}

export interface ScriptedDeal {
  hands: string[][];
  talon: string[];
  weliCut?: boolean;
}

/**
 * Problems with a scripted deal, empty when it is a real deal: every card of the deck exactly once
 * across hands and talon, `players` hands of 5 cards (0 for a seat that is not dealt in).
 */
export function dealProblems(deal: ScriptedDeal, deckSize: 33 | 36, players: number): string[] {
  const problems: string[] = [];
  if (!Array.isArray(deal.hands) || deal.hands.length !== players) {
    return [`expected ${players} hands, got ${Array.isArray(deal.hands) ? deal.hands.length : "none"}`];
  }
  deal.hands.forEach((h, seat) => {
    if (h.length !== 5 && h.length !== 0) problems.push(`seat ${seat} holds ${h.length} cards`);
  });
  if (deal.hands.filter((h) => h.length === 5).length < 2) problems.push("fewer than two seats dealt in");
  const seen = new Map<string, number>();
  for (const c of [...deal.hands.flat(), ...deal.talon]) seen.set(c, (seen.get(c) ?? 0) + 1);
  const deck = deckNames(deckSize);
  for (const c of deck) {
    const n = seen.get(c) ?? 0;
    if (n !== 1) problems.push(`${c} appears ${n} times`);
  }
  for (const c of seen.keys()) if (!deck.includes(c)) problems.push(`${c} is not in the deck of ${deckSize}`);
  return problems;
}

/** Where cards can be in a game state: every card of the deck must be in exactly one of these. */
export function cardsInState(state: {
  hand: {
    hands: number[][];
    talon: number[];
    discards: number[];
    trick: { card: number }[];
    tricks: { card: number }[][];
    offer: { card: number } | null;
  };
}, name: (c: number) => string): string[] {
  const h = state.hand;
  return [
    ...h.hands.flat(),
    ...h.talon,
    ...h.discards,
    ...h.trick.map((t) => t.card),
    ...h.tricks.flat().map((t) => t.card),
    ...(h.offer ? [h.offer.card] : []),
  ].map(name);
}
