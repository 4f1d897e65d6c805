// The league routes (issue 7): create a league, join it, read its page, its exports, and the
// admin's actions. Who is asking: league-access.ts; the page itself: worker/leagues/page.ts.
import { Hono, type Context } from "hono";
import type { Env } from "../base/env";
import { FailureError, raise } from "../base/failure";
import { hashToken, newToken, sameHash } from "../base/secrets";
import { playerByKeyHash } from "../players/store";
import { LEAGUE_ID, feedFor, inviteFor, newLeagueId, newMemberId } from "../leagues/keys";
import { computeStandings } from "../leagues/standings";
import { divisionStandingsCsv, standingsCsv } from "../leagues/csv";
import { calendar } from "../leagues/ical";
import { endDecidedTable, handOver, poolTableDecided, releaseSeats, type HeldSeat } from "../leagues/games";
import { addressKey, ban, isBanned } from "../leagues/bans";
import { startRound } from "../leagues/rounds";
import { fieldOf } from "../leagues/field";
import { withField } from "../leagues/field-page";
import { leaguePage } from "../leagues/page";
import { divisionsOf } from "../leagues/division-store";
import { divisionsView } from "../leagues/division-page";
import { checkDivisionSettings, divisionSettings, divisionsForNextSeason } from "../leagues/division-seasons";
import { rulesFor, storedRules } from "../leagues/rules";
import * as store from "../leagues/store";
import type { LeagueRow, LeagueTable, MemberRow } from "../leagues/store";
import { readBody, readOptional } from "./body";
import { callerPlayer, spend } from "./quota";
import { nameSkeleton } from "./names";
import { bearer } from "./guard";
import { loadAdmin, loadFeed, loadLeague } from "./league-access";
import { CreateLeagueSchema, DecideSchema, ExtendSchema, JoinSchema, MAX_MEMBERS, NewSeasonSchema, ReplaceSchema, StartRoundSchema } from "./league-schemas";

type Ctx = Context<{ Bindings: Env }>;

export const leagues = new Hono<{ Bindings: Env }>();

const DAY_MS = 86_400_000;

const origin = (c: Ctx) => new URL(c.req.url).origin;

const notice = store.noticeRow;

/** A removal by the admin can be undone this long (its seats come back while their games run). */
export const UNDO_MS = 60_000;

/** Every admin action goes into the league's admin log (shown on the league page). */
const logged = (c: Ctx, league: LeagueRow, action: string, data: Record<string, unknown>, at: number, undoUntil: number | null = null) =>
  store.logAdmin(c.env.DB, { leagueId: league.id, action, data: JSON.stringify(data), at, undoUntil });

/** `?season=` (default: the current one). */
function seasonAsked(c: Ctx, league: LeagueRow): number {
  const season = Number(c.req.query("season") ?? league.season);
  if (!Number.isInteger(season) || season < 1 || season > league.season) raise(400, "INVALID_REQUEST", "There is no such season.");
  return season;
}

// ---- create and join ------------------------------------------------------------------------

