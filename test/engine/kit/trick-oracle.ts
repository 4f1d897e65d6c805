// RULES.md §1 and §2.10 written a second time: which cards a seat may play, and who wins a trick.
// Cards are names ("EA", "S10", "W"); `trump` is the trump suit letter.

const STRENGTH: Record<string, number> = { A: 16, K: 14, O: 12, U: 10, "10": 8, "9": 6, "8": 4, "7": 2, "6": 0 };

export const isTrump = (c: string, trump: string): boolean => c === "W" || c[0] === trump;
/** The suit a card counts as in play: the Weli belongs to the trump suit, never to Schellen. */
export const playSuit = (c: string, trump: string): string => (c === "W" ? trump : c[0]);
/** Order within a suit: A, then the Weli (trump only), then K … 6. */
export const strength = (c: string): number => (c === "W" ? 15 : STRENGTH[c.slice(1)]);

/** Index in `cards` of the card winning so far: the highest trump, else the highest of the led suit. */
export function bestIndex(cards: string[], trump: string): number {
  const led = playSuit(cards[0], trump);
  let best = 0;
  for (let i = 1; i < cards.length; i++) if (beats(cards[i], cards[best], led, trump)) best = i;
  return best;
}

/** Does `c` beat `best` in a trick whose led suit is `led`? */
export function beats(c: string, best: string, led: string, trump: string): boolean {
  const ct = isTrump(c, trump), bt = isTrump(best, trump);
  if (ct !== bt) return ct;
  if (ct) return strength(c) > strength(best);
  return playSuit(c, trump) === led && playSuit(best, trump) === led && strength(c) > strength(best);
}

export interface TrickRules {
  mustHead: boolean;
  mustTrump: boolean;
}

/** The cards of `hand` that §2.10 allows on `trick` (cards played so far, in order). */
export function playable(hand: string[], trick: string[], trump: string, r: TrickRules): string[] {
  if (trick.length === 0) return [...hand];
  const led = playSuit(trick[0], trump);
  const best = trick[bestIndex(trick, trump)];
  const heading = (cs: string[]) => {
    if (!r.mustHead) return cs;
    const b = cs.filter((c) => beats(c, best, led, trump));
    return b.length > 0 ? b : cs;
  };
  const follow = hand.filter((c) => playSuit(c, trump) === led);
  if (follow.length > 0) return heading(follow);
  const trumps = hand.filter((c) => isTrump(c, trump));
  if (r.mustTrump && trumps.length > 0) return heading(trumps);
  return [...hand];
}
