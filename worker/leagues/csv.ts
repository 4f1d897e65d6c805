// Standings as CSV (RFC 4180: quoted where needed, CRLF). A cell that a spreadsheet would run as a
// formula (=, +, -, @ first) gets a leading apostrophe: member names are user input.
import type { Standing } from "./standings";

function cell(v: string | number | null): string {
  if (v === null) return "";
  let s = String(v);
  if (typeof v === "string" && /^[=+\-@\t\r]/.test(s)) s = "'" + s;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

const round = (x: number | null, digits: number) => (x === null ? null : Number(x.toFixed(digits)));

const HEAD = ["rank", "name", "games", "wins", "avg_place", "points", "rating", "mu", "sigma", "removed"];

const cells = (r: Standing): (string | number | null)[] => [
  r.rank,
  r.name,
  r.games,
  r.wins,
  round(r.avgPlace, 2),
  r.points,
  round(r.rating?.ordinal ?? null, 2),
  round(r.rating?.mu ?? null, 3),
  round(r.rating?.sigma ?? null, 3),
  r.removed ? "yes" : "no",
];

const file = (lines: (string | number | null)[][]): string => lines.map((l) => l.map(cell).join(",")).join("\r\n") + "\r\n";

export function standingsCsv(rows: Standing[]): string {
  return file([HEAD, ...rows.map(cells)]);
}

/** A season with divisions: each division's own standings, as on the page (ranks within it), division first. */
export function divisionStandingsCsv(divisions: { no: number; standings: Standing[] }[]): string {
  return file([["division", ...HEAD], ...divisions.flatMap((d) => d.standings.map((r) => [d.no, ...cells(r)]))]);
}
