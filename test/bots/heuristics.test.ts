// The rules of thumb on concrete hands.
import { describe, expect, it } from "vitest";
import { applyAction, createGame, parseCard, resolveRules, viewFor, type GameState, type Rules } from "../../worker/engine";
import { bestTrump, bidValue, cardsToExchange, chooseCard, shouldJoin, type PlayContext } from "../../worker/bots/heuristics";
import { decide } from "../../worker/bots/policy";
import { hint } from "../../worker/bots/hint";
import { rulesFor } from "./helpers";

const ids = (names: string[]) => names.map(parseCard);
const E = 0, L = 1;

/** Four players, dealer 0: seats speak 1, 2, 3, 0. Hands are given by seat; the talon follows. */
function game(rules: Rules, hands: string[][], talon: string[]): GameState {
  return createGame(rules, { seed: "h", dealer: 0, deals: [{ hands, talon }] });
}

function act(state: GameState, seat: number, action: object): GameState {
  const r = applyAction(state, seat, action);
  if (!r.ok) throw new Error(r.error.message);
  return r.state;
}

const HANDS = [
  ["LU", "L8", "H10", "H9", "S8"],
  ["EU", "L7", "H8", "S9", "L10"], // one low figure, nothing else
  ["LA", "LK", "HA", "SA", "S10"],
  ["W", "EA", "EK", "EO", "E9"], // the Weli and four Eichel
];
const TALON = ["E10", "E8", "E7", "E6", "L6", "LO", "L9", "H7", "H6", "HK", "HO", "HU", "S7", "SK", "SO", "SU"];

describe("bidding", () => {
  const rules = rulesFor("standard", 4);
  let s = game(rules, HANDS, TALON);
  for (const seat of [1, 2, 3, 0]) s = act(s, seat, { type: "noMulatschak" });

  it("a hand with four trumps and the Weli bids high, even over a bid of three", () => {
    expect(bidValue(bestTrump(ids(HANDS[3]), 4, rules).est, true)).toBeGreaterThanOrEqual(4);
    let t = act(s, 1, { type: "pass" });
    t = act(t, 2, { type: "bid", tricks: 3 });
    const d = decide(viewFor(t, 3), rules, "normal");
    expect(d?.action).toEqual({ type: "bid", tricks: 4 });
  });

  it("a lone low figure passes over a bid (and opens only the cheapest contract)", () => {
    // Swap seats 1 and 2: the Aces speak first and bid 2.
    let t = game(rules, [HANDS[0], HANDS[2], HANDS[1], HANDS[3]], TALON);
    for (const seat of [1, 2, 3, 0]) t = act(t, seat, { type: "noMulatschak" });
    expect(decide(viewFor(t, 1), rules, "normal")?.action).toEqual({ type: "bid", tricks: 2 });
    t = act(t, 1, { type: "bid", tricks: 2 });
    expect(decide(viewFor(t, 2), rules, "normal")?.action).toEqual({ type: "pass" });
    expect(hint(viewFor(t, 2), rules)?.reason.en).toBe("pass: 2 is already more than the hand carries");
    // Nobody bid yet: a contract of one is cheap for the declarer, who exchanges first.
    expect(decide(viewFor(s, 1), rules, "normal")?.action).toEqual({ type: "bid", tricks: 1 });
  });

  it("a hand without trumps worth the name passes even first", () => {
    const weak = ids(["EU", "L7", "H8", "S9", "S10"]);
    expect(bidValue(bestTrump(weak, 4, rules).est, false)).toBe(0);
  });

  it("names the long suit with the Weli as trump", () => {
    let t = act(s, 1, { type: "pass" });
    t = act(t, 2, { type: "pass" });
    t = act(t, 3, { type: "bid", tricks: 2 });
    t = act(t, 0, { type: "pass" });
    expect(decide(viewFor(t, 3), rules, "normal")?.action).toEqual({ type: "trump", suit: "E" });
    expect(hint(viewFor(t, 3), rules)?.reason).toEqual({ de: "Eichel als Trumpf: du hast 5 davon", en: "Acorns as trump: you hold 5 of them" });
  });
});

describe("exchange and staying home", () => {
  it("keeps trumps, Aces and guarded Kings and gives away the rest", () => {
    const given = cardsToExchange(ids(["EA", "W", "LA", "LK", "H7", "S8"]), E, 5);
    expect(given.sort()).toEqual(ids(["H7", "S8"]).sort());
    expect(cardsToExchange(ids(["EA", "W", "H7", "S8", "H9"]), E, 2)).toHaveLength(2);
  });

  it("stays home with nothing and joins with a trick or two", () => {
    const std = rulesFor("standard", 4);
    expect(shouldJoin(0.3, 1, std)).toBe(false);
    expect(shouldJoin(1.6, 1, std)).toBe(true);
    // Without a cost for taking no trick (Bergxi) joining is always better.
    expect(shouldJoin(0, 3, rulesFor("bergxi", 4))).toBe(true);
  });
});

