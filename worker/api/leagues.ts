// The league routes (issue 7): create a league, join it, read its page, its exports, and the
// admin's actions. Who is asking: league-access.ts; the page itself: worker/leagues/page.ts.
import { Hono, type Context } from "hono";
import type { Env } from "../base/env";
import { FailureError, errorBody, raise } from "../base/failure";
import { hashToken, newToken, sameHash } from "../base/secrets";
import { LEAGUE_ID, feedFor, inviteFor, newLeagueId } from "../leagues/keys";
import { computeStandings } from "../leagues/standings";
import { divisionStandingsCsv, standingsCsv } from "../leagues/csv";
import { calendar } from "../leagues/ical";
import { handOver } from "../leagues/games";
import { claimRound, roundAnswer, runRound } from "../leagues/rounds";
import { fieldOf } from "../leagues/field";
import { withField } from "../leagues/field-page";
import { leaguePage } from "../leagues/page";
import { divisionsOf } from "../leagues/division-store";
import { divisionsView } from "../leagues/division-page";
import { checkDivisionSettings } from "../leagues/division-seasons";
import { rulesFor, storedRules } from "../leagues/rules";
import { banMember, join, remove, undoRemoval } from "../leagues/membership";
import { decide, giveSeat, leagueTable, refuseIfDecided, seatAt } from "../leagues/table-admin";
import { closeRound, extendRound, openRound, startSeason } from "../leagues/calendar-admin";
import { logAndNotify } from "../leagues/news";
import { shownResults } from "../leagues/sealed";
import { leagueState, roundState, stateOfTable } from "../leagues/state";
import * as store from "../leagues/store";
import type { LeagueRow, LeagueTable, MemberRow } from "../leagues/store";
import { jsonBody } from "./json-body";
import { callerPlayer, spend } from "./quota";
import { nameSkeleton } from "./names";
import { bearer } from "./guard";
import { limitToken } from "./rate-limit";
import { loadAdmin, loadFeed, loadLeague } from "./league-access";
import { CreateLeagueSchema, DecideSchema, ExtendSchema, JoinSchema, NewSeasonSchema, ReplaceSchema, StartRoundSchema } from "./league-schemas";
import { publicOrigin } from "./public-origin";
import { timeNow } from "../base/clock";

type Ctx = Context<{ Bindings: Env }>;

export const leagues = new Hono<{ Bindings: Env }>();

const origin = (c: Ctx) => publicOrigin(c);

/** `?season=` (default: the current one). */
function seasonAsked(c: Ctx, league: LeagueRow): number {
  const season = Number(c.req.query("season") ?? league.season);
  if (!Number.isInteger(season) || season < 1 || season > league.season) raise(400, "INVALID_REQUEST", "There is no such season.");
  return season;
}

// ---- create and join ------------------------------------------------------------------------

leagues.post("/", jsonBody(CreateLeagueSchema), async (c) => {
  const body = c.req.valid("json");
  const rules = storedRules(body.rules, body.tableSize);
  checkDivisionSettings(body.divisionSize, body.divisionMoves, body.tableSize);
  await spend(c, "leagues", await callerPlayer(c));
  const id = newLeagueId();
  const adminKey = newToken();
  const invite = await inviteFor(adminKey);
  const now = timeNow();
  await store.insertLeague(c.env.DB, {
    id,
    name: body.name,
    description: body.description,
    rules,
    tableSize: body.tableSize,
    allowBots: body.allowBots,
    botLevel: body.botLevel,
    roundDays: body.roundDays,
    decisionHours: body.decisionHours,
    seasonRounds: body.seasonRounds,
    visibility: body.visibility,
    season: 1,
    adminHash: await hashToken(adminKey),
    inviteHash: await hashToken(invite),
    adminFeedHash: await hashToken(await feedFor(adminKey)),
    createdAt: now,
    inviteGen: 0,
    divisionSize: body.divisionSize,
    divisionMoves: body.divisionMoves,
  });
  const creator = await callerPlayer(c);
  if (creator) await unlessUnsealed(store.keepAdminKey(c.env.DB, id, creator, adminKey, now));
  const base = origin(c);
  // Keys travel in the fragment, which browsers never send: they stay out of server logs.
  return c.json({ id, adminKey, adminLink: `${base}/l/${id}#admin=${adminKey}`, invite, inviteLink: `${base}/l/${id}#invite=${invite}` }, 201);
});