leagues.post("/", async (c) => {
  const body = await readBody(c, CreateLeagueSchema, "INVALID_REQUEST");
  const rules = storedRules(body.rules, body.tableSize);
  checkDivisionSettings(body.divisionSize, body.divisionMoves, body.tableSize);
  await spend(c, "leagues", await callerPlayer(c));
  const id = newLeagueId();
  const adminKey = newToken();
  const invite = await inviteFor(adminKey);
  const now = Date.now();
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

leagues.post("/:id/join", async (c) => {
  const { league, members, role } = await loadLeague(c, { guestsOk: true });
  const body = await readBody(c, JoinSchema, "INVALID_REQUEST");
  if (!sameHash(league.inviteHash, await hashToken(body.invite))) raise(403, "INVALID_INVITE", "This invite does not open this league.");
  if (role.kind === "member") raise(409, "ALREADY_MEMBER", "You are a member of this league already.");
  if (members.filter((m) => m.status === "active").length >= MAX_MEMBERS) raise(409, "LEAGUE_FULL", `A league has at most ${MAX_MEMBERS} members.`);
  const nameKey = nameSkeleton(body.name);
  if (members.some((m) => m.status === "active" && (m.nameKey ?? nameSkeleton(m.name)) === nameKey)) {
    raise(409, "NAME_TAKEN", "A member of this league has that name already.");
  }
  // With a bearer key the member joins with their player (worker/players); else a key is made.
  const bearerKey = bearer(c);
  let key: string | null = null;
  let keyHash: string;
  let playerId: string | null = null;
  if (bearerKey && role.kind !== "admin") {
    keyHash = await hashToken(bearerKey);
    const player = await playerByKeyHash(c.env.DB, keyHash);
    if (!player) return raise(401, "UNAUTHORIZED", "This key is neither a player's nor a member's.");
    playerId = player.id;
  } else {
    key = newToken();
    keyHash = await hashToken(key);
  }
  const joinAddress = await addressKey(league.id, c.req.header("CF-Connecting-IP"));
  if (await isBanned(c.env.DB, league.id, { playerId, nameKey, address: joinAddress })) raise(403, "BANNED", "The league's admin has banned you from this league.");
  const member: MemberRow = {
    id: newMemberId(),
    leagueId: league.id,
    name: body.name,
    keyHash,
    feedHash: await hashToken(await feedFor(key ?? bearerKey!)),
    playerId,
    status: "active",
    joinedAt: Date.now(),
    removedAt: null,
    nameKey,
    joinAddress,
    reserve: false,
  };
  // A removed member's key stays in the table (their results keep it): they cannot rejoin with it.
  const joined = await store.insertMember(c.env.DB, member, MAX_MEMBERS);
  if (joined === "full") raise(409, "LEAGUE_FULL", `A league has at most ${MAX_MEMBERS} members.`);
  if (joined === "name") raise(409, "NAME_TAKEN", "A member of this league has that name already.");
  if (joined === "member") raise(409, "ALREADY_MEMBER", "This key has been a member of this league already.");
  await store.insertNotices(c.env.DB, [notice(league, null, "joined", { member: member.id, name: member.name }, member.joinedAt)]);
  return c.json({ member: { id: member.id, name: member.name, player: playerId }, key, link: `${origin(c)}/l/${league.id}` }, 201);
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
  if (!(await c.env.RL_TOKEN.limit({ key: hash })).success) raise(429, "RATE_LIMITED", "Too many requests; slow down a little.");
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
  const tables = await store.tablesOf(c.env.DB, league.id);
  await store.syncFinished(c.env.DB, tables);
  const season = seasonAsked(c, league);
  const games = await store.gamesFor(c.env.DB, tables.filter((t) => t.season === season && t.outcome === null).map((t) => t.tableId));
  const base = origin(c);
  const feed = role.kind === "guest" ? null : await feedFor(role.key);
  const q = (path: string) => `${base}/api/leagues/${league.id}/${path}${feed ? `?feed=${feed}` : ""}`;
  const invite = role.kind === "admin" ? await inviteFor(role.key, league.inviteGen) : null;
  const yourLinks = role.kind === "member" ? await seatLinksFor(c, league, tables.filter((t) => t.season === season), role.member, base) : new Map<string, string>();
  const rounds = await store.roundsOf(c.env.DB, league.id);
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
      now: Date.now(),
    }), rounds, field, members),
  );
});

leagues.get("/:id/standings.csv", async (c) => {
  const { league, members } = await loadFeed(c);
  const tables = await store.tablesOf(c.env.DB, league.id);
  await store.syncFinished(c.env.DB, tables);
  const season = Number(c.req.query("season") ?? league.season);
  if (!Number.isInteger(season) || season < 1 || season > league.season) raise(400, "INVALID_REQUEST", "There is no such season.");
  const results = store.resultsOf(tables.filter((t) => t.season === season));
  const divisions = divisionsView(league, members, await divisionsOf(c.env.DB, league.id, season), results);
  const csv = divisions
    ? divisionStandingsCsv(divisions)
    : standingsCsv(computeStandings(members.map((m) => ({ id: m.id, name: m.name, removed: m.status === "removed" })), results));
  const file = `${league.name.replace(/[^A-Za-z0-9_-]+/g, "-").slice(0, 40) || "league"}-season-${season}.csv`;
  return c.body(csv, 200, { "Content-Type": "text/csv; charset=utf-8", "Content-Disposition": `attachment; filename="${file}"` });
});

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
  return c.body(calendar(league.name, events, Date.now()), 200, { "Content-Type": "text/calendar; charset=utf-8" });
});

// ---- admin: rounds --------------------------------------------------------------------------

leagues.post("/:id/rounds", async (c) => {
  const { league, members } = await loadAdmin(c);
  const body = await readOptional(c, StartRoundSchema);
  const { no, deadline, created, byId } = await startRound(c.env, league, members, origin(c), body.no, body.duplicate ?? false);
  await logged(c, league, "roundStarted", { season: league.season, round: no, tables: created.length, ...(body.duplicate ? { duplicate: true } : {}) }, Date.now());
  return c.json(
    {
      season: league.season,
      no,
      deadline,
      duplicate: body.duplicate ?? false,
      tables: created.map((t) => ({ tableId: t.tableId, no: t.no, seats: t.seats.map((m, seat) => ({ seat, member: m, name: m ? byId.get(m)!.name : "Bot" })) })),
    },
    201,
  );
});

