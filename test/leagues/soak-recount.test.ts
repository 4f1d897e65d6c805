// The season soak's own recount of next season's divisions (scripts/soak/recount.ts), written from
// the README's rule and not from the server's code: it must agree with the server's
// (worker/leagues/divisions.ts) wherever the points alone decide, including a division left short
// by a removal, which the soak's first recount did not know (issue 30: M20, third of division 2,
// rightly filled the place in division 1 of a member removed in season 1).
import { describe, expect, it } from "vitest";
import { nextDivisions } from "../../worker/leagues/divisions";
import { nextDivisionsByRecount } from "../../scripts/soak/recount";

const rows = (names: string[], points: number[]) => names.map((member, i) => ({ member, points: points[i] }));

describe("the soak's recount of next season's divisions", () => {
  it("fills a division left short by a removal from the top of the one below", () => {
    // Division 1 lost a member (11 left); two go each way; then the best who stayed in division 2 (b3) goes up too.
    const d1 = rows(["a1", "a2", "a3", "a4", "a5", "a6", "a7", "a8", "a9", "a10", "a11"], [30, 29, 28, 27, 26, 25, 24, 23, 22, 21, 20]);
    const d2 = rows(["b1", "b2", "b3", "b4", "b5", "b6", "b7", "b8", "b9", "b10", "b11", "b12"], [30, 29, 28, 27, 26, 25, 24, 23, 22, 21, 20, 19]);
    const want = nextDivisionsByRecount([d1, d2], [], 12, 2, 3);
    expect(["b1", "b2", "b3", "b4", "a9", "a10", "a11", "a8"].map((m) => want.get(m))).toEqual([1, 1, 1, 2, 1, 2, 2, 1]);
    expect([...want.values()].filter((d) => d === 1)).toHaveLength(12);
  });

  it("leaves to the server's tie-break whoever a tie of points across a line concerns, and nobody else", () => {
    const d1 = rows(["a1", "a2", "a3", "a4"], [9, 8, 5, 5]);
    const d2 = rows(["b1", "b2", "b3", "b4"], [9, 7, 7, 1]);
    const want = nextDivisionsByRecount([d1, d2], [], 4, 1, 3);
    // a3/a4 tie across the line down; b2/b3 do not straddle the line up (b1 alone goes up).
    expect(Object.fromEntries(want)).toEqual({ a1: 1, a2: 1, a3: null, a4: null, b1: 1, b2: 2, b3: 2, b4: 2 });
  });

  it("agrees with the server's rule on random leagues without ties (removals, newcomers, small divisions)", () => {
    let seed = 7;
    const rand = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
    for (let run = 0; run < 300; run++) {
      const size = 3 + rand(10);
      const moves = 1 + rand(Math.floor(size / 2));
      const minSize = rand(2) ? 3 : 1;
      let points = 1000;
      const divisions = Array.from({ length: 1 + rand(4) }, (_, d) => rows(Array.from({ length: Math.max(0, size - rand(4)) }, (_, i) => `d${d}m${i}`), Array.from({ length: size }, () => (points -= 1 + rand(5)))));
      // Shuffled: the recount ranks by points itself; the server is handed the final order.
      const shuffled = divisions.map((d) => [...d].sort(() => rand(3) - 1));
      const newcomers = Array.from({ length: rand(size + 4) }, (_, i) => `n${i}`);
      const server = nextDivisions(divisions.map((d) => d.map((r) => r.member)), newcomers, { size, moves, minSize });
      const mine = nextDivisionsByRecount(shuffled, newcomers, size, moves, minSize);
      expect(Object.fromEntries(mine), JSON.stringify({ size, moves, minSize, divisions, newcomers })).toEqual(Object.fromEntries(server.map((p) => [p.member, p.division])));
    }
  });
});
