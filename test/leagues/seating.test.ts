// Seating fairness over simulated seasons: pair counts level (within one) where the numbers allow,
// bot tables and "sits right after" spread, every member seated exactly once a round.
import { describe, expect, it } from "vitest";
import { randomSource } from "../../worker/engine";
import { measure, seatRound, tableShapes, type SeatedTable } from "../../worker/leagues/seating";

const names = (n: number) => [...Array(n)].map((_, i) => `m${String(i).padStart(2, "0")}`);

function season(n: number, tableSize: number, allowBots: boolean, rounds: number, seed: string) {
  const members = names(n);
  const history: SeatedTable[] = [];
  const random = randomSource(seed);
  for (let r = 0; r < rounds; r++) {
    const tables = seatRound({ members, tableSize, allowBots, history, random, seasonRounds: rounds, roundsPlayed: r, seed });
    // Everyone seated exactly once, bots only where allowed.
    expect(tables.flat().filter((m) => m !== null).sort()).toEqual(members);
    if (!allowBots) expect(tables.flat()).not.toContain(null);
    for (const t of tables) expect(t.length).toBeGreaterThanOrEqual(3);
    history.push(...tables);
  }
  return measure(members, history);
}

describe("table shapes", () => {
  it("splits without bots into tables of 3 to 5 close to the asked size", () => {
    expect(tableShapes(12, 4, false).map((s) => s.seats)).toEqual([4, 4, 4]);
    expect(tableShapes(13, 4, false).map((s) => s.seats).sort()).toEqual([4, 4, 5]);
    expect(tableShapes(10, 4, false).map((s) => s.seats).sort()).toEqual([3, 3, 4]);
    expect(tableShapes(4, 3, false).map((s) => s.seats)).toEqual([4]);
    expect(() => tableShapes(2, 4, false)).toThrow();
  });

  it("fills with bots, spread over the tables, when allowed", () => {
    const shapes = tableShapes(10, 4, true);
    expect(shapes.map((s) => s.seats)).toEqual([4, 4, 4]);
    expect(shapes.map((s) => s.members).sort()).toEqual([3, 3, 4]);
  });
});

describe("a simulated season", () => {
  it.each(["a", "b", "c"])("12 members, tables of 4, 10 rounds: pair counts within one (seed %s)", (seed) => {
    const f = season(12, 4, false, 10, seed);
    expect(f.pairMax - f.pairMin).toBeLessThanOrEqual(1);
    // 30 meetings each over 11 others: 2 or 3 with everybody.
    expect([f.pairMin, f.pairMax]).toEqual([2, 3]);
    expect(f.afterMax).toBeLessThanOrEqual(2);
  }, 60_000);

  it("12 members, tables of 5 (so 4 each), 10 rounds: pair counts within one", () => {
    const f = season(12, 5, false, 10, "five");
    expect(f.pairMax - f.pairMin).toBeLessThanOrEqual(1);
  }, 60_000);

  it("10 members with bots at tables of 4: pairs within one, bot tables spread", () => {
    const f = season(10, 4, true, 10, "bots");
    expect(f.pairMax - f.pairMin).toBeLessThanOrEqual(1);
    expect(f.botMax - f.botMin).toBeLessThanOrEqual(2);
  }, 60_000);

  it("replans when a member leaves mid-season and still seats everyone", () => {
    const members = names(12);
    const history: SeatedTable[] = [];
    const random = randomSource("leave");
    for (let r = 0; r < 6; r++) {
      const now = r < 3 ? members : members.slice(1);
      const tables = seatRound({ members: now, tableSize: 4, allowBots: false, history, random, seasonRounds: 6, roundsPlayed: r, seed: "leave", iterations: 200_000 });
      expect(tables.flat().filter((m) => m !== null).sort()).toEqual(now);
      history.push(...tables);
    }
    const f = measure(members.slice(1), history);
    expect(f.pairMax - f.pairMin).toBeLessThanOrEqual(2);
  }, 60_000);
});
