// What a seat must never learn before the game ends: the other seats' cards, the talon, the seed.
// A card that was shown to everyone during the current hand (Weli at the cut, face-up offers, the
// Sau of "five on the Sau", cards on the table) is no longer hidden, wherever it went.
import { cardName, type GameState } from "../../../worker/engine";

/** Every string value anywhere inside a JSON-like value. */
export function stringsIn(v: unknown, out: string[] = []): string[] {
  if (typeof v === "string") out.push(v);
  else if (Array.isArray(v)) for (const x of v) stringsIn(x, out);
  else if (v && typeof v === "object") for (const x of Object.values(v)) stringsIn(x, out);
  return out;
}

/** The cards of the current hand everyone has seen. */
export function publicCards(state: GameState): Set<string> {
  const h = state.hand;
  const seen = new Set<string>();
  for (const e of state.events) if (e.hand === h.no && e.visibleTo === "all") for (const c of e.cards ?? []) seen.add(c);
  for (const t of [...h.trick, ...h.tricks.flat()]) seen.add(cardName(t.card));
  if (h.offer) seen.add(cardName(h.offer.card));
  return seen;
}

/** Cards `seat` may not see now: other seats' hands and the talon, less what is public. */
export function hiddenFrom(state: GameState, seat: number): Set<string> {
  const h = state.hand;
  const pub = publicCards(state);
  const hidden = new Set<string>();
  h.hands.forEach((cards, s) => {
    if (s !== seat) for (const c of cards) hidden.add(cardName(c));
  });
  for (const c of h.talon) hidden.add(cardName(c));
  for (const c of pub) hidden.delete(c);
  return hidden;
}

/**
 * What in `view` (serialised) should not be there: hidden cards of this hand, and the seed.
 * Events of earlier hands name cards of earlier deals, which say nothing about this one, so
 * they are left out of the search.
 */
export function leaks(state: GameState, seat: number, view: { events?: { hand: number }[] }): string[] {
  const current = { ...view, events: (view.events ?? []).filter((e) => e.hand === state.hand.no) };
  const strings = stringsIn(current);
  const hidden = hiddenFrom(state, seat);
  const found = strings.filter((s) => hidden.has(s)).map((c) => `card ${c}`);
  if (JSON.stringify(view).includes(state.seed)) found.push("seed");
  return found;
}