leagues.post("/:id/join", jsonBody(JoinSchema), async (c) => {
  const { league, members, role } = await loadLeague(c, { guestsOk: true });
  const body = c.req.valid("json");
  const bearerKey = role.kind === "admin" ? null : (bearer(c) ?? null);
  const { member, key } = await join(c.env.DB, league, members, {
    invite: body.invite,
    name: body.name,
    skeleton: nameSkeleton,
    bearerKey,
    isMember: role.kind === "member",
    address: c.req.header("CF-Connecting-IP"),
  });
  return c.json({ member: { id: member.id, name: member.name, player: member.playerId }, key, link: `${origin(c)}/l/${league.id}` }, 201);
});

/**
 * The creating player keeps the admin key (sealed) so "My leagues" finds it on their other devices;
 * without LINK_KEY nothing can be sealed, and the league is made all the same (the browser has it).
 */
async function unlessUnsealed(work: Promise<void>): Promise<void> {
  try {
    await work;
  } catch (e) {
    if (!(e instanceof FailureError && e.failure.code === "NOT_CONFIGURED")) throw e;
  }
}

// The invite shows the league before joining (API.md Additions, "A league seen before joining"):
// nothing in it needs more than the invite: no keys, no seat links, no member's name or contact.
leagues.get("/:id/preview", async (c) => {
  const id = c.req.param("id");
  const invite = bearer(c);
  const unknown = () => raise(404, "NOT_FOUND", "This invite does not open a league.");
  if (!LEAGUE_ID.test(id) || !invite || invite.length > 100) return unknown();
  const hash = await hashToken(invite);
  await limitToken(c, hash);
  const league = await store.leagueById(c.env.DB, id);
  if (!league || !sameHash(league.inviteHash, hash)) return unknown();
  const members = await store.membersOf(c.env.DB, id);
  return c.json({
    name: league.name,
    description: league.description,
    rules: rulesFor(league, league.tableSize),
    tableSize: league.tableSize,
    daysPerRound: league.roundDays,
    members: members.filter((m) => m.status === "active").length,
    // Additive: what else a newcomer weighs before joining.
    decisionHours: league.decisionHours,
    seasonRounds: league.seasonRounds,
    season: league.season,
    allowBots: league.allowBots,
    visibility: league.visibility,
  });
});

// ---- the league page and its feeds ---------------------------------------------------------

/**
 * The links of the seats `member` holds at running tables. A seat from before seats had tokens of
 * their own (it opened with the member's key) is given one now, which also shuts that key out.
 */
async function seatLinksFor(c: Ctx, league: LeagueRow, tables: LeagueTable[], member: MemberRow, base: string): Promise<Map<string, string>> {
  const links = new Map<string, string>();
  for (const t of tables) {
    if (t.outcome !== null) continue;
    const seat = t.holders.indexOf(member.id);
    if (seat < 0) continue;
    const link = (await store.seatLinkOf(t, seat)) ?? (await handOver(c.env, t.tableId, seat, member, league.botLevel, base));
    if (link) links.set(t.tableId, link);
  }
  return links;
}

leagues.get("/:id", async (c) => {
  const { league, members, role } = await loadLeague(c);
  const season = seasonAsked(c, league);
  const state = await leagueState(c.env, league.id, season);
  // The running games as the sync read them (once per request).
  const { tables, rounds, sealed, games } = state;
  const base = origin(c);
  const feed = role.kind === "guest" ? null : await feedFor(role.key);
  const q = (path: string) => `${base}/api/leagues/${league.id}/${path}${feed ? `?feed=${feed}` : ""}`;
  const invite = role.kind === "admin" ? await inviteFor(role.key, league.inviteGen) : null;
  const yourLinks = role.kind === "member" ? await seatLinksFor(c, league, tables.filter((t) => t.season === season), role.member, base) : new Map<string, string>();
  const field = await fieldOf(c.env, tables, rounds, season);
  return c.json(
    withField(leaguePage({
      league,
      members,
      viewer: role,
      season,
      tables,
      rounds,
      games,
      notices: await store.noticesFor(c.env.DB, league.id, role.kind === "member" ? role.member.id : null),
      feeds: { csv: q("standings.csv"), ics: q("calendar.ics") },
      invite: invite === null ? null : { code: invite, link: `${base}/l/${league.id}#invite=${invite}` },
      base,
      yourLinks,
      adminLog: role.kind === "guest" ? null : await store.adminLogOf(c.env.DB, league.id),
      divisions: await divisionsOf(c.env.DB, league.id, season),
      sealed,
      now: timeNow(),
    }), rounds, field, members),
  );
});

