// Divisions across seasons (worker/leagues/divisions.ts) and the head-to-head tie-break.
import { describe, expect, it } from "vitest";
import { boundaryMoves, firstDivisions, nextDivisions, zones, type Placed } from "../../worker/leagues/divisions";
import { headToHead } from "../../worker/leagues/tiebreak";
import { computeStandings, placesFor, type TableResult } from "../../worker/leagues/standings";

const S = { size: 4, moves: 1, minSize: 3 };
const byDivision = (p: Placed[]) => {
  const out: string[][] = [];
  for (const x of p) (out[x.division - 1] ??= []).push(x.member);
  return out.map((d) => [...d].sort());
};
const moveOf = (p: Placed[], m: string) => p.find((x) => x.member === m)!.move;

describe("first divisions", () => {
  it("fills divisions of the set size in the order given; a last one too small joins the one above", () => {
    expect(byDivision(firstDivisions(["a", "b", "c", "d", "e", "f", "g", "h"], S))).toEqual([["a", "b", "c", "d"], ["e", "f", "g", "h"]]);
    expect(byDivision(firstDivisions(["a", "b", "c", "d", "e", "f"], S))).toEqual([["a", "b", "c", "d", "e", "f"]]);
    expect(firstDivisions(["a", "b", "c"], S).every((p) => p.move === null)).toBe(true);
  });
});

describe("next season's divisions", () => {
  it("sends the top n up and the bottom n down at every boundary", () => {
    const p = nextDivisions([["a1", "a2", "a3", "a4"], ["b1", "b2", "b3", "b4"], ["c1", "c2", "c3", "c4"]], [], { ...S, moves: 1 });
    expect(byDivision(p)).toEqual([["a1", "a2", "a3", "b1"], ["a4", "b2", "b3", "c1"], ["b4", "c2", "c3", "c4"]]);
    expect([moveOf(p, "b1"), moveOf(p, "a4"), moveOf(p, "c1"), moveOf(p, "b4"), moveOf(p, "a1"), moveOf(p, "b2")]).toEqual(["up", "down", "up", "down", null, null]);
  });

  it("moves two each way when the admin says two", () => {
    const p = nextDivisions([["a1", "a2", "a3", "a4"], ["b1", "b2", "b3", "b4"]], [], { ...S, moves: 2 });
    expect(byDivision(p)).toEqual([["a1", "a2", "b1", "b2"], ["a3", "a4", "b3", "b4"]]);
  });

  it("never moves more than half of a division (nobody both up and down)", () => {
    expect(boundaryMoves([4, 3, 4], 3)).toEqual([1, 1]);
    const p = nextDivisions([["a1", "a2", "a3", "a4"], ["b1", "b2", "b3"], ["c1", "c2", "c3", "c4"]], [], { ...S, moves: 3 });
    expect(moveOf(p, "b1")).toBe("up");
    expect(moveOf(p, "b3")).toBe("down");
    expect(moveOf(p, "b2")).toBe(null);
  });

  it("puts newcomers in the lowest division, and opens a new one below when they do not fit", () => {
    const p = nextDivisions([["a1", "a2", "a3", "a4"], ["b1", "b2", "b3", "b4"]], ["n1"], S);
    expect(p.filter((x) => x.member === "n1")).toEqual([{ member: "n1", division: 2, move: "new" }]);
    const q = nextDivisions([["a1", "a2", "a3", "a4"], ["b1", "b2", "b3", "b4"]], ["n1", "n2", "n3"], S);
    expect(byDivision(q)).toEqual([["a1", "a2", "a3", "b1"], ["a4", "b2", "b3", "b4"], ["n1", "n2", "n3"]]);
    expect(q.filter((x) => x.division === 3).every((x) => x.move === "new")).toBe(true);
  });

  it("fills a division short of members from the top of the one below (not from who just went down)", () => {
    // a3 and a4 left the league. At the boundaries a2 goes down, b1 up; b4 down, c1 up. Division 1
    // (a1, b1) fills with b2 and b3; division 2 (c1, a2) with c2 and c3 (b4 just went down); what
    // is left of division 3 (c4, b4) is too small to be seated and joins division 2.
    const p = nextDivisions([["a1", "a2"], ["b1", "b2", "b3", "b4"], ["c1", "c2", "c3", "c4"]], [], S);
    expect(byDivision(p)).toEqual([["a1", "b1", "b2", "b3"], ["a2", "b4", "c1", "c2", "c3", "c4"]]);
    expect(["a1", "a2", "b1", "b2", "b4", "c2"].map((m) => moveOf(p, m))).toEqual([null, "down", "up", "up", null, "up"]);
  });
});

describe("zones", () => {
  it("marks the top n up (below the top) and the bottom n down (above the lowest)", () => {
    expect(zones([4, 4, 4], 1, 1)).toEqual([null, null, null, "down"]);
    expect(zones([4, 4, 4], 2, 1)).toEqual(["up", null, null, "down"]);
    expect(zones([4, 4, 4], 3, 2)).toEqual(["up", "up", null, null]);
    expect(zones([5], 1, 2)).toEqual([null, null, null, null, null]);
  });
});

const table = (id: string, at: number, seats: [string | null, number][]): TableResult => {
  const places = placesFor(seats.map(([, p]) => p), null);
  return { tableId: id, season: 1, round: at, at, how: "finished", seats: seats.map(([member, points], i) => ({ member, points, place: places[i] })) };
};

describe("head-to-head", () => {
  it("counts who placed ahead of whom at shared tables, within the tied group only", () => {
    const results = [table("t1", 1, [["a", 1], ["b", 5], ["c", 9]]), table("t2", 2, [["b", 1], ["c", 2], ["d", 3]])];
    expect(Object.fromEntries(headToHead(["a", "b"], results))).toEqual({ a: 1, b: -1 });
    expect(Object.fromEntries(headToHead(["b", "c", "d"], results))).toEqual({ b: 3, c: -1, d: -2 });
  });

  it("breaks a tie on points, wins and average place, and says so", () => {
    // Anna and Bert: each one win, one second and one third at tables of three; Anna was ahead of Bert where they met.
    const results = [
      table("t1", 1, [["anna", 1], ["bert", 2], ["x", 3]]),
      table("t2", 2, [["bert", 1], ["y", 2], ["anna", 3]]),
      table("t3", 3, [["z", 1], ["anna", 2], ["w", 3]]),
      table("t4", 4, [["w", 1], ["v", 2], ["bert", 3]]),
      table("t5", 5, [["v", 1], ["anna", 2], ["bert", 3]]),
      table("t6", 6, [["u", 1], ["bert", 2], ["v", 3]]),
      table("t7", 7, [["u", 1], ["w", 2], ["anna", 3]]),
    ];
    const names = ["anna", "bert", "u", "v", "w", "x", "y", "z"].map((id) => ({ id, name: id === "anna" ? "Zora" : id, removed: false }));
    const s = computeStandings(names, results);
    const [first, second] = s.filter((r) => r.member === "anna" || r.member === "bert");
    expect(first.points).toBe(second.points);
    expect(first.wins).toBe(second.wins);
    expect(first.avgPlace).toBe(second.avgPlace);
    // Anna was ahead of Bert twice (t1, t5) and behind once (t2): she is ranked first, though "Zora" sorts last.
    expect(first.member).toBe("anna");
    expect(second.decidedBy).toBe("headToHead");
    expect(second.rank).toBe(first.rank + 1);
  });
});
