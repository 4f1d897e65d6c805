// The deal a seed gives is fixed: a table's game can be replayed from its seed and actions, so a
// change to the shuffle or the generator must show up here, not silently in old games. These are
// the hands (seat 0 first, the dealer's seat empty when five sit and the dealer sits out) and the
// talon as the engine dealt them before and after its speed work (checked against both).
import { describe, expect, it } from "vitest";
import { cardName, createGame, resolveRules } from "../../worker/engine";

const GOLDEN: [string, number, string[][]][] = [
  ["standard", 4, [["EO", "EU", "S8", "HK", "SK"], ["EK", "HO", "H7", "S10", "S7"], ["SA", "E8", "LK", "L6", "S9"], ["EA", "LA", "SU", "E7", "H9"], ["L8", "SO", "E10", "LU", "H8", "H6", "LO", "E9", "E6", "W", "L7", "L9", "H10", "HU", "HA", "L10"]]],
  ["bergxi", 3, [["L9", "HK", "EK", "H10", "SO"], ["E7", "L7", "L10", "HO", "H9"], ["W", "S10", "S8", "EA", "E9"], ["SU", "LO", "H7", "E10", "LA", "E8", "SK", "S9", "S7", "HA", "SA", "HU", "H8", "EU", "LK", "LU", "EO", "L8"]]],
  ["murln", 5, [[], ["S10", "L7", "E9", "HU", "E10"], ["HK", "EK", "EO", "H8", "H10"], ["W", "SA", "L9", "SO", "LA"], ["SU", "LU", "L8", "SK", "HO"], ["H9", "E7", "LK", "L10", "HA", "S8", "E8", "EA", "LO", "S9", "EU", "H7", "S7"]]],
];

describe("the first deal of a seed", () => {
  it.each(GOLDEN)("%s with %i players", (preset, players, dealt) => {
    const r = resolveRules({ preset, players });
    if (!r.ok) throw new Error(r.error.message);
    const g = createGame(r.rules, { seed: `golden-${preset}-${players}` });
    expect([...g.hand.hands.map((h) => h.map(cardName)), g.hand.talon.map(cardName)]).toEqual(dealt);
  });
});
