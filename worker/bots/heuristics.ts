// Rules of thumb a club player would recognise, on card ids so that the searching bot can use the
// same ones inside its fast playouts. Every choice comes with a `Why`, which hint.ts puts in words.
import type { CardId, Rules } from "../engine";
import { WELI, beats, isTrump, playSuit, strength, suitOf } from "../engine/fast";

export type Why =
  | { code: "mulatschak"; n: number }
  | { code: "noMulatschak" }
  | { code: "bid"; n: number; est: number }
  | { code: "hold"; n: number }
  | { code: "passWeak"; est: number }
  | { code: "passOutbid"; n: number }
  | { code: "mustPass" }
  | { code: "white" }
  | { code: "trump"; suit: number; n: number }
  | { code: "join"; est: number }
  | { code: "mustJoin" }
  | { code: "stayHome"; est: number }
  | { code: "exchange"; n: number }
  | { code: "keepAll" }
  | { code: "noExchange" }
  | { code: "fiveOnSau" }
  | { code: "takeShown"; card: CardId }
  | { code: "leaveShown"; card: CardId }
  | { code: "discardWorst"; n: number }
  | { code: "leadTrumpMaster"; card: CardId }
  | { code: "leadTrumpMany"; n: number }
  | { code: "leadMaster"; card: CardId }
  | { code: "leadShort"; card: CardId }
  | { code: "winCheap"; card: CardId }
  | { code: "winSafe"; card: CardId }
  | { code: "winTry"; card: CardId }
  | { code: "playLow"; card: CardId }
  | { code: "only"; card: CardId };

const ACE = 0, KING = 1, OBER = 2;
const card = (suit: number, rank: number): CardId => suit * 9 + rank;

/** Strength for comparing any two cards in a hand with trump `t`: trumps above everything. */
export const power = (c: CardId, t: number): number => (isTrump(c, t) ? 100 + strength(c) : strength(c));

/**
 * Expected tricks of `hand` with trump `t` when `players` seats play: trump honours and length,
 * side Aces (and Kings guarded by them), and voids to ruff with.
 */
export function estimateTricks(hand: CardId[], t: number, players: number): number {
  // Counted in loops, not with filtered copies: the playouts call this for every seat's bid.
  let T = 0;
  let hasA = false, hasW = false, hasK = false, hasO = false;
  for (const c of hand) {
    if (!isTrump(c, t)) continue;
    T++;
    if (c === card(t, ACE)) hasA = true;
    else if (c === WELI) hasW = true;
    else if (c === card(t, KING)) hasK = true;
    else if (c === card(t, OBER)) hasO = true;
  }
  let v = 0;
  let honours = 0;
  if (hasA) (v += 1), honours++;
  if (hasW) (v += hasA ? 0.95 : 0.85), honours++;
  if (hasK) (v += (hasA || hasW ? 0.7 : 0.45) * (T >= 2 ? 1 : 0.6)), honours++;
  if (hasO) (v += T >= 3 ? 0.5 : 0.25), honours++;
  const low = T - honours;
  // Few players: fewer trumps out against you, so length counts for more.
  const lengthValue = (T >= 4 ? 0.6 : T >= 3 ? 0.45 : 0.25) + (players <= 3 ? 0.15 : 0);
  v += low * lengthValue;
  const aceValue = players <= 2 ? 0.9 : players === 3 ? 0.85 : 0.75;
  for (let s = 0; s < 4; s++) {
    if (s === t) continue;
    let len = 0;
    let a = false, k = false;
    for (const c of hand) {
      if (isTrump(c, t) || suitOf(c) !== s) continue;
      len++;
      if (c === card(s, ACE)) a = true;
      if (c === card(s, KING)) k = true;
    }
    if (len === 0) {
      if (T >= 2) v += 0.2; // a void to ruff with
      continue;
    }
    if (a) v += aceValue;
    if (k) v += a ? 0.45 : len >= 2 ? 0.25 : 0.1;
  }
  return Math.min(5, v);
}

export function bestTrump(hand: CardId[], players: number, rules: Rules): { suit: number; est: number } {
  let best = { suit: 0, est: -1 };
  for (let s = 0; s < 4; s++) {
    let est = estimateTricks(hand, s, players);
    if (s === 2 && rules.heartsDouble) est -= 0.25; // hearts doubles a failure too
    if (est > best.est) best = { suit: s, est };
  }
  return best;
}

/** How much a card is worth keeping with trump `t` (higher = keep). */
export function keepValue(c: CardId, hand: CardId[], t: number): number {
  if (isTrump(c, t)) return 20 + strength(c);
  const s = suitOf(c);
  const r = c % 9;
  if (r === ACE) return 12;
  if (r === KING && hand.includes(card(s, ACE))) return 9;
  return strength(c) / 4; // 0 … 3.5
}

/** Cards a seat should give away: all that are neither trumps nor Aces nor Kings guarded by one. */
export function cardsToExchange(hand: CardId[], t: number, max: number): CardId[] {
  const ranked = sortBy(hand.slice(), (c) => keepValue(c, hand, t));
  return ranked.filter((c) => keepValue(c, hand, t) < 9).slice(0, max);
}

