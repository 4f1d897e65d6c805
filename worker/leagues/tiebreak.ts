// Head-to-head, the tie-break between members level on points, wins and average place (see
// computeStandings): how they did against each other at the tables they shared. Pure.

/** What head-to-head needs of a table's result: who sat where, placed how. */
interface Placings {
  seats: { member: string | null; place: number }[];
}

/**
 * Per member of a tied group: over every table where they sat with others of the group, one for
 * each of those they placed ahead of, minus one for each placed ahead of them (shared places count
 * nothing). Higher is better; members who never met stay level at 0.
 */
export function headToHead(group: string[], results: Placings[]): Map<string, number> {
  const score = new Map(group.map((m) => [m, 0]));
  for (const r of results) {
    const here = r.seats.filter((s) => s.member !== null && score.has(s.member));
    for (const a of here) {
      for (const b of here) {
        if (a === b) continue;
        if (a.place < b.place) score.set(a.member!, score.get(a.member!)! + 1);
        else if (a.place > b.place) score.set(a.member!, score.get(a.member!)! - 1);
      }
    }
  }
  return score;
}

/** What put a row below the one above it (null: it shares that row's place). */
export type DecidedBy = "points" | "wins" | "avgPlace" | "headToHead" | "rating" | null;
