import { describe, expect, it } from "vitest";
import { parseCard } from "../../worker/engine/cards";
import { beats, trickWinner } from "../../worker/engine/tricks";

const c = parseCard;
const trick = (...cards: string[]) => cards.map((card, seat) => ({ seat, card: c(card) }));
const E = 0, L = 1, H = 2, S = 3;

describe("trick winner", () => {
  it("highest card of the led suit wins without trumps", () => {
    expect(trickWinner(trick("H7", "HK", "HO", "EA"), L).seat).toBe(1);
  });
  it("a trump wins over the led suit (RULES §4: seed 000's example)", () => {
    expect(trickWinner(trick("H7", "HK", "HO", "LK"), L).seat).toBe(3);
  });
  it("the Weli ranks between the trump Ace and King", () => {
    expect(trickWinner(trick("EK", "W", "E10"), E).seat).toBe(1);
    expect(trickWinner(trick("W", "EA", "EK"), E).seat).toBe(1);
  });
  it("the Weli is never a Schellen card: it trumps a Schellen lead when Schellen is not trump", () => {
    expect(trickWinner(trick("SA", "W"), H).seat).toBe(1);
    expect(beats(c("W"), c("SA"), S, H)).toBe(true);
  });
  it("an off-suit card never wins", () => {
    expect(beats(c("EA"), c("H7"), H, L)).toBe(false);
  });
});