export function worstCards(hand: CardId[], t: number, k: number): CardId[] {
  return sortBy(hand.slice(), (c) => keepValue(c, hand, t)).slice(0, k);
}

/**
 * Sorts `cards` in place by `key`, ascending, keeping the order of equal keys (as the built-in sort
 * does). Insertion sort: hands are short, and unlike the built-in sort it allocates nothing, which
 * counts in the searching bot's playouts (garbage collection landing on a decision).
 */
function sortBy(cards: CardId[], key: (c: CardId) => number): CardId[] {
  for (let i = 1; i < cards.length; i++) {
    const c = cards[i];
    const k = key(c);
    let j = i - 1;
    while (j >= 0 && key(cards[j]) > k) {
      cards[j + 1] = cards[j];
      j--;
    }
    cards[j + 1] = c;
  }
  return cards;
}

/**
 * Join or stay home: expected points of joining (count down: lower is better) against the cost of
 * staying home. The chance of taking no trick falls with the estimate (fitted on bot games: a
 * defender in a standard four-player game breaks even with staying home at about one trick).
 */
export function shouldJoin(est: number, cost: number, rules: Rules): boolean {
  const pNone = Math.pow(1 - Math.min(est, 1.5) / 1.5, 1.2);
  return rules.noTrickCost * pNone - est < cost;
}

/**
 * The least estimate worth a contract of 1…5 tricks. The declarer names trump, exchanges first
 * and leads, so a low contract pays even on a modest hand; a failed one costs ten. Fitted on bot
 * games (standard, four players): below these, defending scored better on average.
 */
export const BID_AT = [0, 0.3, 1.5, 2.9, 3.5, 4.6];

/**
 * The bid for a hand worth `value` tricks when `least` is the lowest bid allowed. Tricks score the
 * same whatever the bid, so bid only as high as needed to get the contract; in a single round the
 * dealer may still hold, so go one higher when the hand allows.
 */
export const bidTricks = (value: number, least: number, rules: Rules, seat: number, dealer: number): number =>
  rules.bidding === "single" && seat !== dealer ? Math.min(value, least + 1) : least;

/** The highest contract a hand is worth (0 = pass). */
export function bidValue(est: number, mayExchange: boolean): number {
  const e = est + (mayExchange ? 0 : -0.3);
  let v = 0;
  for (let c = 1; c <= 5; c++) if (e >= BID_AT[c]) v = c;
  return v;
}

export const mulatschakWorthy = (hand: CardId[], players: number, rules: Rules): boolean =>
  bestTrump(hand, players, rules).est >= 4.6;

/** A white hand (no figure), by the engine's own rule. */
export { isWhite as isWhiteHand } from "../engine/fast";

// ---- Trick play ---------------------------------------------------------------------------

export interface PlayContext {
  rules: Rules;
  trump: number;
  me: number;
  hand: CardId[];
  legal: CardId[];
  /** The current trick, in order. */
  trick: { seat: number; card: CardId }[];
  /** Seats still to play to this trick after me. */
  after: number[];
  declarer: number;
  /** Cards not in my hand and not played (may be held by others); null = no counting. */
  unseen: CardId[] | null;
  /** forbidden[seat][card] from voids shown; null = not tracked. */
  forbidden: boolean[][] | null;
  mulatschak: boolean;
}

/** Is `c` the highest card left of its suit (the trumps for a trump), counting `unseen`? */
function isMaster(c: CardId, ctx: PlayContext, unseen: CardId[]): boolean {
  const t = ctx.trump;
  const s = playSuit(c, t);
  for (const u of unseen) if (playSuit(u, t) === s && strength(u) > strength(c)) return false;
  return true;
}

function mayHold(ctx: PlayContext, seat: number, c: CardId): boolean {
  return !ctx.forbidden || !ctx.forbidden[seat][c];
}

/** Can any seat still to play beat `c` as the trick's best card (as far as we know)? */
function canBeBeaten(c: CardId, ctx: PlayContext, led: number): boolean {
  const t = ctx.trump;
  const unseen = ctx.unseen ?? fullUnseen(ctx);
  for (const seat of ctx.after) {
    for (const u of unseen) {
      if (!mayHold(ctx, seat, u)) continue;
      if (!beats(u, c, led, t)) continue;
      // A side-suit card ruffed only if that seat may be out of the led suit.
      if (isTrump(u, t) && led !== t && !isTrump(c, t)) {
        let canFollow = false;
        let suitLeft = 0;
        for (const x of unseen) {
          if (playSuit(x, t) !== led) continue;
          suitLeft++;
          if (mayHold(ctx, seat, x)) canFollow = true;
        }
        if (canFollow && suitLeft >= 2 * ctx.after.length) continue; // most likely it follows
      }
      return true;
    }
  }
  return false;
}