async function currentRound(c: Ctx, league: LeagueRow) {
  const no = Number(c.req.param("no"));
  const round = (await store.roundsOf(c.env.DB, league.id)).find((r) => r.season === league.season && r.no === no);
  if (!round) return raise(404, "NOT_FOUND", "There is no such round in this season.");
  if (round.closedAt !== null) raise(409, "ROUND_CLOSED", "This round is closed.");
  return round;
}

leagues.post("/:id/rounds/:no/close", async (c) => {
  const { league } = await loadAdmin(c);
  const round = await currentRound(c, league);
  const tables = (await store.tablesOf(c.env.DB, league.id)).filter((t) => t.season === round.season && t.round === round.no);
  await store.syncFinished(c.env.DB, tables);
  const open = tables.filter((t) => t.outcome === null);
  if (open.length) raise(409, "TABLES_OPEN", `${open.length} table(s) of this round are still being played: decide them first (score as they stand, or annul).`);
  const now = Date.now();
  await store.updateRound(c.env.DB, league.id, round.season, round.no, { closedAt: now });
  await logged(c, league, "roundClosed", { season: round.season, round: round.no }, now);
  await store.insertNotices(c.env.DB, [notice(league, null, "roundClosed", { season: round.season, round: round.no }, now)]);
  return c.json({ season: round.season, no: round.no, closedAt: now });
});

leagues.post("/:id/rounds/:no/deadline", async (c) => {
  const { league } = await loadAdmin(c);
  const round = await currentRound(c, league);
  const { days } = await readBody(c, ExtendSchema, "INVALID_REQUEST");
  const deadline = round.deadline + days * DAY_MS;
  await store.updateRound(c.env.DB, league.id, round.season, round.no, { deadline });
  await logged(c, league, "deadlineExtended", { season: round.season, round: round.no, days, deadline }, Date.now());
  await store.insertNotices(c.env.DB, [notice(league, null, "deadlineExtended", { season: round.season, round: round.no, deadline }, Date.now())]);
  return c.json({ season: round.season, no: round.no, deadline });
});

// ---- admin: tables and members --------------------------------------------------------------

async function leagueTable(c: Ctx, league: LeagueRow): Promise<LeagueTable> {
  const t = (await store.tablesOf(c.env.DB, league.id)).find((x) => x.tableId === c.req.param("tableId"));
  if (!t) return raise(404, "NOT_FOUND", "There is no such table in this league.");
  await store.syncFinished(c.env.DB, [t]);
  return t;
}

leagues.post("/:id/tables/:tableId/decide", async (c) => {
  const { league } = await loadAdmin(c);
  const t = await leagueTable(c, league);
  const { outcome } = await readBody(c, DecideSchema, "INVALID_REQUEST");
  if (t.outcome !== null) raise(409, "ALREADY_DECIDED", `This table is ${t.outcome} already.`);
  const now = Date.now();
  let result: store.StoredSeatResult[] | null = null;
  if (outcome === "score") {
    const g = (await store.gamesFor(c.env.DB, [t.tableId])).get(t.tableId);
    if (!g) return raise(404, "NOT_FOUND", "This table's game is gone.");
    result = store.resultOf(g.state, t.holders, t.takenOver);
  }
  const how = outcome === "score" ? "scored" : "annulled";
  if (!(await store.decideTable(c.env.DB, t.tableId, how, result, now))) raise(409, "ALREADY_DECIDED", "This table has been decided already.");
  await endDecidedTable(c.env, t.tableId, outcome);
  await poolTableDecided(c.env, t.tableId);
  await logged(c, league, "tableDecided", { tableId: t.tableId, round: t.round, table: t.no, outcome: how }, now);
  await store.insertNotices(c.env.DB, [notice(league, null, "tableDecided", { tableId: t.tableId, round: t.round, outcome: how }, now)]);
  return c.json({ tableId: t.tableId, outcome: how, result });
});

