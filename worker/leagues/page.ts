// The league page (GET /api/leagues/:id) as a pure function of what the route has read: the
// league, its members, standings and seating fairness for a season, its rounds with their tables
// ("waiting for Dora for 2 days"), the notices, the feeds and, for the admin, the invite.
import type { GameRow } from "./outcomes";
import type { AdminLogRow, LeagueRow, LeagueTable, MemberRow, NoticeRow, RoundRow } from "./store";
import * as store from "./store";
import { rulesFor } from "./rules";
import { measure } from "./seating";
import { computeStandings } from "./standings";
import { divisionsView } from "./division-page";
import type { DivisionRow } from "./division-store";
import { BOT_NAME } from "./games";
import { sealedData, shownResults } from "./sealed";

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

interface SeatView {
  seat: number;
  member: string | null;
  name: string;
  bot: string | null;
  points: number | null;
  place: number | null;
  left: boolean;
  tookOver: { fromName: string; hand: number } | null;
}

/** A table as the league page shows it. */
interface TableView {
  tableId: string;
  no: number;
  status: string;
  /** A table of a duplicate pool still being played, seen from outside it: its play is not shown. */
  sealed: boolean;
  seats: SeatView[];
  division: number | null;
  hands: number | null;
  waitingFor: { seat: number; name: string; bot: boolean; since: number }[];
  waitingMs: number | null;
  overdue: boolean;
  decidedAt: number | null;
  link: string | null;
}

/**
 * A table of a sealed duplicate pool (sealed.ts), seen from outside it: who sits where, and what
 * the admin decided, but nothing of its play.
 */
function sealedView(t: LeagueTable, seats: { seat: number; member: string | null; name: string; bot: string | null }[]): TableView {
  const decided = t.outcome === "scored" || t.outcome === "annulled";
  return {
    tableId: t.tableId,
    no: t.no,
    status: decided ? t.outcome! : "playing",
    sealed: true,
    seats: seats.map((s) => ({ ...s, points: null, place: null, left: false, tookOver: null })),
    division: t.division,
    hands: null,
    waitingFor: [],
    waitingMs: null,
    overdue: false,
    decidedAt: decided ? t.decidedAt : null,
    link: null,
  };
}

function tableView(t: LeagueTable, game: Game | undefined, byId: Map<string, MemberRow>, league: LeagueRow, yourLinks: Map<string, string>, now: number, sealed: boolean): TableView {
  const seats = t.holders.map((m, seat) => ({ seat, member: m, name: m ? (byId.get(m)?.name ?? "?") : BOT_NAME, bot: m ? null : league.botLevel }));
  if (sealed) return sealedView(t, seats);
  const result = t.result ? (JSON.parse(t.result) as store.StoredSeatResult[]) : null;
  const playing = t.outcome === null;
  return {
    tableId: t.tableId,
    no: t.no,
    status: t.outcome ?? (game?.phase === "over" ? "finished" : "playing"),
    sealed: false,
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
  /** Tables of duplicate pools still being played (sealed.ts): shown to their own players only. */
  sealed: Set<string>;
  now: number;
}

export function leaguePage(p: PageInput) {
  const { league, members, viewer: role, season, rounds, games, base, now } = p;
  const inSeason = p.tables.filter((t) => t.season === season);
  const byId = new Map(members.map((m) => [m.id, m]));
  const results = shownResults(inSeason, p.sealed);
  const standings = computeStandings(
    members.map((m) => ({ id: m.id, name: m.name, removed: m.status === "removed" })),
    results,
  );
  // A member sees their own table whole; everyone else a sealed table's seats only.
  const seatedAt = (t: LeagueTable) => role.kind === "member" && t.holders.includes(role.member.id);
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
    divisions: divisionsView(league, members, p.divisions, results),
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
        // Additive: "starting" while its tables are being made (round-job.ts), none listed yet.
        ...(r.starting ? { status: "starting" as const } : {}),
        tables: inSeason
          .filter((t) => t.round === r.no)
          .map((t) => {
            const g = games.get(t.tableId);
            const game = g && { phase: g.phase, toAct: g.state.toAct, since: g.updatedAt, hands: g.state.hands, points: g.state.points, left: g.seats.map((s) => !!s.leftBot) };
            return tableView(t, game, byId, league, p.yourLinks, now, p.sealed.has(t.tableId) && !seatedAt(t));
          }),
      }))
      .reverse(),
    notices: p.notices.map((n) => ({ kind: n.kind, at: n.at, data: sealedData(JSON.parse(n.data) as Record<string, unknown>, p.sealed) })),
    feeds: p.feeds,
    invite: p.invite,
    // Undoable while `undoUntil` has not passed and nobody undid it (POST …/admin-log/:id/undo).
    adminLog: p.adminLog?.map((e) => ({ id: e.id, action: e.action, at: e.at, data: sealedData(JSON.parse(e.data) as Record<string, unknown>, p.sealed), undoUntil: e.undoneAt === null ? e.undoUntil : null, undone: e.undoneAt !== null })) ?? null,
    now,
  };
}
