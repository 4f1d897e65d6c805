// Standings and ratings from known results.
import { describe, expect, it } from "vitest";
import { rate, rating } from "openskill";
import { computeStandings, leaguePoints, placesFor, type TableResult } from "../../worker/leagues/standings";
import { rateResults } from "../../worker/leagues/ratings";

const table = (id: string, at: number, seats: [string | null, number][], winners: number[] | null = null): TableResult => {
  const places = placesFor(seats.map(([, p]) => p), winners);
  return { tableId: id, season: 1, round: at, at, how: "finished", seats: seats.map(([member, points], i) => ({ member, points, place: places[i] })) };
};

describe("places and league points", () => {
  it("orders by game points (fewer is better), ties share the better place", () => {
    expect(placesFor([0, 7, 3, 7], [0])).toEqual([1, 3, 2, 3]);
    expect(placesFor([-2, 0, 5], [0, 1])).toEqual([1, 1, 3]);
  });

  it("puts the game's winners first whatever their count", () => {
    // The last seat left wins although another seat (now out) once had fewer points.
    expect(placesFor([101, 40, 102], [1])).toEqual([2, 1, 3]);
  });

  it("gives one point per seat behind and a half per tie", () => {
    expect([0, 1, 2, 3].map((s) => leaguePoints([1, 3, 2, 3], s))).toEqual([3, 0.5, 2, 0.5]);
  });
});

describe("standings", () => {
  const members = [
    { id: "a", name: "Anna", removed: false },
    { id: "b", name: "Bernd", removed: false },
    { id: "c", name: "Clara", removed: true },
    { id: "d", name: "Dora", removed: false },
  ];
  const results = [
    table("t1", 1, [["a", 0], ["b", 9], ["c", 4], [null, 12]], [0]),
    table("t2", 2, [["b", -1], ["a", 6], ["d", 6]], [0]),
    table("t3", 3, [["a", 0], ["d", 3], ["c", 8]], [0]),
  ];
  const s = computeStandings(members, results);
  const row = (id: string) => s.find((r) => r.member === id)!;

  it("counts games, wins, average place and points per member", () => {
    expect(row("a")).toMatchObject({ games: 3, wins: 2, points: 3 + 0.5 + 2 });
    expect(row("a").avgPlace).toBeCloseTo((1 + 2 + 1) / 3);
    expect(row("b")).toMatchObject({ games: 2, wins: 1, points: 1 + 2, avgPlace: 2 });
    expect(row("d")).toMatchObject({ games: 2, wins: 0, points: 0.5 + 1, avgPlace: 2 });
    expect(row("c")).toMatchObject({ games: 2, wins: 0, points: 2 + 0, avgPlace: 2.5, removed: true });
  });

  it("ranks by points and keeps a removed member's results", () => {
    expect(s.map((r) => r.member)).toEqual(["a", "b", "c", "d"]);
    expect(s.map((r) => r.rank)).toEqual([1, 2, 3, 4]);
    expect(row("c").history.map((h) => h.tableId)).toEqual(["t1", "t3"]);
    expect(row("a").history[1]).toMatchObject({ tableId: "t2", place: 2, of: 3, gamePoints: 6, leaguePoints: 0.5 });
  });

  it("rates with OpenSkill over the members only, in finishing order", () => {
    // The same updates done by hand with the package: bots are left out of a table.
    let r = { a: rating(), b: rating(), c: rating(), d: rating() };
    const [[a1], [b1], [c1]] = rate([[r.a], [r.b], [r.c]], { rank: [1, 3, 2] });
    r = { ...r, a: a1, b: b1, c: c1 };
    const [[b2], [a2], [d2]] = rate([[r.b], [r.a], [r.d]], { rank: [1, 2, 2] });
    r = { ...r, a: a2, b: b2, d: d2 };
    const [[a3], [d3], [c3]] = rate([[r.a], [r.d], [r.c]], { rank: [1, 2, 3] });
    r = { ...r, a: a3, d: d3, c: c3 };
    for (const id of ["a", "b", "c", "d"] as const) {
      expect(row(id).rating!.mu).toBeCloseTo(r[id].mu, 10);
      expect(row(id).rating!.sigma).toBeCloseTo(r[id].sigma, 10);
    }
    // Anna won twice and beat everybody: the best rating; uncertainty shrinks with games.
    const best = [...s].sort((x, y) => y.rating!.ordinal - x.rating!.ordinal)[0];
    expect(best.member).toBe("a");
    expect(row("a").rating!.sigma).toBeLessThan(rating().sigma);
  });

  it("ignores a table with a single member among bots, and orders results by time", () => {
    expect(rateResults([{ places: [{ member: "a", place: 1 }] }]).size).toBe(0);
    const shuffled = computeStandings(members, [results[2], results[0], results[1]]);
    expect(shuffled.map((r) => r.rating)).toEqual(s.map((r) => r.rating));
  });

  it("shares a rank on a full tie and lists members without games last", () => {
    const t = computeStandings(
      [{ id: "x", name: "X", removed: false }, { id: "y", name: "Y", removed: false }, { id: "z", name: "Z", removed: false }],
      [table("t", 1, [["x", 3], ["y", 3], [null, 0]], [2])],
    );
    expect(t.map((r) => [r.member, r.rank])).toEqual([["x", 1], ["y", 1], ["z", 3]]);
    expect(t[2].avgPlace).toBeNull();
  });
});