leagues.post("/:id/tables/:tableId/seats/:seat", async (c) => {
  const { league, members } = await loadAdmin(c);
  const t = await leagueTable(c, league);
  const seat = Number(c.req.param("seat"));
  if (!Number.isInteger(seat) || seat < 0 || seat >= t.holders.length) raise(404, "NOT_FOUND", "There is no such seat at this table.");
  const body = await readBody(c, ReplaceSchema, "INVALID_REQUEST");
  if (t.outcome !== null) raise(409, "ALREADY_DECIDED", "This table is over; its seats stay as they were.");
  let holder: MemberRow | null = null;
  if (body.member !== null) {
    holder = members.find((m) => m.id === body.member && m.status === "active") ?? null;
    if (!holder) raise(404, "NOT_FOUND", "There is no such member in this league.");
    if (t.holders.includes(holder!.id)) raise(409, "ALREADY_SEATED", `${holder!.name} has a seat at this table already.`);
  } else if (t.holders[seat] === null) raise(409, "ALREADY_SEATED", "A bot holds this seat already.");
  await handOver(c.env, t.tableId, seat, holder, league.botLevel, origin(c));
  const now = Date.now();
  const before = t.holders[seat];
  const nameOf = (id: string | null) => (id ? (members.find((m) => m.id === id)?.name ?? "?") : "Bot");
  await logged(c, league, "seatGiven", { tableId: t.tableId, round: t.round, table: t.no, seat, from: before, fromName: nameOf(before), to: holder?.id ?? null, toName: nameOf(holder?.id ?? null) }, now);
  await store.insertNotices(c.env.DB, [
    ...(before ? [notice(league, before, "seatTaken", { tableId: t.tableId, round: t.round, seat }, now)] : []),
    ...(holder ? [notice(league, holder.id, "seatGiven", { tableId: t.tableId, round: t.round, seat }, now)] : []),
  ]);
  return c.json({ tableId: t.tableId, seat, member: holder?.id ?? null, name: holder?.name ?? "Bot" });
});

/**
 * Mark a member removed, then hand every seat they hold at a running table to a bot (a game that
 * has ended is recorded first, so its result stays theirs; standings list them as removed). In this
 * order a round being started at the same moment cannot keep them: it checks the members again
 * once its tables are in D1 (worker/leagues/rounds.ts). Called again, it hands over what is left.
 */
async function removeMember(c: Ctx, league: LeagueRow, target: MemberRow): Promise<HeldSeat[]> {
  if (target.status === "active") await store.updateMember(c.env.DB, target.id, { status: "removed", removedAt: Date.now() });
  const tables = await store.tablesOf(c.env.DB, league.id);
  await store.syncFinished(c.env.DB, tables);
  return releaseSeats(c.env, league, tables, target.id, origin(c));
}

leagues.delete("/:id/members/:memberId", async (c) => {
  const { league, members, role } = await loadLeague(c);
  const target = members.find((m) => m.id === c.req.param("memberId"));
  // A member may leave; only the admin removes someone else.
  if (role.kind !== "admin" && !(role.kind === "member" && role.member.id === target?.id)) {
    raise(403, "FORBIDDEN", "Only the league's admin may remove another member.");
  }
  if (!target) return raise(404, "NOT_FOUND", "There is no such member in this league.");
  const wasActive = target.status === "active";
  const released = await removeMember(c, league, target);
  if (!wasActive && released.length === 0) raise(409, "ALREADY_REMOVED", "This member has left the league already.");
  const now = Date.now();
  if (wasActive) await store.insertNotices(c.env.DB, [notice(league, null, "memberRemoved", { member: target.id, name: target.name, seats: released }, now)]);
  // A removal by the admin asks first in the client and can be undone for a minute here.
  let undo: { entry: number; until: number } | null = null;
  if (role.kind === "admin") {
    const until = wasActive ? now + UNDO_MS : null;
    const entry = await logged(c, league, "memberRemoved", { member: target.id, name: target.name, seats: released }, now, until);
    if (until !== null) undo = { entry, until };
  }
  return c.json({ member: target.id, status: "removed", seats: released, undo });
});

// A ban removes the member and refuses their coming back: with their player, under their name (or
// a look-alike), or from the address they joined from. A new invite (below) keeps out the rest.
leagues.post("/:id/members/:memberId/ban", async (c) => {
  const { league, members } = await loadAdmin(c);
  const target = members.find((m) => m.id === c.req.param("memberId"));
  if (!target) return raise(404, "NOT_FOUND", "There is no such member in this league.");
  const released = await removeMember(c, league, target);
  const now = Date.now();
  await ban(c.env.DB, league.id, target.id, { playerId: target.playerId, nameKey: target.nameKey ?? nameSkeleton(target.name), address: target.joinAddress }, now);
  await store.insertNotices(c.env.DB, [notice(league, null, "memberBanned", { member: target.id, name: target.name, seats: released }, now)]);
  await logged(c, league, "memberBanned", { member: target.id, name: target.name, seats: released }, now);
  return c.json({ member: target.id, status: "removed", banned: true, seats: released });
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
  await logged(c, league, "inviteRotated", {}, Date.now());
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
  await logged(c, league, "adminKeyRotated", {}, Date.now());
  return c.json({ adminKey, adminLink: `${origin(c)}/l/${league.id}#admin=${adminKey}`, invite });
});

