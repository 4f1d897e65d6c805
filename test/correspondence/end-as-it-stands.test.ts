// The end by agreement (or by the league) scores the game as it stands: the fewest points win, and
// a seat whose player left gave the game up, so it is not named among the winners.
import { describe, expect, it } from "vitest";
import { createGame, resolveRules } from "../../worker/engine";
import { endAsItStands } from "../../worker/table/lifecycle";
import type { SeatRecord } from "../../worker/table/model";

function table(points: number[], left: number[]) {
  const r = resolveRules({ preset: "standard", players: points.length });
  if (!r.ok) throw new Error("rules");
  const state = createGame(r.rules, { seed: "end", dealer: 0, points });
  const seats: SeatRecord[] = points.map((_, seat) => ({ seat, name: `S${seat}`, tokenHash: null, bot: null, leftBot: left.includes(seat) ? "normal" : null }));
  return { state, seats };
}

describe("endAsItStands", () => {
  it("names no seat that had left among the winners of a tie", () => {
    expect(endAsItStands(table([10, 10, 10, 10], [2]), "score", 0).winners).toEqual([0, 1, 3]);
  });
  it("names no seat that had left even with the fewest points", () => {
    expect(endAsItStands(table([12, 3, 10, 8], [1]), "score", 0).winners).toEqual([3]);
  });
  it("scores the seats as they stand when nobody left", () => {
    expect(endAsItStands(table([12, 3, 10, 3], []), "score", 0).winners).toEqual([1, 3]);
  });
  it("names the left seats when every seat still in the game was left", () => {
    expect(endAsItStands(table([5, 7, 5], [0, 1, 2]), "score", 0).winners).toEqual([0, 2]);
  });
  it("annuls with no winners", () => {
    expect(endAsItStands(table([5, 7, 5], [1]), "annul", 0, "league")).toMatchObject({ winners: [], by: "league" });
  });
});
