// The heuristic players (`easy`, `normal`) and the hints: one decision from a seat's view, with
// the reason. `easy` reads the same rules of thumb but does not count cards or track voids and
// bids from the dealt hand alone.
import { cardName, parseCard, SUITS, type Action, type CardId, type LegalSummary, type Rules, type View } from "../engine";
import { suitIndex } from "../engine/fast";
import {
  bestTrump,
  bidTricks,
  bidValue,
  cardsToExchange,
  chooseCard,
  estimateTricks,
  isWhiteHand,
  keepValue,
  mulatschakWorthy,
  shouldJoin,
  worstCards,
  type Why,
} from "./heuristics";
import { know, playingSeats } from "./knowledge";

export type Skill = "easy" | "normal";
export interface Decision {
  action: Action;
  why: Why;
}

const has = (legal: LegalSummary[], type: string) => legal.some((a) => a.type === type);

/** Seats in the hand and not at home (so far). */
const seatsPlaying = (view: View) => Math.max(2, playingSeats(view).length);

export function decide(view: View, rules: Rules, skill: Skill = "normal"): Decision | null {
  const legal = view.legal;
  if (legal.length === 0) return null;
  const hand = view.hand.map(parseCard);
  const players = seatsPlaying(view);
  const mayExchange = view.players[view.you].points > rules.noExchangeAt;
  switch (view.phase) {
    case "mulatschak":
      return mulatschakWorthy(hand, players, rules)
        ? { action: { type: "mulatschak" }, why: { code: "mulatschak", n: 5 } }
        : { action: { type: "noMulatschak" }, why: { code: "noMulatschak" } };
    case "bidding":
      return bid(view, rules, hand, players, mayExchange, skill);
    case "trump": {
      const { suit } = bestTrump(hand, players, rules);
      const n = hand.filter((c) => c === 35 || (c / 9 | 0) === suit).length;
      return { action: { type: "trump", suit: SUITS[suit] }, why: { code: "trump", suit, n } };
    }
    case "exchange":
      return exchange(view, rules, hand, players, mayExchange, skill);
    case "play":
      return play(view, rules, hand, skill);
    default:
      return null;
  }
}

function bid(view: View, rules: Rules, hand: CardId[], players: number, mayExchange: boolean, skill: Skill): Decision {
  const legal = view.legal;
  if (legal.length === 1) return { action: legal[0] as Action, why: { code: "mustPass" } };
  if (has(legal, "white") && isWhiteHand(hand)) return { action: { type: "white" }, why: { code: "white" } };
  if (has(legal, "mulatschak") && mulatschakWorthy(hand, players, rules)) {
    return { action: { type: "mulatschak" }, why: { code: "mulatschak", n: 5 } };
  }
  const { est } = bestTrump(hand, players, rules);
  const value = skill === "easy" ? Math.floor(est + 0.3) : bidValue(est, mayExchange);
  const bids = legal.flatMap((a) => (a.type === "bid" ? [a.tricks] : []));
  const high = Math.max(0, ...view.players.map((p) => (p.bid.kind === "bid" || p.bid.kind === "hold" ? p.bid.tricks : 0)));
  if (has(legal, "hold") && high > 0 && value >= high) return { action: { type: "hold" }, why: { code: "hold", n: high } };
  const least = bids.length > 0 ? Math.min(...bids) : 6;
  if (value >= least) {
    const n = skill === "easy" ? value : bidTricks(value, least, rules, view.you, view.dealer);
    return { action: { type: "bid", tricks: n }, why: { code: "bid", n, est } };
  }
  return { action: { type: "pass" }, why: high > 0 && value > 0 ? { code: "passOutbid", n: high } : { code: "passWeak", est } };
}