leagues.post("/:id/seasons", async (c) => {
  const { league, members } = await loadAdmin(c);
  const body = await readOptional(c, NewSeasonSchema);
  const rules = body.rules ? storedRules(body.rules, league.tableSize) : league.rules;
  const rounds = await store.roundsOf(c.env.DB, league.id);
  if (rounds.some((r) => r.closedAt === null)) raise(409, "ROUND_OPEN", "Close the current round before starting a new season.");
  const season = league.season + 1;
  // Divisions may change between seasons, like the rules; the new season's are placed from the
  // final standings of the season that ends (worker/leagues/divisions.ts).
  const divisionSize = body.divisionSize !== undefined ? body.divisionSize : league.divisionSize;
  const divisionMoves = body.divisionMoves ?? league.divisionMoves;
  checkDivisionSettings(divisionSize, divisionMoves, league.tableSize);
  const settings = divisionSettings({ divisionSize, divisionMoves, allowBots: league.allowBots });
  let placed = 0;
  if (settings) {
    const tables = await store.tablesOf(c.env.DB, league.id);
    await store.syncFinished(c.env.DB, tables);
    placed = (await divisionsForNextSeason(c.env.DB, league, settings, members, tables)).length;
  }
  await store.updateLeague(c.env.DB, league.id, { season, rules, divisionSize, divisionMoves });
  await store.insertNotices(c.env.DB, [notice(league, null, "seasonStarted", { season }, Date.now())]);
  await logged(c, league, "seasonStarted", { season, newRules: !!body.rules, ...(settings ? { divisions: { size: divisionSize, moves: divisionMoves, placed } } : {}) }, Date.now());
  return c.json({ season }, 201);
});


// ---- admin: undo --------------------------------------------------------------------------

/**
 * Undo a removal within UNDO_MS: the member is active again and gets back every seat of theirs a
 * bot still holds at a running table (with a new link: the old one stays shut). Seats given to
 * someone else meanwhile, and games that ended, stay as they are. Undone once only.
 */
leagues.post("/:id/admin-log/:entry/undo", async (c) => {
  const { league, members } = await loadAdmin(c);
  const id = Number(c.req.param("entry"));
  const entry = Number.isInteger(id) && id > 0 ? await store.adminLogEntry(c.env.DB, league.id, id) : null;
  if (!entry) return raise(404, "NOT_FOUND", "There is no such entry in this league's admin log.");
  if (entry.action !== "memberRemoved" || entry.undoUntil === null) raise(409, "NOT_UNDOABLE", "This action cannot be undone.");
  if (entry.undoneAt !== null) raise(409, "ALREADY_UNDONE", "This has been undone already.");
  const now = Date.now();
  if (now > entry.undoUntil!) raise(409, "UNDO_EXPIRED", "The time to undo this has run out.");
  const data = JSON.parse(entry.data) as { member: string; name: string; seats: HeldSeat[] };
  const target = members.find((m) => m.id === data.member);
  if (!target) return raise(404, "NOT_FOUND", "There is no such member in this league.");
  if (target.status === "active") raise(409, "ALREADY_UNDONE", "This member is back already.");
  if (!(await store.reactivateMember(c.env.DB, target.id))) raise(409, "NAME_TAKEN", "A member of this league has that name now.");
  if (!(await store.markUndone(c.env.DB, entry.id, now))) raise(409, "ALREADY_UNDONE", "This has been undone already.");
  const back = { ...target, status: "active" as const, removedAt: null };
  const tables = await store.tablesOf(c.env.DB, league.id);
  await store.syncFinished(c.env.DB, tables);
  const returned: HeldSeat[] = [];
  for (const s of data.seats) {
    const t = tables.find((x) => x.tableId === s.tableId);
    if (!t || t.outcome !== null || t.holders[s.seat] !== null) continue;
    await handOver(c.env, t.tableId, s.seat, back, league.botLevel, origin(c));
    returned.push(s);
  }
  await logged(c, league, "removalUndone", { entry: entry.id, member: target.id, name: target.name, seats: returned }, now);
  await store.insertNotices(c.env.DB, [notice(league, null, "memberBack", { member: target.id, name: target.name }, now)]);
  return c.json({ member: target.id, status: "active", seats: returned });
});
