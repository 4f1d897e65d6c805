// Places at a table and the league standings built from them. Pure: the store hands in the
// tables' outcomes; nothing here reads D1 or the clock.
import { rateResults, type MemberRating } from "./ratings";
import { headToHead, type DecidedBy } from "./tiebreak";

/** One seat's end of a table: who held it (null = bot) and the game points it ended with. */
export interface SeatEnd {
  member: string | null;
  points: number;
  /** The member took the seat over as a reserve (from whom, at which hand): counted for them. */
  tookOver?: { fromName: string; hand: number };
}

export interface TableResult {
  tableId: string;
  season: number;
  round: number;
  /** When it finished (or was decided); orders the ratings. */
  at: number;
  /** "finished": played to the end; "scored": decided by the admin as it stood. */
  how: "finished" | "scored";
  seats: (SeatEnd & { place: number })[];
}

/**
 * Places from game points (they count down: fewer is better). The game's winners come first
 * (they decide it, e.g. the last seat left when the others are out) and share place 1; ties share the better
 * place (1, 1, 3, …), as in sports tables.
 */
export function placesFor(points: number[], winners: number[] | null): number[] {
  // Winners share the win (RULES.md 2.12), whatever their counts below zero.
  const key = (s: number) => (winners?.includes(s) ? ([0, 0] as const) : ([1, points[s]] as const));
  return points.map((_, s) => {
    const [w, p] = key(s);
    let better = 0;
    points.forEach((_, o) => {
      const [ow, op] = key(o);
      if (ow < w || (ow === w && op < p)) better++;
    });
    return better + 1;
  });
}

/** League points of a seat: one per seat placed behind it, a half per seat sharing its place. */
export function leaguePoints(places: number[], seat: number): number {
  let pts = 0;
  places.forEach((p, o) => {
    if (o === seat) return;
    if (p > places[seat]) pts += 1;
    else if (p === places[seat]) pts += 0.5;
  });
  return pts;
}

export interface HistoryEntry {
  tableId: string;
  season: number;
  round: number;
  at: number;
  how: "finished" | "scored";
  place: number;
  of: number;
  gamePoints: number;
  leaguePoints: number;
  /** Played as a reserve, from this hand on, in the seat of fromName. */
  tookOver?: { fromName: string; hand: number };
}

export interface Standing {
  member: string;
  name: string;
  removed: boolean;
  rank: number;
  games: number;
  wins: number;
  /** null before the first game. */
  avgPlace: number | null;
  points: number;
  rating: MemberRating | null;
  history: HistoryEntry[];
  /** What put this row below the one above (null: first, or sharing that row's place). */
  decidedBy: DecidedBy;
}

/**
 * `localeCompare` with one collator made once: the same order (String.prototype.localeCompare
 * without locales or options is this collator's compare), without a collator looked up per
 * comparison, which was a large part of the standings' time on every page read.
 */
const byLocale = new Intl.Collator().compare;

export interface MemberInfo {
  id: string;
  name: string;
  removed: boolean;
}

/**
 * The standings: every member (removed ones keep their results), ordered by league points, then
 * wins, then average place, then head-to-head among those still level (tiebreak.ts), then rating.
 * Ratings run over the given results in finishing order.
 */
export function computeStandings(members: MemberInfo[], results: TableResult[]): Standing[] {
  const ordered = [...results].sort((a, b) => a.at - b.at || byLocale(a.tableId, b.tableId));
  const rows = new Map<string, Standing>(
    members.map((m) => [m.id, { member: m.id, name: m.name, removed: m.removed, rank: 0, games: 0, wins: 0, avgPlace: null, points: 0, rating: null, history: [], decidedBy: null }]),
  );
  for (const r of ordered) {
    const places = r.seats.map((s) => s.place);
    r.seats.forEach((s, seat) => {
      const row = s.member === null ? undefined : rows.get(s.member);
      if (!row) return;
      const lp = leaguePoints(places, seat);
      row.games++;
      if (s.place === 1) row.wins++;
      row.points += lp;
      row.history.push({ tableId: r.tableId, season: r.season, round: r.round, at: r.at, how: r.how, place: s.place, of: places.length, gamePoints: s.points, leaguePoints: lp, ...(s.tookOver ? { tookOver: { fromName: s.tookOver.fromName, hand: s.tookOver.hand } } : {}) });
    });
  }
  const ratings = rateResults(
    ordered.map((r) => ({ places: r.seats.filter((s) => s.member !== null && rows.has(s.member)).map((s) => ({ member: s.member!, place: s.place })) })),
  );
  const list = [...rows.values()];
  for (const row of list) {
    row.avgPlace = row.games ? row.history.reduce((a, h) => a + h.place, 0) / row.games : null;
    row.rating = ratings.get(row.member) ?? null;
  }
  // Points, wins, average place; then, within a group still level, head-to-head; then rating.
  const criteria: [Exclude<DecidedBy, null>, (a: Standing, b: Standing) => number][] = [
    ["points", (a, b) => b.points - a.points],
    ["wins", (a, b) => b.wins - a.wins],
    // No games yet: below every average, and level with each other.
    ["avgPlace", (a, b) => (a.avgPlace === b.avgPlace ? 0 : (a.avgPlace ?? Infinity) - (b.avgPlace ?? Infinity))],
  ];
  const first = (a: Standing, b: Standing) => criteria.reduce((d, [, f]) => d || f(a, b), 0);
  list.sort((a, b) => first(a, b) || byLocale(a.name, b.name));
  const h2h = new Map<string, number>();
  for (let i = 0; i < list.length; ) {
    let j = i + 1;
    while (j < list.length && first(list[i], list[j]) === 0) j++;
    if (j - i > 1) {
      const group = list.slice(i, j);
      for (const [m, v] of headToHead(group.map((r) => r.member), ordered)) h2h.set(m, v);
      group.sort((a, b) => rest(a, b) || byLocale(a.name, b.name));
      list.splice(i, j - i, ...group);
    }
    i = j;
  }
  function rest(a: Standing, b: Standing): number {
    return (h2h.get(b.member) ?? 0) - (h2h.get(a.member) ?? 0) || (b.rating?.ordinal ?? -Infinity) - (a.rating?.ordinal ?? -Infinity);
  }
  const decider = (a: Standing, b: Standing): DecidedBy => {
    for (const [name, f] of criteria) if (f(a, b) !== 0) return name;
    if ((h2h.get(b.member) ?? 0) !== (h2h.get(a.member) ?? 0)) return "headToHead";
    if ((b.rating?.ordinal ?? -Infinity) !== (a.rating?.ordinal ?? -Infinity)) return "rating";
    return null;
  };
  list.forEach((row, i) => {
    row.decidedBy = i > 0 ? decider(list[i - 1], row) : null;
    row.rank = i > 0 && row.decidedBy === null ? list[i - 1].rank : i + 1;
  });
  return list;
}