leagues.get("/:id/standings.csv", async (c) => {
  const { league, members } = await loadFeed(c);
  const season = seasonAsked(c, league);
  const { tables, sealed } = await leagueState(c.env, league.id, season);
  // A duplicate pool still being played counts for nobody yet (worker/leagues/sealed.ts).
  const results = shownResults(tables.filter((t) => t.season === season), sealed);
  const divisions = divisionsView(league, members, await divisionsOf(c.env.DB, league.id, season), results);
  const csv = divisions
    ? divisionStandingsCsv(divisions)
    : standingsCsv(computeStandings(members.map((m) => ({ id: m.id, name: m.name, removed: m.status === "removed" })), results));
  const file = `${league.name.replace(/[^A-Za-z0-9_-]+/g, "-").slice(0, 40) || "league"}-season-${season}.csv`;
  return c.body(csv, 200, { "Content-Type": "text/csv; charset=utf-8", "Content-Disposition": `attachment; filename="${file}"` });
});

// Round deadlines only: nothing in it depends on how any game goes (a round closes once all its
// tables are over, so "closed" tells nothing a sealed pool hides).
leagues.get("/:id/calendar.ics", async (c) => {
  const { league } = await loadFeed(c);
  const rounds = await store.roundsOf(c.env.DB, league.id);
  const base = origin(c);
  const events = rounds.map((r) => ({
    uid: `${league.id}-${r.season}-${r.no}@muli`,
    summary: `${league.name}: round ${r.no} ends`,
    description: `Season ${r.season}, round ${r.no}${r.closedAt ? " (closed)" : ""}. Deadline for every table of the round.`,
    at: r.deadline,
    url: `${base}/l/${league.id}`,
  }));
  return c.body(calendar(league.name, events, timeNow()), 200, { "Content-Type": "text/calendar; charset=utf-8" });
});

// ---- admin: rounds and seasons --------------------------------------------------------------

/** How long a round start waits for its slices before it answers `202` with the round starting. */
const ROUND_WAIT_MS = 20_000;

leagues.post("/:id/rounds", jsonBody(StartRoundSchema), async (c) => {
  const { league, members } = await loadAdmin(c);
  const body = c.req.valid("json");
  let job;
  try {
    job = await claimRound(c.env, league, members, origin(c), body.no, body.duplicate ?? false);
  } catch (e) {
    // A start tried again names the round it meets (additive: the 409's code and message stay).
    if (!(e instanceof FailureError) || (e.failure.code !== "ROUND_OPEN" && e.failure.code !== "ROUND_EXISTS")) throw e;
    const rounds = (await store.roundsOf(c.env.DB, league.id)).filter((r) => r.season === league.season);
    const met = rounds.find((r) => r.closedAt === null) ?? rounds.find((r) => r.no === body.no) ?? rounds.at(-1);
    const round = met ? await roundAnswer(c.env, league, met.season, met.no) : null;
    return c.json({ ...errorBody(e.failure), ...(round ? { round } : {}) }, 409);
  }
  const done = await runRound(c.env, job, ROUND_WAIT_MS);
  const round = await roundAnswer(c.env, league, job.season, job.no);
  if (!round) return raise(503, "ROUND_NOT_STARTED", "The round could not be started; try again.");
  // 201 with its tables once they are made; 202 while it is still starting (the page shows it so).
  return c.json(round, done && round.status === "open" ? 201 : 202);
});

leagues.post("/:id/rounds/:no/close", async (c) => {
  const { league } = await loadAdmin(c);
  // The round's own tables only (roundState): closing reads a round, not the season so far.
  const no = Number(c.req.param("no"));
  const state = Number.isInteger(no) ? await roundState(c.env, league.id, league.season, no) : await leagueState(c.env, league.id, league.season);
  return c.json(await closeRound(c.env.DB, league, state, openRound(state.rounds, league, no)));
});

leagues.post("/:id/rounds/:no/deadline", jsonBody(ExtendSchema), async (c) => {
  const { league } = await loadAdmin(c);
  // Only the round's row: moving a deadline needs none of its tables.
  const round = openRound(await store.roundsOf(c.env.DB, league.id), league, Number(c.req.param("no")));
  const { days } = c.req.valid("json");
  return c.json(await extendRound(c.env.DB, league, round, days));
});

