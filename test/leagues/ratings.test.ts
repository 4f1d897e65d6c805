// The standings' own Plackett-Luce update (ratings.ts) against openskill's `rate`, which it
// writes out for speed: the same numbers to the last bit, ties and repeated meetings included.
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { rate, rating } from "openskill";
import { ratePlaces, rateResults } from "../../worker/leagues/ratings";

describe("ratePlaces", () => {
  it("answers what openskill's rate answers, bit for bit", () => {
    const player = fc.record({ mu: fc.double({ min: 0, max: 50, noNaN: true }), sigma: fc.double({ min: 0.5, max: 9, noNaN: true }) });
    fc.assert(
      fc.property(fc.array(fc.tuple(player, fc.integer({ min: 1, max: 5 })), { minLength: 2, maxLength: 6 }), (seats) => {
        const players = seats.map(([p]) => p);
        const places = seats.map(([, place]) => place);
        const theirs = rate(players.map((p) => [p]), { rank: places }).map(([p]) => p);
        expect(ratePlaces(players, places)).toEqual(theirs);
      }),
      { numRuns: 500 },
    );
  });

  it("rates a season as openskill would, table by table", () => {
    const ids = Array.from({ length: 12 }, (_, i) => `m${i}`);
    const results = Array.from({ length: 30 }, (_, t) => ({ places: [0, 1, 2, 3].map((s) => ({ member: ids[(t * 5 + s * 3) % 12], place: [1, 2, 2, 4][(t + s) % 4] })) }));
    const ref = new Map<string, { mu: number; sigma: number }>();
    for (const r of results) {
      const next = rate(r.places.map((p) => [ref.get(p.member) ?? rating()]), { rank: r.places.map((p) => p.place) });
      r.places.forEach((p, i) => ref.set(p.member, next[i][0]));
    }
    const mine = rateResults(results);
    expect(mine.size).toBe(ref.size);
    for (const [m, r] of ref) expect({ mu: mine.get(m)!.mu, sigma: mine.get(m)!.sigma }).toEqual({ mu: r.mu, sigma: r.sigma });
  });
});