describe("trick play", () => {
  const rules = rulesFor("standard", 4);
  const ctx = (o: Partial<PlayContext>): PlayContext => ({
    rules,
    trump: E,
    me: 2,
    hand: [],
    legal: [],
    trick: [],
    after: [],
    declarer: 0,
    unseen: null,
    forbidden: null,
    mulatschak: false,
    ...o,
  });

  it("follows low when the trick is lost", () => {
    const hand = ids(["L10", "L7", "EA"]);
    const c = chooseCard(ctx({ hand, legal: ids(["L10", "L7"]), trick: [{ seat: 1, card: parseCard("LA") }], after: [3] }));
    expect(c.card).toBe(parseCard("L7"));
    expect(c.why.code).toBe("playLow");
  });

  it("wins as cheaply as it can when playing last", () => {
    const hand = ids(["LA", "LK", "H7"]);
    const trick = [{ seat: 3, card: parseCard("L10") }, { seat: 0, card: parseCard("L7") }, { seat: 1, card: parseCard("LU") }];
    const c = chooseCard(ctx({ hand, legal: ids(["LA", "LK"]), trick, after: [] }));
    expect(c.card).toBe(parseCard("LK"));
  });

  it("as declarer with four trumps, leads trump (low, the Ace and Weli are out)", () => {
    const hand = ids(["EK", "EO", "E9", "E8", "L7"]);
    const unseen = ids(["EA", "W", "EU", "E10", "LA", "LK", "H7", "SA"]);
    const c = chooseCard(ctx({ me: 0, declarer: 0, hand, legal: hand, unseen, after: [1, 2, 3] }));
    expect(c.card).toBe(parseCard("E8"));
    expect(c.why).toEqual({ code: "leadTrumpMany", n: 4 });
  });

  it("leads the top trump when it is the highest left", () => {
    const hand = ids(["EA", "E9", "L7"]);
    const unseen = ids(["W", "EK", "LA", "H7"]);
    const c = chooseCard(ctx({ me: 0, declarer: 0, hand, legal: hand, unseen, after: [1, 2, 3] }));
    expect(c.card).toBe(parseCard("EA"));
  });

  it("does not spend a sure winner of another suit when a defender already heads a Mulatschak", () => {
    const hand = ids(["LA", "L9"]);
    const trick = [{ seat: 0, card: parseCard("LK") }, { seat: 1, card: parseCard("E7") }];
    const c = chooseCard(ctx({ hand, legal: hand, trick, after: [3], mulatschak: true, trump: L === 1 ? E : E }));
    expect(c.card).toBe(parseCard("L9"));
  });
});

describe("strong's candidates", () => {
  it("searches one card of each run of touching cards, but keeps cards the trick separates", async () => {
    const { candidates } = await import("../../worker/bots/strong");
    const r = resolveRules({ preset: "standard", players: 4, mustHead: false }); // all three Laub may follow
    if (!r.ok) throw new Error(r.error.message);
    const rules = r.rules;
    // A play view by hand: trump Eichel, Laub led with the L8; this seat holds L9 L7 L6 and H10.
    const view = {
      you: 2, phase: "play", hand: ["L9", "L7", "L6", "H10", "EA"], toAct: [2], dealer: 0, declarer: 1, contract: 2,
      trump: "E", stake: 1, stakeReasons: [], trick: [{ seat: 1, card: "L8" }], lastTrick: null, tricks: [], shown: null,
      speakingOrder: [], weliCutBy: null, talonSize: 0, handNo: 1, handsPlayed: [], events: [], winners: null,
      legal: [{ type: "play", card: "L9" }, { type: "play", card: "L7" }, { type: "play", card: "L6" }],
      players: [0, 1, 2, 3].map((seat) => ({ seat, points: 15, bid: { kind: "none" }, tricks: 0, status: "playing", cards: 5, exchanged: 0 })),
    } as unknown as Parameters<typeof candidates>[0];
    const cards = candidates(view, rules, { type: "play", card: "L9" }).map((a) => (a.type === "play" ? a.card : ""));
    // L9 beats the L8 and L7 does not: both stay; L7 and L6 touch: one of them is enough.
    expect(cards.sort()).toEqual(["L6", "L9"]);
  });
});
