// The soak's independent count: places and league points from the games' records alone, by the
// rules of the README ("Standings"), without the server's standings code. Winners share place 1;
// the others follow by game points (fewer is better), ties sharing a place. A seat earns one league
// point per seat placed behind it and a half per other seat sharing its place.

export interface Recount {
  games: number;
  wins: number;
  points: number;
}

/** Places (1 = best) of a finished game's seats from its result. */
export function places(result: { points: number[]; winners: number[] }): number[] {
  const better = (a: number, b: number): boolean => {
    const wa = result.winners.includes(a);
    const wb = result.winners.includes(b);
    if (wa !== wb) return wa;
    if (wa && wb) return false;
    return result.points[a] < result.points[b];
  };
  return result.points.map((_, s) => 1 + result.points.filter((__, o) => o !== s && better(o, s)).length);
}

/** League points of each seat. */
export function leaguePoints(place: number[]): number[] {
  return place.map((p, s) => place.filter((q, o) => o !== s && q > p).length + 0.5 * place.filter((q, o) => o !== s && q === p).length);
}

/** Per member: the tables that count (holder at the end, not annulled), wins and league points. */
export function recount(tables: { holders: (string | null)[]; result: { points: number[]; winners: number[] } }[]): Map<string, Recount> {
  const out = new Map<string, Recount>();
  for (const t of tables) {
    const place = places(t.result);
    const lp = leaguePoints(place);
    t.holders.forEach((m, s) => {
      if (!m) return;
      const r = out.get(m) ?? { games: 0, wins: 0, points: 0 };
      r.games++;
      if (place[s] === 1) r.wins++;
      r.points += lp[s];
      out.set(m, r);
    });
  }
  return out;
}

/**
 * Next season's division of each member, by the README's rule ("Divisions"), written here from the
 * rule's words, not from the server's code: at each boundary the top n of the lower division go up
 * and the bottom n of the upper go down (n at most half of either); a division left short (members
 * removed) is filled from the top of the one below, those who stayed there first, then those who
 * just came up, never one who just went down; newcomers join the lowest (one over its size opens
 * another below, a last one too small to seat joins the one above). `divisions[k]`: division
 * k+1's active members with their recounted points. A member whose division depends on how a tie
 * of points is broken (the server breaks it by wins, average place, head-to-head, rating) is left
 * out: `null`.
 */
export function nextDivisionsByRecount(divisions: { member: string; points: number }[][], newcomers: string[], size: number, moves: number, minSize: number): Map<string, number | null> {
  const ranked = divisions.filter((d) => d.length > 0).map((d) => [...d].sort((a, b) => b.points - a.points));
  const n = ranked.slice(1).map((below, k) => Math.min(moves, Math.floor(ranked[k].length / 2), Math.floor(below.length / 2)));
  const stayed: string[][] = ranked.map(() => []);
  const up: string[][] = ranked.map(() => []);
  const down: string[][] = ranked.map(() => []);
  ranked.forEach((d, k) => {
    const goUp = k > 0 ? n[k - 1] : 0;
    const goDown = k < ranked.length - 1 ? n[k] : 0;
    d.forEach((r, place) => (place < goUp ? up[k - 1] : place >= d.length - goDown ? down[k + 1] : stayed[k]).push(r.member));
  });
  const groups = ranked.map((_, k) => [...stayed[k], ...up[k], ...down[k]]);
  for (let k = 0; k + 1 < groups.length; k++) {
    while (groups[k].length < size) {
      const i = groups[k + 1].findIndex((m) => !down[k + 1].includes(m));
      if (i < 0) break;
      groups[k].push(...groups[k + 1].splice(i, 1));
    }
  }
  const live = groups.filter((g) => g.length > 0);
  live[live.length - 1].push(...newcomers);
  // A lowest division over its size opens one below for what does not fit, once that can be
  // seated (`minSize`: 3, or 1 with bots); a last division too small to be seated joins the one above.
  while (live[live.length - 1].length - size >= Math.max(1, minSize)) live.push(live[live.length - 1].splice(size));
  while (live.length > 1 && live[live.length - 1].length < minSize) live[live.length - 2].push(...live.pop()!);
  const to = new Map<string, number>();
  live.forEach((g, k) => g.forEach((m) => to.set(m, k + 1)));
  // Tied on points with someone of the same division who lands elsewhere: the tie-break decides.
  const out = new Map<string, number | null>(to);
  for (const d of ranked) for (const a of d) if (d.some((b) => b.points === a.points && to.get(b.member) !== to.get(a.member))) out.set(a.member, null);
  return out;
}

/** Minutes past midnight of `ms` in `timeZone`. */
export function localMinutes(ms: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat("en-GB", { timeZone, hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).formatToParts(new Date(ms));
  const get = (t: string) => Number(parts.find((p) => p.type === t)?.value ?? 0);
  return get("hour") * 60 + get("minute");
}

/** How long (minutes) `minute` has been inside the quiet window [start, end), or -1 outside it. */
export function intoQuiet(minute: number, start: number, end: number): number {
  const inside = start <= end ? minute >= start && minute < end : minute >= start || minute < end;
  return inside ? (minute - start + 1440) % 1440 : -1;
}

/** Parse a CSV of RFC 4180 (quoted cells, CRLF). */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      row.push(cell);
      cell = "";
    } else if (c === "\n" || c === "\r") {
      if (c === "\r" && text[i + 1] === "\n") i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
    } else cell += c;
  }
  if (cell || row.length) rows.push([...row, cell]);
  return rows;
}
