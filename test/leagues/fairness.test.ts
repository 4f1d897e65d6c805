// The page's fairness figures (seating.ts `measure`, counted in arrays by member index) against
// the same figures counted with SeasonCounts, the seating's own counts: equal on random seasons,
// members outside the list, bots and a member twice at a table included.
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { SeasonCounts, measure, type SeatedTable } from "../../worker/leagues/seating";

function byCounts(members: string[], season: SeatedTable[]) {
  const c = new SeasonCounts(season);
  const pairs: number[] = [];
  const after: number[] = [];
  for (const a of members)
    for (const b of members) {
      if (a < b) pairs.push(c.meetings(a, b));
      if (a !== b && c.meetings(a, b) > 0) after.push(c.follows(a, b));
    }
  const bots = members.map((m) => c.withBots.get(m) ?? 0);
  const lo = (xs: number[]) => (xs.length ? Math.min(...xs) : 0);
  const hi = (xs: number[]) => (xs.length ? Math.max(...xs) : 0);
  return { pairMin: lo(pairs), pairMax: hi(pairs), afterMin: lo(after), afterMax: hi(after), botMin: lo(bots), botMax: hi(bots) };
}

describe("measure", () => {
  it("counts as SeasonCounts does", () => {
    const ids = Array.from({ length: 10 }, (_, i) => `m${i}`);
    const seat = fc.option(fc.constantFrom(...ids), { nil: null, freq: 5 });
    fc.assert(
      fc.property(fc.uniqueArray(fc.constantFrom(...ids), { maxLength: 10 }), fc.array(fc.array(seat, { minLength: 3, maxLength: 5 }), { maxLength: 12 }), (members, season) => {
        expect(measure(members, season)).toEqual(byCounts(members, season));
      }),
      { numRuns: 1000 },
    );
  });
});
