// What a seat can work out from its view alone: its cards, the cards gone, the cards whose place is
// known (the Weli at the cut, face-up cards), and which cards each seat cannot hold because of how
// it followed (voids shown by not following suit or not trumping, cards it would have had to head
// with). Everything here is derived from the `View`; nothing else is ever read.
import { parseCard, seatsClockwise, type CardId, type Rules, type View } from "../engine";
import { deckOf, isTrump, playableIn, playSuit, suitIndex } from "../engine/fast";

export interface Knowledge {
  me: number;
  /** Trump suit index, or -1 before trump is named. */
  trump: number;
  hand: CardId[];
  deck: CardId[];
  /** Cards in finished tricks and in the current trick. */
  played: boolean[];
  /** Cards whose place is known to be a seat's hand (taken face up, the Weli at the cut, …). */
  inHandOf: Map<CardId, number>;
  /** Cards known to lie in the discards (face-up cards left), or on offer now. */
  gone: Set<CardId>;
  /** Cards that may be in another seat's hand, the talon or the discards. */
  unseen: CardId[];
  /** forbidden[seat][card]: that seat cannot hold that card (shown by its play). */
  forbidden: boolean[][];
  /** Seats that play this hand (not at home, not sitting out), clockwise from forehand. */
  playing: number[];
}

/** Seats clockwise from forehand (dealer + 1) that are still in the hand and not at home. */
export function playingSeats(view: View): number[] {
  return seatsClockwise(view.players.length, view.dealer, (s) => view.players[s].status === "playing");
}

export function know(view: View, rules: Rules): Knowledge {
  const n = view.players.length;
  const trump = view.trump ? suitIndex(view.trump) : -1;
  const hand = view.hand.map(parseCard);
  const deck = deckOf(rules.deck);
  const played = new Array<boolean>(36).fill(false);
  const forbidden: boolean[][] = [];
  for (let s = 0; s < n; s++) forbidden.push(new Array<boolean>(36).fill(false));

  const tricks = view.tricks.map((t) => t.map((x) => ({ seat: x.seat, card: parseCard(x.card) })));
  tricks.push(view.trick.map((x) => ({ seat: x.seat, card: parseCard(x.card) })));
  for (const t of tricks) {
    for (let i = 0; i < t.length; i++) {
      played[t[i].card] = true;
      if (i > 0 && trump >= 0) markForbidden(forbidden[t[i].seat], t.slice(0, i).map((x) => x.card), t[i].card, trump, rules, deck);
    }
  }

  const inHandOf = new Map<CardId, number>();
  const gone = new Set<CardId>();
  const taken = new Set<CardId>();
  const left = new Set<CardId>();
  const events = view.events.filter((e) => e.hand === view.handNo);
  for (const e of events) {
    const c = e.cards?.length ? parseCard(e.cards[0]) : -1;
    if (e.kind === "takeShown") taken.add(c);
    if (e.kind === "leaveShown") left.add(c);
  }
  for (const e of events) {
    if (e.seat === undefined || e.seat === view.you) continue;
    const c = e.cards?.length ? parseCard(e.cards[0]) : -1;
    if (c < 0 || played[c]) continue;
    if (e.kind === "weliCut" || e.kind === "fiveOnSau" || e.kind === "takeShown") inHandOf.set(c, e.seat);
    // A shown card neither taken nor left went into the hand (a Bruckn), unless it is on offer now.
    if (e.kind === "shown" && !taken.has(c) && !left.has(c)) inHandOf.set(c, e.seat);
  }
  for (const c of left) gone.add(c);
  // The cards this seat laid away itself are in the discards, whatever else it has seen.
  for (const name of view.discarded ?? []) {
    const c = parseCard(name);
    gone.add(c);
    inHandOf.delete(c);
  }
  if (view.shown) {
    const c = parseCard(view.shown.card);
    gone.add(c);
    inHandOf.delete(c);
  }
  for (const c of hand) inHandOf.delete(c);
  // A seat at home laid its cards away: a card we thought it held is in the discards.
  for (const [c, s] of inHandOf) if (view.players[s].status !== "playing") inHandOf.delete(c);

  const mine = new Set(hand);
  const unseen = deck.filter((c) => !mine.has(c) && !played[c] && !gone.has(c));
  return { me: view.you, trump, hand, deck, played, inHandOf, gone, unseen, forbidden, playing: playingSeats(view) };
}

/**
 * `seat` played `card` to a trick that held `before`: every card that would have made that play
 * illegal cannot be in its hand (cards only leave hands during play, so this holds from then on).
 * The play rules are such that checking one other card at a time is enough.
 */
function markForbidden(forbid: boolean[], before: CardId[], card: CardId, trump: number, rules: Rules, deck: CardId[]): void {
  const trick = before.map((c) => ({ seat: -1, card: c })); // whose they were does not matter here
  for (const x of deck) {
    if (x === card || forbid[x]) continue;
    if (!playableIn([card, x], trick, trump, rules).includes(card)) forbid[x] = true;
  }
}

