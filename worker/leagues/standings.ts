// Places at a table and the league standings built from them. Pure: the store hands in the
// tables' outcomes; nothing here reads D1 or the clock.
import { rateResults, type MemberRating } from "./ratings";

/** One seat's end of a table: who held it (null = bot) and the game points it ended with. */
export interface SeatEnd {
  member: string | null;
  points: number;
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
}

export interface MemberInfo {
  id: string;
  name: string;
  removed: boolean;
}

/**
 * The standings: every member (removed ones keep their results), ordered by league points, then
 * wins, then average place, then rating. Ratings run over the given results in finishing order.
 */
export function computeStandings(members: MemberInfo[], results: TableResult[]): Standing[] {
  const ordered = [...results].sort((a, b) => a.at - b.at || a.tableId.localeCompare(b.tableId));
  const rows = new Map<string, Standing>(
    members.map((m) => [m.id, { member: m.id, name: m.name, removed: m.removed, rank: 0, games: 0, wins: 0, avgPlace: null, points: 0, rating: null, history: [] }]),
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
      row.history.push({ tableId: r.tableId, season: r.season, round: r.round, at: r.at, how: r.how, place: s.place, of: places.length, gamePoints: s.points, leaguePoints: lp });
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
  const cmp = (a: Standing, b: Standing) =>
    b.points - a.points ||
    b.wins - a.wins ||
    (a.avgPlace ?? Infinity) - (b.avgPlace ?? Infinity) ||
    (b.rating?.ordinal ?? -Infinity) - (a.rating?.ordinal ?? -Infinity);
  list.sort((a, b) => cmp(a, b) || a.name.localeCompare(b.name));
  list.forEach((row, i) => (row.rank = i > 0 && cmp(list[i - 1], row) === 0 ? list[i - 1].rank : i + 1));
  return list;
}
