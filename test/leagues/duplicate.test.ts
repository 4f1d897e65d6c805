// Duplicate rounds: the pools and rotation, the deals a game played to their end (replayed from
// seed and log), and the score against the field on hand-worked examples.
import { describe, expect, it } from "vitest";
import { applyAction, createGame, legalActions, resolveRules, type Action } from "../../worker/engine";
import { boardsOf, fieldScores, poolsOf, rotate, type PoolTable } from "../../worker/leagues/duplicate";

describe("the score against the field", () => {
  it("compares each seat with the seat that held the same cards at the other table (hand-worked)", () => {
    // Deal 1 at two tables of three, dealt to all three seats. Position p of the speaking order
    // holds the same cards at both tables. Points count down in Mulatschak: fewer is better.
    //   place 0: A's seat 1 (a1) scored −3, B's seat 2 (b2) 0   → a1: 0 − (−3) = +3,  b2: −3 − 0 = −3
    //   place 1: A's seat 2 (a2) +10,       B's seat 0 (b0) −1  → a2: −1 − 10 = −11, b0: 10 − (−1) = +11
    //   place 2: A's seat 0 (a0) +2,        B's seat 1 (b1) +4  → a0: 4 − 2 = +2,    b1: 2 − 4 = −2
    // Deal 2 was played at A only, deal 3 at B with two seats (one out): neither is compared.
    const a: PoolTable = {
      holders: ["a0", "a1", "a2"],
      boards: [
        { deal: 1, order: [1, 2, 0], delta: [2, -3, 10] },
        { deal: 2, order: [2, 0, 1], delta: [5, 5, -10] },
        { deal: 3, order: [0, 1, 2], delta: [1, 1, 1] },
      ],
    };
    const b: PoolTable = {
      holders: ["b0", "b1", "b2"],
      boards: [
        { deal: 1, order: [2, 0, 1], delta: [-1, 4, 0] },
        { deal: 3, order: [0, 2], delta: [3, 0, -3] },
      ],
    };
    const scores = Object.fromEntries(fieldScores([[a, b]]).map((f) => [f.member, [f.score, f.boards]]));
    expect(scores).toEqual({ a0: [2, 1], a1: [3, 1], a2: [-11, 1], b0: [11, 1], b1: [-2, 1], b2: [-3, 1] });
    // Best first.
    expect(fieldScores([[a, b]]).map((f) => f.member)).toEqual(["b0", "a1", "a0", "b1", "b2", "a2"]);
  });

  it("takes the mean of the field at three tables, counts a bot in the field, lists no bot", () => {
    // One place, three tables: points 0, 3 and 6. Table 0: (3 + 6) / 2 − 0 = 4.5; table 1:
    // (0 + 6) / 2 − 3 = 0; table 2 is a bot: (0 + 3) / 2 − 6 = −4.5, not listed. Two pools add up.
    const t = (holder: string | null, points: number): PoolTable => ({ holders: [holder, null], boards: [{ deal: 4, order: [0, 1], delta: [points, 0] }] });
    const pool = [t("x", 0), t("y", 3), t(null, 6)];
    const other = [t("x", 2), t("y", 1)]; // x: 1 − 2 = −1, y: +1
    expect(fieldScores([pool, other])).toEqual([
      { member: "x", score: 3.5, boards: 2 },
      { member: "y", score: 1, boards: 2 },
    ]);
  });
});

describe("pools and rotation", () => {
  it("forms a pool per table size, each table's place in it the rotation of its seats", () => {
    expect(poolsOf([4, 4, 3, 4, 3])).toEqual([
      { size: 4, place: 0 },
      { size: 4, place: 1 },
      { size: 3, place: 0 },
      { size: 4, place: 2 },
      { size: 3, place: 1 },
    ]);
    expect(rotate(["m0", "m1", "m2", "m3"], 1)).toEqual(["m3", "m0", "m1", "m2"]);
    expect(rotate(["m0", "m1", "m2"], 3)).toEqual(["m0", "m1", "m2"]);
  });
});

describe("the deals of a game", () => {
  it("are one board per hand played, from seed and log; one seed deals the same cards at every table", () => {
    const r = resolveRules({ preset: "standard", players: 3, startPoints: 5, endAbove: 20 });
    if (!r.ok) throw new Error(r.error.message);
    const play = (picks: number) => {
      let s = createGame(r.rules, { seed: "pool seed" });
      const log: { seat: number; action: Action }[] = [];
      for (let i = 0; i < 2000 && s.phase !== "over"; i++) {
        const seat = s.toAct[0];
        const legal = legalActions(s, seat);
        const action = legal[(i * picks) % legal.length];
        const next = applyAction(s, seat, action);
        if (!next.ok) throw new Error(next.error.message);
        log.push({ seat, action });
        s = next.state;
      }
      return { s, log };
    };
    const one = play(7);
    const two = play(3);
    const a = boardsOf(r.rules, "pool seed", one.log);
    const b = boardsOf(r.rules, "pool seed", two.log);
    expect(a.length).toBe(one.s.handsPlayed.length);
    expect(a.map((x) => x.delta)).toEqual(one.s.handsPlayed.map((h) => h.delta));
    expect(b.length).toBe(two.s.handsPlayed.length);
    // The first deal is the same at both (same seed, same first dealer): same cards, same order.
    expect(createGame(r.rules, { seed: "pool seed" }).hand.hands).toEqual(createGame(r.rules, { seed: "pool seed" }).hand.hands);
    expect(a[0].deal).toBe(1);
    expect(a[0].order).toEqual(b[0].order);
  });
});
