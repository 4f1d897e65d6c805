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
