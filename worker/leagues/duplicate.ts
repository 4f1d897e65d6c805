// Duplicate rounds: tables of the same size share a deal pool (one seed, so the same deals), the
// members seated rotated by the table's place in the pool, so that the same cards meet members of
// different seating places; and the score against the field: each seat's result in a deal compared
// with the results of the seats that held the same cards at the pool's other tables.
//
// A duplicate round has no cut (dealing version 1): the deals must be the same at every table, and
// one cutter's number at one table would change them there only. The pool's seed, committed to at
// every table of it (the same commitment), alone decides them.
import { applyInPlace, createGame, type Action, type Rules } from "../engine";

/** The pool of a table of a duplicate round: league, season, round and table size. */
export const poolId = (leagueId: string, season: number, round: number, size: number): string => `${leagueId}:${season}:${round}:${size}`;

/** Tables of one size, in order, form a pool; a table's place in it is how far its seats are rotated. */
export function poolsOf(sizes: number[]): { size: number; place: number }[] {
  const seen = new Map<number, number>();
  return sizes.map((size) => {
    const place = seen.get(size) ?? 0;
    seen.set(size, place + 1);
    return { size, place };
  });
}

/** The holders seated `by` places on: the member seating gave seat s sits at seat s + by. */
export function rotate<T>(holders: T[], by: number): T[] {
  const n = holders.length;
  return holders.map((_, s) => holders[(((s - by) % n) + n) % n]);
}

/** One deal played to its end at one table: the deal's number, the seats in speaking order, each seat's points. */
export interface Board {
  deal: number;
  order: number[];
  delta: number[];
}

/**
 * The deals a game played to their end, from its seed and action log (a replay, as the record's).
 * The same deal number dealt to the same number of seats is the same cards at every table of a
 * pool, position by position in the speaking order.
 */
export function boardsOf(rules: Rules, seed: string, actions: { seat: number; action: Action }[]): Board[] {
  const state = createGame(rules, { seed });
  const boards: Board[] = [];
  for (const { seat, action } of actions) {
    const deal = state.hand.no;
    const order = state.hand.order.slice();
    const played = state.handsPlayed.length;
    if (applyInPlace(state, seat, action)) break; // a log the engine refuses ends the boards there
    if (state.handsPlayed.length > played) boards.push({ deal, order, delta: state.handsPlayed[played].delta.slice() });
  }
  return boards;
}

/** One table of a pool for the comparison: who held each seat (null: a bot) and its boards. */
export interface PoolTable {
  holders: (string | null)[];
  boards: Board[];
}

export interface FieldScore {
  member: string;
  /** Points better than the field, summed over the compared deals (Mulatschak counts down: fewer is better). */
  score: number;
  /** Deals compared (played to their end at two or more tables of the pool). */
  boards: number;
}

/**
 * The score against the field, per member, over pools: for each deal and each place in the
 * speaking order, every table where that deal was played with as many seats holds the same cards
 * there; a seat scores the mean of the others' points for those cards minus its own.
 */
export function fieldScores(pools: PoolTable[][]): FieldScore[] {
  const total = new Map<string, FieldScore>();
  for (const tables of pools) {
    const byKey = new Map<string, { holders: (string | null)[]; order: number[]; delta: number[] }[]>();
    for (const t of tables) {
      for (const b of t.boards) {
        const key = `${b.deal}:${b.order.length}`;
        byKey.set(key, [...(byKey.get(key) ?? []), { holders: t.holders, order: b.order, delta: b.delta }]);
      }
    }
    for (const list of byKey.values()) {
      if (list.length < 2) continue;
      const places = list[0].order.length;
      for (let p = 0; p < places; p++) {
        const results = list.map((x) => ({ member: x.holders[x.order[p]] ?? null, points: x.delta[x.order[p]] }));
        const sum = results.reduce((n, r) => n + r.points, 0);
        for (const r of results) {
          if (!r.member) continue;
          const field = (sum - r.points) / (results.length - 1);
          const f = total.get(r.member) ?? { member: r.member, score: 0, boards: 0 };
          f.score += field - r.points;
          f.boards++;
          total.set(r.member, f);
        }
      }
    }
  }
  return [...total.values()].map((f) => ({ ...f, score: Math.round(f.score * 100) / 100 })).sort((a, b) => b.score - a.score || a.member.localeCompare(b.member));
}
