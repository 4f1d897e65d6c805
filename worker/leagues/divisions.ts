// Divisions across seasons, as Little Golem and online-doppelkopf run them: a league split into
// divisions of a set size; at a season's end the top n of each division go up, the bottom n go
// down, newcomers start in the lowest. Pure: the store hands in who is where and the final
// standings; nothing here reads D1 or the clock.

/** How a member came into their division this season (null: stayed, or placed when divisions began). */
export type Move = "up" | "down" | "new" | null;

export interface Placed {
  member: string;
  /** 1 is the top division. */
  division: number;
  move: Move;
}

export interface DivisionSettings {
  /** Members per division. */
  size: number;
  /** How many go up and down at each boundary. */
  moves: number;
  /** The smallest division that can be seated (a table's members: 3, or 1 with bots filling seats). */
  minSize: number;
}

/**
 * How many go each way at each boundary (between division i+1 and i+2, 0-based i): the admin's n,
 * never more than half of either division, so nobody is both promoted and relegated.
 */
export function boundaryMoves(sizes: number[], moves: number): number[] {
  return sizes.slice(1).map((below, i) => Math.min(moves, Math.floor(sizes[i] / 2), Math.floor(below / 2)));
}

/** Divisions when a league begins them: in the order given (e.g. last season's standings), `size` each. */
export function firstDivisions(order: string[], s: DivisionSettings): Placed[] {
  const groups: string[][] = [];
  for (let i = 0; i < order.length; i += s.size) groups.push(order.slice(i, i + s.size));
  mergeSmallLast(groups, s.minSize);
  return groups.flatMap((g, d) => g.map((member) => ({ member, division: d + 1, move: null })));
}

/** A last division too small to be seated joins the one above it. */
function mergeSmallLast(groups: string[][], minSize: number): void {
  while (groups.length > 1 && groups[groups.length - 1].length < minSize) {
    const last = groups.pop()!;
    groups[groups.length - 1].push(...last);
  }
}

/**
 * Next season's divisions. `standings[d]`: division d+1's members still in the league, best
 * first (their final order, tie-breaks applied); `newcomers`: members who were in no division.
 *
 * 1. At each boundary the bottom n of the upper division and the top n of the lower swap
 *    (n = the admin's number, at most half of either division).
 * 2. A division left short (members gone) is filled from the top of the one below (those who
 *    stayed there first, then those who just came up; never one who just went down, nor a newcomer).
 * 3. Newcomers join the lowest division; a lowest division over its size opens a new one below for
 *    what does not fit (newcomers first, as they come last), once that is large enough to be seated.
 */
export function nextDivisions(standings: string[][], newcomers: string[], s: DivisionSettings): Placed[] {
  const old = standings.filter((d) => d.length > 0);
  const was = new Map<string, number>();
  old.forEach((d, i) => d.forEach((m) => was.set(m, i)));
  // Per new group: who stayed (in standing order), who came up, who came down.
  const stayed: string[][] = old.map(() => []);
  const cameUp: string[][] = old.map(() => []);
  const cameDown: string[][] = old.map(() => []);
  const at = boundaryMoves(old.map((d) => d.length), s.moves);
  old.forEach((d, i) => {
    const upHere = i > 0 ? at[i - 1] : 0;
    const downHere = i < old.length - 1 ? at[i] : 0;
    d.forEach((m, k) => {
      if (k < upHere) cameUp[i - 1].push(m);
      else if (k >= d.length - downHere) cameDown[i + 1].push(m);
      else stayed[i].push(m);
    });
  });
  const groups = old.map((_, i) => [...stayed[i], ...cameUp[i], ...cameDown[i]]);
  // Fill short divisions from below, top first, so a gap travels down to the lowest.
  for (let i = 0; i + 1 < groups.length; i++) {
    while (groups[i].length < s.size) {
      const below = groups[i + 1];
      const pick = below.findIndex((m) => !cameDown[i + 1].includes(m));
      if (pick < 0) break;
      groups[i].push(...below.splice(pick, 1));
    }
  }
  const live = groups.filter((g) => g.length > 0);
  if (!live.length) live.push([]);
  live[live.length - 1].push(...newcomers);
  // The lowest division over its size: what does not fit opens a division below, once seatable.
  while (live[live.length - 1].length - s.size >= Math.max(1, s.minSize)) {
    const last = live[live.length - 1];
    live.push(last.splice(s.size));
  }
  mergeSmallLast(live, s.minSize);
  const fresh = new Set(newcomers);
  return live.flatMap((g, d) =>
    g.map((member) => {
      const before = was.get(member);
      const move: Move = fresh.has(member) || before === undefined ? "new" : d < before ? "up" : d > before ? "down" : null;
      return { member, division: d + 1, move };
    }),
  );
}

/**
 * Where each row of a division's standings stands for the season's end: "up" among the top n (not
 * in the top division), "down" among the bottom n (not in the lowest), else null. `sizes`: every
 * division's member count, top first; `division`: 1-based.
 */
export function zones(sizes: number[], division: number, moves: number): ("up" | "down" | null)[] {
  const at = boundaryMoves(sizes, moves);
  const i = division - 1;
  const up = i > 0 ? at[i - 1] : 0;
  const down = i < sizes.length - 1 ? at[i] : 0;
  const rows = sizes[i] ?? 0;
  return Array.from({ length: rows }, (_, k) => (k < up ? "up" : k >= rows - down ? "down" : null));
}
