// Ratings for multi-player results: OpenSkill's Weng-Lin model (the `openskill` package, default
// Plackett-Luce model), fed one table at a time in the order the tables finished. Each member is
// a team of one; bots are left out, so a table rates only the members among themselves.
import { ordinal, rate, rating, type Rating } from "openskill";

export interface RatedResult {
  /** Members at the table with their place (1 = best; ties share a place). */
  places: { member: string; place: number }[];
}

export interface MemberRating {
  mu: number;
  sigma: number;
  /** The conservative estimate μ − 3σ: what a standings table shows. */
  ordinal: number;
}

/** Ratings after `results` (oldest first). Members without a rated table are absent. */
export function rateResults(results: RatedResult[]): Map<string, MemberRating> {
  const ratings = new Map<string, Rating>();
  for (const r of results) {
    if (r.places.length < 2) continue; // one member among bots: nobody to compare with
    const teams = r.places.map((p) => [ratings.get(p.member) ?? rating()]);
    const next = rate(teams, { rank: r.places.map((p) => p.place) });
    r.places.forEach((p, i) => ratings.set(p.member, next[i][0]));
  }
  const out = new Map<string, MemberRating>();
  for (const [m, r] of ratings) out.set(m, { mu: r.mu, sigma: r.sigma, ordinal: ordinal(r) });
  return out;
}
