// Ratings for multi-player results: OpenSkill's Weng-Lin model (the `openskill` package, default
// Plackett-Luce model), fed one table at a time in the order the tables finished. Each member is
// a team of one; bots are left out, so a table rates only the members among themselves.
import { ordinal, rating, type Rating } from "openskill";

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

// openskill's defaults (its constants.ts): τ = 25/300, β = 25/6, κ = 1e-4.
const TAU = 25 / 300;
const BETASQ = (25 / 6) ** 2;
const KAPPA = 1e-4;

/**
 * openskill's `rate(teams, { rank })` for teams of one with its default options and model
 * (Plackett-Luce), the same operations in the same order, so the same numbers to the last bit
 * (test/leagues/ratings.test.ts compares them). Written out because the library's generic path
 * (options rebuilt per call, tuples, ramda, spreads) took ~0.2 ms a table: the standings rate a
 * season's tables on every read of the league page.
 */
export function ratePlaces(players: Rating[], places: number[]): Rating[] {
  const tauSquared = TAU * TAU;
  const n = players.length;
  // Sorted by place, stably (sort-unwind); `order[k]`: the original index of the k-th.
  const order = players.map((_, i) => i).sort((a, b) => places[a] - places[b]);
  const sorted = order.map((i) => places[i]);
  const mu = order.map((i) => players[i].mu);
  const sigma = order.map((i) => Math.sqrt(players[i].sigma * players[i].sigma + tauSquared));
  // rankings(): a tie shares the index of its group's first.
  const rank: number[] = new Array(n);
  let s = 0;
  for (let j = 0; j < n; j++) {
    if (j > 0 && sorted[j - 1] < sorted[j]) s = j;
    rank[j] = s;
  }
  const sigSq = sigma.map((x) => 0 + x * x);
  const muSum = mu.map((x) => 0 + x);
  let cSq = 0;
  for (let j = 0; j < n; j++) cSq += sigSq[j] + BETASQ;
  const c = Math.sqrt(cSq);
  const sumQ = rank.map((qRank) => {
    let sum = 0;
    for (let i = 0; i < n; i++) if (rank[i] >= qRank) sum += Math.exp(muSum[i] / c);
    return sum;
  });
  const a = rank.map((iRank) => rank.filter((qRank) => iRank === qRank).length);
  const out: Rating[] = new Array(n);
  for (let i = 0; i < n; i++) {
    const iMuOverCe = Math.exp(muSum[i] / c);
    let omega = 0;
    let delta = 0;
    for (let q = 0; q < n; q++) {
      if (rank[q] > rank[i]) continue;
      const quotient = iMuOverCe / sumQ[q];
      omega += (i === q ? 1 - quotient : -quotient) / a[q];
      delta += (quotient * (1 - quotient)) / a[q];
    }
    const iSigmaSq = sigSq[i];
    const iGamma = Math.sqrt(iSigmaSq) / c;
    const iOmega = omega * (iSigmaSq / c);
    const iDelta = delta * (iSigmaSq / c ** 2) * iGamma;
    const sg = sigma[i];
    out[order[i]] = {
      mu: mu[i] + (sg ** 2 / iSigmaSq) * iOmega,
      sigma: sg * Math.sqrt(Math.max(1 - (sg ** 2 / iSigmaSq) * iDelta, KAPPA)),
    };
  }
  return out;
}

/** Ratings after `results` (oldest first). Members without a rated table are absent. */
export function rateResults(results: RatedResult[]): Map<string, MemberRating> {
  const ratings = new Map<string, Rating>();
  for (const r of results) {
    if (r.places.length < 2) continue; // one member among bots: nobody to compare with
    const next = ratePlaces(
      r.places.map((p) => ratings.get(p.member) ?? rating()),
      r.places.map((p) => p.place),
    );
    r.places.forEach((p, i) => ratings.set(p.member, next[i]));
  }
  const out = new Map<string, MemberRating>();
  for (const [m, r] of ratings) out.set(m, { mu: r.mu, sigma: r.sigma, ordinal: ordinal(r) });
  return out;
}
