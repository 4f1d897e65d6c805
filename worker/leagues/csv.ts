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

export function standingsCsv(rows: Standing[]): string {
  const head = ["rank", "name", "games", "wins", "avg_place", "points", "rating", "mu", "sigma", "removed"];
  const lines = rows.map((r) =>
    [r.rank, r.name, r.games, r.wins, round(r.avgPlace, 2), r.points, round(r.rating?.ordinal ?? null, 2), round(r.rating?.mu ?? null, 3), round(r.rating?.sigma ?? null, 3), r.removed ? "yes" : "no"]
      .map(cell)
      .join(","),
  );
  return [head.join(","), ...lines].join("\r\n") + "\r\n";
}
