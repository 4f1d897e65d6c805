// The league page (GET /api/leagues/:id) as a pure function of what the route has read: the
// league, its members, standings and seating fairness for a season, its rounds with their tables
// ("waiting for Dora for 2 days"), the notices, the feeds and, for the admin, the invite.
import type { AdminLogRow, GameRow, LeagueRow, LeagueTable, MemberRow, NoticeRow, RoundRow } from "./store";
import * as store from "./store";
import { rulesFor } from "./rules";
import { measure } from "./seating";
import { computeStandings } from "./standings";
import { divisionsView } from "./division-page";
import type { DivisionRow } from "./division-store";

/** Who is looking at the page (the route decides it from their key). */
export type Viewer = { kind: "admin" } | { kind: "member"; member: MemberRow } | { kind: "guest" };

interface Game {
  phase: string;
  toAct: number[];
  since: number;
  hands: number;
  points: number[];
  /** Seats whose player left the table (a bot plays them to the end). */
  left: boolean[];
}

function tableView(t: LeagueTable, game: Game | undefined, byId: Map<string, MemberRow>, league: LeagueRow, yourLinks: Map<string, string>, now: number) {
  const seats = t.holders.map((m, seat) => ({ seat, member: m, name: m ? (byId.get(m)?.name ?? "?") : "Bot", bot: m ? null : league.botLevel }));
  const result = t.result ? (JSON.parse(t.result) as store.StoredSeatResult[]) : null;
  const playing = t.outcome === null;
  return {
    tableId: t.tableId,
    no: t.no,
    status: t.outcome ?? (game?.phase === "over" ? "finished" : "playing"),
    seats: seats.map((s) => {
      const o = t.takenOver[s.seat];
      return { ...s, points: result?.[s.seat]?.points ?? game?.points[s.seat] ?? null, place: result?.[s.seat]?.place ?? null, left: game?.left[s.seat] ?? false, tookOver: o ? { fromName: o.fromName, hand: o.hand } : null };
    }),
    division: t.division,
    hands: game?.hands ?? null,
    // "waiting for Dora for 2 days": who is to act and since when (the last move).
    waitingFor: playing && game && game.phase !== "over" ? game.toAct.map((seat) => ({ seat, name: seats[seat]?.name ?? "?", bot: seats[seat]?.bot !== null, since: game.since })) : [],
    waitingMs: playing && game && game.phase !== "over" ? now - game.since : null,
    overdue: playing && !!game && !!league.decisionHours && now - game.since > league.decisionHours * 3_600_000,
    decidedAt: t.decidedAt,
    // Your seat's own link (its token in the fragment), for you only.
    link: yourLinks.get(t.tableId) ?? null,
  };
}

export interface PageInput {
  league: LeagueRow;
  members: MemberRow[];
  viewer: Viewer;
  season: number;
  /** Every table of the league, finished games copied in (syncFinished). */
  tables: LeagueTable[];
  rounds: RoundRow[];
  /** The running games of the season's undecided tables. */
  games: Map<string, GameRow>;
  notices: NoticeRow[];
  feeds: { csv: string; ics: string };
  invite: { code: string; link: string } | null;
  base: string;
  /** The viewer's own seats' links (their tokens), by table: a member's only. */
  yourLinks: Map<string, string>;
  /** Every admin action, newest first: for the admin and the members (null for guests). */
  adminLog: AdminLogRow[] | null;
  /** The season's division placements (empty: no divisions in it). */
  divisions: DivisionRow[];
  now: number;
}

export function leaguePage(p: PageInput) {
  const { league, members, viewer: role, season, rounds, games, base, now } = p;
  const inSeason = p.tables.filter((t) => t.season === season);
  const byId = new Map(members.map((m) => [m.id, m]));
  const standings = computeStandings(
    members.map((m) => ({ id: m.id, name: m.name, removed: m.status === "removed" })),
    store.resultsOf(inSeason),
  );
  return {
    league: {
      id: league.id,
      name: league.name,
      description: league.description,
      rules: JSON.parse(league.rules),
      // The rules as every member plays them, resolved for the usual table size.
      resolvedRules: rulesFor(league, league.tableSize),
      tableSize: league.tableSize,
      allowBots: league.allowBots,
      botLevel: league.botLevel,
      roundDays: league.roundDays,
      decisionHours: league.decisionHours,
      seasonRounds: league.seasonRounds,
      divisionSize: league.divisionSize,
      divisionMoves: league.divisionMoves,
      visibility: league.visibility,
      season: league.season,
      createdAt: league.createdAt,
    },
    you: role.kind === "member" ? { role: "member", member: role.member.id, name: role.member.name, reserve: role.member.reserve } : { role: role.kind },
    season,
    members: members.map((m) => ({ id: m.id, name: m.name, status: m.status, joinedAt: m.joinedAt, reserve: m.reserve, player: role.kind === "admin" ? m.playerId : undefined })),
    standings,
    // Each division's own standings and movements (null: the season has no divisions).
    divisions: divisionsView(league, members, p.divisions, store.resultsOf(inSeason)),
    // How even the season's seating is so far, over the active members (see README, Leagues).
    fairness: measure(
      members.filter((m) => m.status === "active").map((m) => m.id),
      inSeason.map((t) => t.holders),
    ),
    rounds: rounds
      .filter((r) => r.season === season)
      .map((r) => ({
        season: r.season,
        no: r.no,
        startedAt: r.startedAt,
        deadline: r.deadline,
        closedAt: r.closedAt,
        tables: inSeason
          .filter((t) => t.round === r.no)
          .map((t) => {
            const g = games.get(t.tableId);
            const game = g && { phase: g.phase, toAct: g.state.toAct, since: g.updatedAt, hands: g.state.handsPlayed.length, points: g.state.points, left: g.seats.map((s) => !!s.leftBot) };
            return tableView(t, game, byId, league, p.yourLinks, now);
          }),
      }))
      .reverse(),
    notices: p.notices.map((n) => ({ kind: n.kind, at: n.at, data: JSON.parse(n.data) })),
    feeds: p.feeds,
    invite: p.invite,
    // Undoable while `undoUntil` has not passed and nobody undid it (POST …/admin-log/:id/undo).
    adminLog: p.adminLog?.map((e) => ({ id: e.id, action: e.action, at: e.at, data: JSON.parse(e.data) as Record<string, unknown>, undoUntil: e.undoneAt === null ? e.undoUntil : null, undone: e.undoneAt !== null })) ?? null,
    now,
  };
}
