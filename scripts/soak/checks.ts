// The soak's checks at the end of the run, from what it saw itself and the records alone
// (README, "The season soak"): every acknowledged action in its record, every record replays to
// the result the league shows, and the standings, divisions, CSV, calendar and next season's
// divisions agree with a recount written here (recount.ts), not with the server's own code.
import { createHash } from "node:crypto";
import { verifyRecord, type GameRecord } from "../../worker/engine";
import type { Api } from "./api";
import type { Acked, Member } from "./play";
import { nextDivisionsByRecount, parseCsv, recount, type Recount } from "./recount";

export interface LeagueRef {
  id: string;
  adminKey: string;
}

/** When (game ms) the soak asked for a round to start and had the answer. */
export interface RoundStart {
  season: number;
  no: number;
  from: number;
  to: number;
}

export interface CheckResult {
  lost: number;
  mismatches: number;
  tablesChecked: number;
  /** Members moved up and down into each next season, as the recount decides. */
  promoted: number;
  relegated: number;
  calendarEvents: number;
}

const DAY = 86_400_000;
const stampOf = (ms: number) => new Date(ms).toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, "");

export async function checkLeague(
  api: Api,
  league: LeagueRef,
  seasons: number,
  roundDays: number,
  members: Member[],
  acked: Acked[],
  starts: RoundStart[],
  adminPage: (season?: number) => Promise<any>,
  problems: string[],
): Promise<CheckResult> {
  const out: CheckResult = { lost: 0, mismatches: 0, tablesChecked: 0, promoted: 0, relegated: 0, calendarEvents: 0 };
  const mismatch = (what: string) => {
    out.mismatches++;
    problems.push(what);
  };
  const byId = (id: string) => members.find((m) => m.id === id);
  for (let season = 1; season <= seasons; season++) {
    const page = await adminPage(season);
    const finished: { holders: (string | null)[]; result: { points: number[]; winners: number[] } }[] = [];
    for (const round of page.rounds) {
      for (const t of round.tables) {
        if (t.status === "annulled") continue;
        const record = await recordOf(api, members, t.tableId);
        if (!record) {
          mismatch(`no record for ${t.tableId}`);
          continue;
        }
        out.tablesChecked++;
        const digest = createHash("sha256").update(record.seed ?? "", "utf8").digest("hex");
        const v = verifyRecord(record, record.seed ? digest : null);
        if (!v.ok) mismatch(`${t.tableId}: the record does not replay: ${v.problems.join("; ")}`);
        const result = record.result!;
        // What the league shows for the table is the record's result.
        t.seats.forEach((s: any, i: number) => {
          if (s.points !== result.points[i]) mismatch(`${t.tableId} seat ${i}: league shows ${s.points} points, the record ${result.points[i]}`);
        });
        for (const a of acked.filter((x) => x.table === t.tableId)) {
          const logged = record.actions[a.version];
          if (!logged || logged.seat !== a.seat || logged.type !== a.type) {
            out.lost++;
            problems.push(`${t.tableId}: acknowledged ${a.type} of seat ${a.seat} at version ${a.version} is not in the record (${JSON.stringify(logged)})`);
          }
        }
        finished.push({ holders: t.seats.map((s: any) => s.member), result: { points: result.points, winners: result.winners ?? [] } });
      }
    }
    // Standings, divisions, CSV: against the recount from the records.
    const expected = recount(finished);
    const none: Recount = { games: 0, wins: 0, points: 0 };
    const shown = new Map<string, any>(page.standings.map((r: any) => [r.member, r]));
    for (const [member, e] of expected) {
      const r = shown.get(member);
      if (!r || r.games !== e.games || r.wins !== e.wins || Math.abs(r.points - e.points) > 1e-9) {
        mismatch(`season ${season}: ${byId(member)?.name ?? member} recounted ${JSON.stringify(e)}, standings show ${JSON.stringify(r && { games: r.games, wins: r.wins, points: r.points })}`);
      }
    }
    for (const r of page.standings) if (r.games > 0 && !expected.has(r.member)) mismatch(`season ${season}: ${r.name} has ${r.games} games in the standings, none in the records`);
    for (const d of page.divisions ?? []) {
      for (const r of d.standings) {
        const e = expected.get(r.member) ?? none;
        if (r.games !== e.games || Math.abs(r.points - e.points) > 1e-9) mismatch(`season ${season} division ${d.no}: ${r.name} shows ${r.points} points in ${r.games} games, recounted ${e.points} in ${e.games}`);
      }
    }
    const csv = await api.call("GET", `/api/leagues/${league.id}/standings.csv?season=${season}`, { key: league.adminKey, text: true });
    const rows = parseCsv(String(csv.body));
    const head = rows[0] ?? [];
    const col = (n: string) => head.indexOf(n);
    for (const row of rows.slice(1)) {
      const m = members.find((x) => x.name === row[col("name")]);
      const e = m ? (expected.get(m.id) ?? none) : null;
      if (!e || Number(row[col("points")]) !== e.points || Number(row[col("games")]) !== e.games) mismatch(`season ${season} CSV: ${row.join(",")} ≠ recount ${JSON.stringify(e)}`);
    }
    // A season with divisions exports each division's standings, as the page shows them (README,
    // "standings.csv"): a member removed before the season began is in none of them, though the
    // season's overall standings still list them (with no games). Without divisions: the standings.
    const listed: { member: string; division: number | null }[] = page.divisions
      ? page.divisions.flatMap((d: any) => d.standings.map((r: any) => ({ member: r.member, division: d.no })))
      : page.standings.map((r: any) => ({ member: r.member, division: null }));
    if (rows.length - 1 !== listed.length) mismatch(`season ${season} CSV has ${rows.length - 1} rows, the page ${listed.length}`);
    for (const l of listed) {
      const row = rows.slice(1).find((x) => x[col("name")] === byId(l.member)?.name);
      if (!row) mismatch(`season ${season} CSV: no row for ${byId(l.member)?.name ?? l.member}`);
      else if (l.division !== null && Number(row[col("division")]) !== l.division) mismatch(`season ${season} CSV: ${row[col("name")]} in division ${row[col("division")]}, the page ${l.division}`);
    }
    // Everyone with a game this season is in the export.
    for (const member of expected.keys()) if (!listed.some((l) => l.member === member)) mismatch(`season ${season}: ${byId(member)?.name ?? member} played but is not on the page's list`);
    // Divisions of the next season, as the README's rule decides from this season's division
    // standings by the recount (recount.ts: up and down at each boundary, a division left short
    // by a removal filled from the top of the one below, newcomers in the lowest).
    if (season < seasons && page.divisions) {
      const next = await adminPage(season + 1);
      const divisionOf = new Map<string, number>();
      for (const d of next.divisions ?? []) for (const r of d.standings) divisionOf.set(r.member, d.no);
      const activeRow = (r: any) => !r.removed && byId(r.member) && !byId(r.member)!.removed;
      const was = new Map<string, number>();
      const standing = page.divisions.map((d: any) =>
        d.standings.filter(activeRow).map((r: any) => {
          was.set(r.member, d.no);
          return { member: r.member, points: expected.get(r.member)?.points ?? 0 };
        }),
      );
      const newcomers = members.filter((m) => !m.removed && !was.has(m.id)).map((m) => m.id);
      const want = nextDivisionsByRecount(standing, newcomers, page.league.divisionSize as number, page.league.divisionMoves as number, page.league.allowBots ? 1 : 3);
      for (const [member, to] of want) {
        if (to === null) continue; // a tie of points across a line: the server's tie-break decides
        const from = was.get(member);
        const name = byId(member)?.name ?? member;
        const points = expected.get(member)?.points ?? 0;
        if (divisionOf.get(member) !== to) mismatch(`season ${season + 1}: ${name} (${points} points in division ${from ?? "none"}) should be in division ${to}, is in ${divisionOf.get(member)}`);
        else if (from !== undefined && to < from) out.promoted++;
        else if (from !== undefined && to > from) out.relegated++;
      }
      for (const [member, d] of divisionOf) if (!want.has(member)) mismatch(`season ${season + 1}: ${byId(member)?.name ?? member} is in division ${d}, the recount places them nowhere`);
    }
  }
  // iCalendar: one event per round, at the deadline the soak expects (its start, as the soak saw
  // it, plus the round's days), closed once the round was.
  const ics = String((await api.call("GET", `/api/leagues/${league.id}/calendar.ics`, { key: league.adminKey, text: true })).body);
  const events = ics.split("BEGIN:VEVENT").slice(1);
  out.calendarEvents = events.length;
  if (events.length !== starts.length) mismatch(`calendar: ${events.length} events for ${starts.length} rounds`);
  for (const s of starts) {
    const e = events.find((x) => x.includes(`UID:${league.id}-${s.season}-${s.no}@muli`));
    const at = e && /DTSTART:(\d{8}T\d{6}Z)/.exec(e)?.[1];
    const lo = stampOf(Math.floor((s.from + roundDays * DAY) / 1000) * 1000);
    const hi = stampOf(s.to + roundDays * DAY);
    if (!e || !at || at < lo || at > hi) mismatch(`calendar: season ${s.season} round ${s.no} at ${at ?? "nothing"}, expected between ${lo} and ${hi}`);
    else if (!e.replace(/\r\n /g, "").includes("(closed)")) mismatch(`calendar: season ${s.season} round ${s.no} not shown closed`);
  }
  return out;
}

/** A finished table's record, through any seat's token the soak holds. */
async function recordOf(api: Api, members: Member[], table: string): Promise<GameRecord | null> {
  for (const m of members) {
    const token = m.tokens.get(table);
    if (!token) continue;
    const r = await api.call("GET", `/api/tables/${table}/record`, { key: token });
    if (r.status === 200) return r.body;
  }
  return null;
}