function exchange(view: View, rules: Rules, hand: CardId[], players: number, mayExchange: boolean, skill: Skill): Decision {
  const legal = view.legal;
  const t = suitIndex(view.trump!);
  const bonus = skill === "easy" ? 0.3 : 0; // easy joins too often
  const est = estimateTricks(hand, t, players) + bonus;
  if (has(legal, "join")) {
    if (!has(legal, "stayHome")) return { action: { type: "join" }, why: { code: "mustJoin" } };
    return shouldJoin(est, rules.stayHome as number, rules)
      ? { action: { type: "join" }, why: { code: "join", est } }
      : { action: { type: "stayHome" }, why: { code: "stayHome", est } };
  }
  const ex = legal.find((a) => a.type === "exchange");
  if (ex && ex.type === "exchange" && "max" in ex) {
    if (has(legal, "stayHome") && !shouldJoin(est, rules.shortTalonOut as number, rules)) {
      return { action: { type: "stayHome" }, why: { code: "stayHome", est } };
    }
    if (has(legal, "fiveOnSau")) {
      const sau = t * 9;
      const junk = hand.filter((c) => c !== sau && keepValue(c, hand, t) < 9).length;
      if (junk >= 4) return { action: { type: "fiveOnSau" }, why: { code: "fiveOnSau" } };
    }
    if (ex.max === 0) return { action: { type: "exchange", cards: [] }, why: { code: "noExchange" } };
    let cards = cardsToExchange(hand, t, ex.max);
    if (skill === "easy") cards = cards.slice(0, Math.min(cards.length, 3));
    const min = ex.min ?? 0;
    if (cards.length < min) cards = worstCards(hand, t, min);
    return {
      action: { type: "exchange", cards: cards.map(cardName) },
      why: cards.length > 0 ? { code: "exchange", n: cards.length } : { code: "keepAll" },
    };
  }
  if (has(legal, "takeShown") || has(legal, "leaveShown")) {
    const shown = parseCard(view.shown?.card);
    const app = legal.some((a) => a.type === "takeShown" && a.discard !== undefined);
    if (app) {
      const worst = worstCards(hand, t, 1)[0];
      const gain = keepValue(shown, [...hand, shown], t) - keepValue(worst, hand, t);
      if (gain > 1) return { action: { type: "takeShown", discard: cardName(worst) }, why: { code: "takeShown", card: shown } };
      return { action: { type: "leaveShown" }, why: { code: "leaveShown", card: shown } };
    }
    // Gschaude: the shown card replaces the one put away; leaving it draws an unknown card.
    return keepValue(shown, hand, t) >= 3
      ? { action: { type: "takeShown" }, why: { code: "takeShown", card: shown } }
      : { action: { type: "leaveShown" }, why: { code: "leaveShown", card: shown } };
  }
  const dis = legal.find((a) => a.type === "discard");
  if (dis && dis.type === "discard" && "count" in dis) {
    const cards = worstCards(hand, t, dis.count);
    return { action: { type: "discard", cards: cards.map(cardName) }, why: { code: "discardWorst", n: cards.length } };
  }
  return { action: legal[0] as Action, why: { code: "noExchange" } };
}

function play(view: View, rules: Rules, hand: CardId[], skill: Skill): Decision {
  const k = know(view, rules);
  const legal = view.legal.flatMap((a) => (a.type === "play" ? [parseCard(a.card)] : []));
  const playing = k.playing;
  const trick = view.trick.map((x) => ({ seat: x.seat, card: parseCard(x.card) }));
  const i = playing.indexOf(view.you);
  const rest = playing.length - trick.length - 1;
  const after: number[] = [];
  for (let j = 1; j <= rest; j++) after.push(playing[(i + j) % playing.length]);
  const { card, why } = chooseCard({
    rules,
    trump: k.trump,
    me: view.you,
    hand,
    legal,
    trick,
    after,
    declarer: view.declarer ?? -1,
    unseen: skill === "easy" ? null : k.unseen,
    forbidden: skill === "easy" ? null : k.forbidden,
    mulatschak: view.contract === "mulatschak",
  });
  return { action: { type: "play", card: cardName(card) }, why };
}
