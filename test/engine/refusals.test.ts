// Refusals say what is true for the seat refused (RULES.md §2.4, §2.5, §2.6, §2.9): the code of
// SCENARIOS.md and a message about this seat at this table, never a rule of another table.
import { describe, expect, it } from "vitest";
import { applyAction, createGame, legalSummary, resolveRules, type Action, type GameState } from "../../worker/engine";
import { deal } from "./kit/fixed-deal";

function game(rules: Record<string, unknown>, hands: string[], deck: 33 | 36): GameState {
  const r = resolveRules(rules);
  if (!r.ok) throw new Error(r.error.message);
  return createGame(r.rules, { seed: "refusals", dealer: 3, deals: [deal(deck, hands), deal(deck, hands)] });
}

function play(state: GameState, steps: [number, Action][]): GameState {
  for (const [seat, action] of steps) {
    const r = applyAction(state, seat, action);
    if (!r.ok) throw new Error(`${JSON.stringify(action)} by ${seat}: ${r.error.message}`);
    state = r.state;
  }
  return state;
}

function refusal(state: GameState, seat: number, action: Action) {
  const r = applyAction(state, seat, action);
  if (r.ok) throw new Error(`${JSON.stringify(action)} by ${seat} was accepted`);
  return r.error;
}

const FIGURES = ["EA EK EO EU E10", "LA LK LO LU L10", "HA HK HO HU H10", "SA SK SO SU S10"];
/** Bergxi (33 cards): seat 1 holds no figure, a white hand. */
const SEAT1_WHITE = ["EA EK EO EU E10", "E9 E8 L10 L9 H10", "LA LK LO LU L8", "HA HK HO HU H9"];
const pass = { type: "pass" } as const;
const bid = (tricks: number) => ({ type: "bid", tricks }) as const;

describe("a Mulatschak called in the bidding", () => {
  it("under mulatschakCall: round is told it belongs to the round before the bidding", () => {
    let s = game({ preset: "standard", players: 4 }, FIGURES, 36);
    s = play(s, [0, 1, 2, 3].map((seat) => [seat, { type: "noMulatschak" }]));
    const e = refusal(s, 0, { type: "mulatschak" });
    expect(e.code).toBe("INVALID_ACTION");
    expect(e.message).toBe("At this table a Mulatschak is called in the round before the bidding, not in the bidding.");
  });

  it("under inBidding after the first round is told: only in the first round", () => {
    let s = game({ preset: "bergxi", players: 4 }, SEAT1_WHITE, 33);
    s = play(s, [[0, bid(2)], [1, pass], [2, pass], [3, pass], [0, pass]]);
    const e = refusal(s, 1, { type: "mulatschak" });
    expect(e).toEqual({ code: "INVALID_ACTION", message: "A Mulatschak can only be called in the first round of bidding." });
  });
});

describe("folding a white hand (whiteHand: fold)", () => {
  it("is open to the seat that holds the highest bid, and its refusals say so", () => {
    let s = game({ preset: "bergxi", players: 4 }, SEAT1_WHITE, 33);
    s = play(s, [[0, pass], [1, bid(1)], [2, pass], [3, pass], [0, pass]]);
    expect(legalSummary(s, 1)).toEqual([{ type: "pass" }, { type: "white" }]);
    expect(refusal(s, 1, bid(2))).toEqual({ code: "INVALID_ACTION", message: "You hold the highest bid: you can only pass or fold your white hand." });
    const folded = play(s, [[1, { type: "white" }]]);
    expect(folded.stake).toBe(2);
    expect(folded.stakeReasons).toEqual(["white"]);
  });

  it("tells each seat the reason that holds for it", () => {
    let s = game({ preset: "bergxi", players: 4 }, SEAT1_WHITE, 33);
    s = play(s, [[0, bid(2)]]);
    expect(refusal(s, 1, { type: "white" }).message).toBe("A white hand may fold only after the first round of bidding.");
    s = play(s, [[1, pass], [2, pass], [3, pass]]);
    // Seat 0 holds the highest bid and figures.
    expect(refusal(s, 0, { type: "white" }).message).toBe("Only a white hand may fold: yours holds a figure.");
    expect(refusal(s, 0, bid(3)).message).toBe("You hold the highest bid and can only pass.");
    const std = game({ preset: "standard", players: 4, mulatschakCall: "inBidding" }, FIGURES, 36);
    expect(refusal(std, 0, { type: "white" }).message).toBe("White hands are not folded at this table.");
  });
});

describe("bids", () => {
  it("above a bid of 5 are refused as impossible, not with a number nobody may bid", () => {
    let s = game({ preset: "bergxi", players: 4 }, SEAT1_WHITE, 33);
    s = play(s, [[0, bid(5)]]);
    expect(refusal(s, 1, bid(5))).toEqual({ code: "BID_TOO_LOW", message: "5 tricks are bid already: nobody can bid higher." });
    expect(refusal(s, 1, bid(6)).code).toBe("BID_TOO_HIGH");
  });
});

describe("Fünf auf die Sau and dropping out", () => {
  it("under faceUp: app the declarer is told the table does not play it", () => {
    let s = game({ preset: "standard", players: 4 }, FIGURES, 36);
    s = play(s, [0, 1, 2, 3].map((seat) => [seat, { type: "noMulatschak" }]));
    s = play(s, [[0, bid(1)], [1, pass], [2, pass], [3, pass], [0, { type: "trump", suit: "E" }]]);
    const e = refusal(s, 0, { type: "fiveOnSau" });
    expect(e).toEqual({ code: "EXCHANGE_NOT_ALLOWED", message: "Fünf auf die Sau is played only with the Bergxi face-up rules (faceUp: bergxi)." });
    expect(refusal(s, 0, { type: "stayHome" }).message).toBe("The declarer cannot stay home.");
  });

  it("under Bergxi another seat is told only the declarer may, and when it may drop out", () => {
    let s = game({ preset: "bergxi", players: 4 }, SEAT1_WHITE, 33);
    s = play(s, [[0, bid(2)], [1, pass], [2, pass], [3, pass], [0, pass], [1, pass], [2, pass], [3, pass]]);
    s = play(s, [[0, { type: "trump", suit: "E" }], [0, { type: "exchange", cards: [] }]]);
    expect(refusal(s, 1, { type: "fiveOnSau" })).toEqual({ code: "EXCHANGE_NOT_ALLOWED", message: "Only the declarer may play Fünf auf die Sau." });
    expect(refusal(s, 1, { type: "stayHome" })).toEqual({ code: "CANNOT_STAY_HOME", message: "Only the last seat to exchange may drop out on a short talon." });
  });
});