/** Without counting: every card not in my hand might be anywhere. */
function fullUnseen(ctx: PlayContext): CardId[] {
  const out: CardId[] = [];
  const played = new Set(ctx.trick.map((x) => x.card));
  for (let c = 0; c < 36; c++) if (!ctx.hand.includes(c) && !played.has(c)) out.push(c);
  return out;
}

function lowest(cards: CardId[], ctx: PlayContext): CardId {
  let a = cards[0];
  for (let i = 1; i < cards.length; i++) if (discardValue(cards[i], ctx) < discardValue(a, ctx)) a = cards[i];
  return a;
}

/** Which card to throw away: low cards of short side suits first, trumps last. */
function discardValue(c: CardId, ctx: PlayContext): number {
  const t = ctx.trump;
  if (isTrump(c, t)) return 100 + strength(c);
  const s = suitOf(c);
  let len = 0;
  for (const x of ctx.hand) if (!isTrump(x, t) && suitOf(x) === s) len++;
  return strength(c) * 2 + len; // shorter suit → lower → thrown first (makes a void)
}

export function chooseCard(ctx: PlayContext): { card: CardId; why: Why } {
  const { legal, trump: t } = ctx;
  if (legal.length === 1) return { card: legal[0], why: { code: "only", card: legal[0] } };
  if (ctx.trick.length === 0) return lead(ctx);
  const led = playSuit(ctx.trick[0].card, t);
  let best = ctx.trick[0].card;
  for (const x of ctx.trick) if (beats(x.card, best, led, t)) best = x.card;
  const winners = sortBy(
    legal.filter((c) => beats(c, best, led, t)),
    (c) => power(c, t),
  );
  // In a Mulatschak the defenders need one trick between them, and anyone's does: don't fight a
  // fellow defender's winning card.
  if (ctx.mulatschak && ctx.me !== ctx.declarer) {
    const bestSeat = ctx.trick.find((x) => x.card === best)!.seat;
    if (bestSeat !== ctx.declarer) {
      const c = lowest(legal, ctx);
      return { card: c, why: { code: "playLow", card: c } };
    }
  }
  if (winners.length === 0) {
    const c = lowest(legal, ctx);
    return { card: c, why: { code: "playLow", card: c } };
  }
  if (ctx.after.length === 0) return { card: winners[0], why: { code: "winCheap", card: winners[0] } };
  const safe = winners.find((c) => !canBeBeaten(c, ctx, led));
  if (safe !== undefined) return { card: safe, why: { code: "winSafe", card: safe } };
  // Nothing sure: try with the highest unless that would spend a top trump on a hopeless trick.
  const top = winners[winners.length - 1];
  if (isTrump(top, t) && strength(top) >= 14 && !ctx.mulatschak) {
    const nonTrumpLegal = legal.filter((c) => !isTrump(c, t));
    if (nonTrumpLegal.length > 0) {
      const c = lowest(nonTrumpLegal, ctx);
      return { card: c, why: { code: "playLow", card: c } };
    }
  }
  return { card: top, why: { code: "winTry", card: top } };
}

function lead(ctx: PlayContext): { card: CardId; why: Why } {
  const { legal, trump: t } = ctx;
  const unseen = ctx.unseen ?? fullUnseen(ctx);
  const trumps = sortBy(
    legal.filter((c) => isTrump(c, t)),
    (c) => -power(c, t),
  );
  const side = legal.filter((c) => !isTrump(c, t));
  let trumpsOut = 0;
  for (const c of unseen) if (isTrump(c, t)) trumpsOut++;
  const declaring = ctx.me === ctx.declarer;

  if (trumps.length > 0 && trumpsOut > 0 && isMaster(trumps[0], ctx, unseen) && (declaring || trumps.length >= 2)) {
    return { card: trumps[0], why: { code: "leadTrumpMaster", card: trumps[0] } };
  }
  if (declaring && trumps.length >= 3 && trumpsOut > 0) {
    const c = trumps[trumps.length - 1];
    return { card: c, why: { code: "leadTrumpMany", n: trumps.length } };
  }
  const masters = sortBy(
    side.filter((c) => isMaster(c, ctx, unseen)),
    (c) => -sideLeft(c, ctx, unseen),
  );
  if (masters.length > 0 && (trumpsOut === 0 || sideLeft(masters[0], ctx, unseen) >= 2)) {
    return { card: masters[0], why: { code: "leadMaster", card: masters[0] } };
  }
  if (trumps.length > 0 && trumpsOut === 0) return { card: trumps[0], why: { code: "leadTrumpMaster", card: trumps[0] } };
  if (side.length > 0) {
    const c = lowest(side, ctx);
    return { card: c, why: { code: "leadShort", card: c } };
  }
  const c = trumps[trumps.length - 1];
  return { card: c, why: { code: "leadShort", card: c } };
}

/** Cards of `c`'s suit still out: the more, the likelier the others follow instead of ruffing. */
function sideLeft(c: CardId, ctx: PlayContext, unseen: CardId[]): number {
  const s = playSuit(c, ctx.trump);
  let n = 0;
  for (const u of unseen) if (playSuit(u, ctx.trump) === s) n++;
  return n;
}