leagues.post("/:id/seasons", jsonBody(NewSeasonSchema), async (c) => {
  const { league, members } = await loadAdmin(c);
  return c.json(await startSeason(c.env, league, members, c.req.valid("json")), 201);
});

// ---- admin: tables and members --------------------------------------------------------------

leagues.post("/:id/tables/:tableId/decide", jsonBody(DecideSchema), async (c) => {
  const { league } = await loadAdmin(c);
  const state = await stateOfTable(c.env, league, c.req.param("tableId"));
  const t = leagueTable(state, c.req.param("tableId"));
  const { outcome } = c.req.valid("json");
  return c.json(await decide(c.env, league, state, t, outcome));
});

leagues.post("/:id/tables/:tableId/seats/:seat", jsonBody(ReplaceSchema), async (c) => {
  const { league, members } = await loadAdmin(c);
  const state = await stateOfTable(c.env, league, c.req.param("tableId"));
  const t = leagueTable(state, c.req.param("tableId"));
  const seat = seatAt(t, c.req.param("seat"));
  const body = c.req.valid("json");
  refuseIfDecided(t);
  const holder = body.member === null ? null : (members.find((m) => m.id === body.member && m.status === "active") ?? raise(404, "NOT_FOUND", "There is no such member in this league."));
  return c.json(await giveSeat(c.env, league, members, state, t, seat, holder, origin(c)));
});

leagues.delete("/:id/members/:memberId", async (c) => {
  const { league, members, role } = await loadLeague(c);
  const target = members.find((m) => m.id === c.req.param("memberId"));
  // A member may leave; only the admin removes someone else.
  if (role.kind !== "admin" && !(role.kind === "member" && role.member.id === target?.id)) {
    raise(403, "FORBIDDEN", "Only the league's admin may remove another member.");
  }
  if (!target) return raise(404, "NOT_FOUND", "There is no such member in this league.");
  return c.json(await remove(c.env, league, target, role.kind === "admin", origin(c)));
});

leagues.post("/:id/members/:memberId/ban", async (c) => {
  const { league, members } = await loadAdmin(c);
  const target = members.find((m) => m.id === c.req.param("memberId"));
  if (!target) return raise(404, "NOT_FOUND", "There is no such member in this league.");
  return c.json(await banMember(c.env, league, target, target.nameKey ?? nameSkeleton(target.name), origin(c)));
});

leagues.post("/:id/admin-log/:entry/undo", async (c) => {
  const { league, members } = await loadAdmin(c);
  return c.json(await undoRemoval(c.env, league, members, Number(c.req.param("entry")), origin(c)));
});

// ---- admin: keys ----------------------------------------------------------------------------

const inviteOf = async (base: string, league: LeagueRow, adminKey: string, generation = league.inviteGen) => {
  const code = await inviteFor(adminKey, generation);
  return { code, link: `${base}/l/${league.id}#invite=${code}` };
};

/** A new invite: the old one opens nothing from now on; members stay members. */
leagues.post("/:id/invite", async (c) => {
  const { league, role } = await loadAdmin(c);
  const inviteGen = league.inviteGen + 1;
  const invite = await inviteOf(origin(c), league, role.key, inviteGen);
  await store.updateLeague(c.env.DB, league.id, { inviteGen, inviteHash: await hashToken(invite.code) });
  await logAndNotify(c.env.DB, league, timeNow(), { action: "inviteRotated", data: {} });
  return c.json({ invite });
});

/** A new admin key (and so a new invite and admin feed, which derive from it): the old key stops. */
leagues.post("/:id/admin-key", async (c) => {
  const { league } = await loadAdmin(c);
  const adminKey = newToken();
  const invite = await inviteOf(origin(c), league, adminKey);
  const changed = await store.replaceAdminKey(c.env.DB, league.id, league.adminHash, {
    adminHash: await hashToken(adminKey),
    adminFeedHash: await hashToken(await feedFor(adminKey)),
    inviteHash: await hashToken(invite.code),
  });
  if (!changed) raise(409, "KEY_CHANGED", "The admin key has just been changed elsewhere; open the league with the new one.");
  await unlessUnsealed(store.resealAdminKey(c.env.DB, league.id, adminKey));
  await logAndNotify(c.env.DB, league, timeNow(), { action: "adminKeyRotated", data: {} });
  return c.json({ adminKey, adminLink: `${origin(c)}/l/${league.id}#admin=${adminKey}`, invite });
});
