// The league routes (issue 7): create a league, join it, read its page, its exports, and the
// admin's actions. Who is asking is decided by the key in `Authorization: Bearer …`: the admin
// key, a member's key (a league member key or their player key), or none (a guest, who sees a
// public league only). Feeds fetched by calendar apps carry a read-only `?feed=` key instead.
import { Hono, type Context } from "hono";
import * as v from "valibot";
import { BOT_NAMES } from "../bots";
import { resolveRules, type Rules } from "../engine";
import { readBody } from "./body";
import { issueMessage } from "./schemas";
import type { Env } from "./env";
import { raise } from "./errors";
import { bearer } from "./guard";
import { sameHash } from "../table/tokens";
import { playerByKeyHash } from "../players/store";
import { LEAGUE_ID, feedFor, hashToken, inviteFor, newLeagueId, newMemberId, newToken } from "../leagues/keys";
import { SeatingError, measure, seatRound } from "../leagues/seating";
import { computeStandings } from "../leagues/standings";
import { standingsCsv } from "../leagues/csv";
import { calendar } from "../leagues/ical";
import { createLeagueGame, handOver, releaseSeats, tableLink } from "../leagues/games";
import * as store from "../leagues/store";
import type { LeagueRow, LeagueTable, MemberRow, NoticeRow } from "../leagues/store";

type Ctx = Context<{ Bindings: Env }>;

export const leagues = new Hono<{ Bindings: Env }>();

const DAY_MS = 86_400_000;

// ---- request bodies -------------------------------------------------------------------------

const text = (max: number, what: string) => v.pipe(v.string(), v.trim(), v.maxLength(max, `${what}: at most ${max} characters.`));
const int = (min: number, max: number, what: string) =>
  v.pipe(v.number(), v.integer(`${what}: a whole number.`), v.minValue(min, `${what}: at least ${min}.`), v.maxValue(max, `${what}: at most ${max}.`));

const CreateLeagueSchema = v.object({
  name: v.pipe(text(60, "name"), v.minLength(1, "A league needs a name.")),
  description: v.optional(text(2000, "description"), ""),
  // A preset plus house rules, checked by the engine for the table size (`players` is ours).
  rules: v.record(v.string(), v.unknown()),
  tableSize: int(3, 5, "tableSize"),
  allowBots: v.optional(v.boolean(), false),
  botLevel: v.optional(v.picklist(BOT_NAMES), "normal"),
  roundDays: v.optional(int(1, 60, "roundDays"), 7),
  decisionHours: v.optional(v.nullable(int(1, 336, "decisionHours")), 48),
  seasonRounds: v.optional(int(1, 52, "seasonRounds"), 10),
  visibility: v.optional(v.picklist(["private", "public"]), "private"),
});

const JoinSchema = v.object({
  invite: v.pipe(v.string(), v.maxLength(100)),
  name: v.pipe(text(40, "name"), v.minLength(1, "A member needs a name.")),
});

/** A new season may bring new rules; within a season they stay as they are. */
const NewSeasonSchema = v.object({ rules: v.optional(v.record(v.string(), v.unknown())) });

/** Members per league: the seating plans every pair, and a club is not a city. */
export const MAX_MEMBERS = 100;

const StartRoundSchema = v.object({ no: v.optional(int(1, 10_000, "no")) });
const ExtendSchema = v.object({ days: int(1, 60, "days") });
const DecideSchema = v.object({ outcome: v.picklist(["score", "annul"], "outcome: score or annul.") });
const ReplaceSchema = v.object({ member: v.nullable(v.pipe(v.string(), v.maxLength(40))) });

/** A body whose fields are all optional: an empty body reads as {}. */
async function readOptional<S extends v.GenericSchema>(c: Ctx, schema: S): Promise<v.InferOutput<S>> {
  const raw = await c.req.text();
  let data: unknown = {};
  if (raw.trim() !== "") {
    try {
      data = JSON.parse(raw);
    } catch {
      return raise(400, "INVALID_REQUEST", "The request body is not valid JSON.");
    }
  }
  const parsed = v.safeParse(schema, data);
  if (!parsed.success) return raise(400, "INVALID_REQUEST", issueMessage(parsed.issues));
  return parsed.output;
}

// ---- who is asking --------------------------------------------------------------------------

type Role = { kind: "admin"; key: string } | { kind: "member"; key: string; member: MemberRow } | { kind: "guest" };

interface Loaded {
  league: LeagueRow;
  members: MemberRow[];
  role: Role;
}

const tooMany = () => raise(429, "RATE_LIMITED", "Too many requests; slow down a little.");

/** The league and the caller's role; a private league does not exist for guests. */
async function load(c: Ctx, opts: { guestsOk?: boolean } = {}): Promise<Loaded> {
  const id = c.req.param("id") ?? "";
  if (!LEAGUE_ID.test(id)) return raise(404, "NOT_FOUND", "There is no such league.");
  const key = bearer(c);
  let hash: string | null = null;
  if (key) {
    if (key.length > 200) raise(401, "UNAUTHORIZED", "This key does not open this league.");
    hash = await hashToken(key);
    if (!(await c.env.RL_TOKEN.limit({ key: hash })).success) tooMany();
  }
  const league = await store.leagueById(c.env.DB, id);
  if (!league) return raise(404, "NOT_FOUND", "There is no such league.");
  const members = await store.membersOf(c.env.DB, id);
  let role: Role = { kind: "guest" };
  if (key && hash) {
    if (sameHash(league.adminHash, hash)) role = { kind: "admin", key };
    else {
      // Every active member is compared, so the time taken does not tell which one matched.
      let found: MemberRow | null = null;
      for (const m of members) if (m.status === "active" && sameHash(m.keyHash, hash)) found = m;
      if (found) role = { kind: "member", key, member: found };
      // Anyone may look at a public league, whatever key their browser sends along.
      else if (!opts.guestsOk && league.visibility === "private") raise(401, "UNAUTHORIZED", "This key does not open this league.");
    }
  }
  if (role.kind === "guest" && league.visibility === "private" && !opts.guestsOk) raise(404, "NOT_FOUND", "There is no such league.");
  return { league, members, role };
}

async function loadAdmin(c: Ctx): Promise<Loaded & { role: { kind: "admin"; key: string } }> {
  const l = await load(c);
  if (l.role.kind !== "admin") raise(403, "FORBIDDEN", "Only the league's admin may do this.");
  return l as Loaded & { role: { kind: "admin"; key: string } };
}

/** Feeds (CSV, calendar) open with `?feed=` or a bearer key; public leagues need neither. */
async function loadFeed(c: Ctx): Promise<Loaded> {
  const feed = c.req.query("feed");
  if (!feed) return load(c);
  const l = await load(c, { guestsOk: true });
  if (feed.length > 100) raise(401, "UNAUTHORIZED", "This feed key does not open this league.");
  const hash = await hashToken(feed);
  let ok = sameHash(l.league.adminFeedHash, hash);
  for (const m of l.members) if (m.status === "active" && sameHash(m.feedHash, hash)) ok = true;
  if (!ok && l.league.visibility === "private") raise(404, "NOT_FOUND", "There is no such league.");
  return l;
}

const origin = (c: Ctx) => new URL(c.req.url).origin;

/** The league's rules for a table of `players` seats, or null if the preset does not allow it. */
function rulesFor(league: LeagueRow, players: number): Rules | null {
  const r = resolveRules({ ...(JSON.parse(league.rules) as Record<string, unknown>), players });
  return r.ok ? r.rules : null;
}

/**
 * The rules a league stores, as JSON: those asked for, checked for its table size. `players` is
 * left out: the table size decides it per table (400 INVALID_RULES when they do not resolve).
 */
function storedRules(rules: Record<string, unknown>, tableSize: number): string {
  const { players: _ignored, ...asked } = rules;
  const resolved = resolveRules({ ...asked, players: tableSize });
  if (!resolved.ok) raise(400, "INVALID_RULES", resolved.error.message, resolved.error.option);
  return JSON.stringify(asked);
}

const notice = (league: LeagueRow, memberId: string | null, kind: string, data: unknown, at: number): Omit<NoticeRow, "id"> => ({
  leagueId: league.id,
  memberId,
  kind,
  data: JSON.stringify(data),
  at,
});

// ---- create and join ------------------------------------------------------------------------

leagues.post("/", async (c) => {
  const body = await readBody(c, CreateLeagueSchema, "INVALID_REQUEST");
  const rules = storedRules(body.rules, body.tableSize);
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
  });
  const base = origin(c);
  // Keys travel in the fragment, which browsers never send: they stay out of server logs.
  return c.json({ id, adminKey, adminLink: `${base}/l/${id}#admin=${adminKey}`, invite, inviteLink: `${base}/l/${id}#invite=${invite}` }, 201);
});

leagues.post("/:id/join", async (c) => {
  const { league, members, role } = await load(c, { guestsOk: true });
  const body = await readBody(c, JoinSchema, "INVALID_REQUEST");
  if (!sameHash(league.inviteHash, await hashToken(body.invite))) raise(403, "INVALID_INVITE", "This invite does not open this league.");
  if (role.kind === "member") raise(409, "ALREADY_MEMBER", "You are a member of this league already.");
  if (members.filter((m) => m.status === "active").length >= MAX_MEMBERS) raise(409, "LEAGUE_FULL", `A league has at most ${MAX_MEMBERS} members.`);
  if (members.some((m) => m.status === "active" && m.name.toLowerCase() === body.name.toLowerCase())) {
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
  };
  // A removed member's key stays in the table (their results keep it): they cannot rejoin with it.
  if (!(await store.insertMember(c.env.DB, member))) raise(409, "ALREADY_MEMBER", "This key has been a member of this league already.");
  await store.insertNotices(c.env.DB, [notice(league, null, "joined", { member: member.id, name: member.name }, member.joinedAt)]);
  return c.json({ member: { id: member.id, name: member.name, player: playerId }, key, link: `${origin(c)}/l/${league.id}` }, 201);
});

// ---- the league page ------------------------------------------------------------------------

interface Game {
  phase: string;
  toAct: number[];
  since: number;
  hands: number;
  points: number[];
}

function tableView(t: LeagueTable, game: Game | undefined, byId: Map<string, MemberRow>, league: LeagueRow, role: Role, base: string, now: number) {
  const you = role.kind === "member" ? role.member.id : null;
  const seats = t.holders.map((m, seat) => ({ seat, member: m, name: m ? (byId.get(m)?.name ?? "?") : "Bot", bot: m ? null : league.botLevel }));
  const result = t.result ? (JSON.parse(t.result) as store.StoredSeatResult[]) : null;
  const playing = t.outcome === null;
  return {
    tableId: t.tableId,
    no: t.no,
    status: t.outcome ?? (game?.phase === "over" ? "finished" : "playing"),
    seats: seats.map((s) => ({ ...s, points: result?.[s.seat]?.points ?? game?.points[s.seat] ?? null, place: result?.[s.seat]?.place ?? null })),
    hands: game?.hands ?? null,
    // "waiting for Dora for 2 days": who is to act and since when (the last move).
    waitingFor: playing && game && game.phase !== "over" ? game.toAct.map((seat) => ({ seat, name: seats[seat]?.name ?? "?", bot: seats[seat]?.bot !== null, since: game.since })) : [],
    waitingMs: playing && game && game.phase !== "over" ? now - game.since : null,
    overdue: playing && !!game && !!league.decisionHours && now - game.since > league.decisionHours * 3_600_000,
    decidedAt: t.decidedAt,
    // Your seat opens with your own key: the client puts it in the fragment.
    link: you && t.holders.includes(you) ? tableLink(base, t.tableId) : null,
  };
}

leagues.get("/:id", async (c) => {
  const { league, members, role } = await load(c);
  const now = Date.now();
  const tables = await store.tablesOf(c.env.DB, league.id);
  await store.syncFinished(c.env.DB, tables);
  const rounds = await store.roundsOf(c.env.DB, league.id);
  const season = Number(c.req.query("season") ?? league.season);
  if (!Number.isInteger(season) || season < 1 || season > league.season) raise(400, "INVALID_REQUEST", "There is no such season.");
  const inSeason = tables.filter((t) => t.season === season);
  const games = await store.gamesFor(c.env.DB, inSeason.filter((t) => t.outcome === null).map((t) => t.tableId));
  const byId = new Map(members.map((m) => [m.id, m]));
  const base = origin(c);
  const standings = computeStandings(
    members.map((m) => ({ id: m.id, name: m.name, removed: m.status === "removed" })),
    store.resultsOf(inSeason),
  );
  const key = role.kind === "guest" ? null : role.key;
  const feed = key ? await feedFor(key) : null;
  const q = (path: string) => `${base}/api/leagues/${league.id}/${path}${feed ? `?feed=${feed}` : ""}`;
  return c.json({
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
      visibility: league.visibility,
      season: league.season,
      createdAt: league.createdAt,
    },
    you: role.kind === "member" ? { role: "member", member: role.member.id, name: role.member.name } : { role: role.kind },
    season,
    members: members.map((m) => ({ id: m.id, name: m.name, status: m.status, joinedAt: m.joinedAt, player: role.kind === "admin" ? m.playerId : undefined })),
    standings,
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
            const game = g && { phase: g.phase, toAct: g.state.toAct, since: g.updatedAt, hands: g.state.handsPlayed.length, points: g.state.points };
            return tableView(t, game, byId, league, role, base, now);
          }),
      }))
      .reverse(),
    notices: (await store.noticesFor(c.env.DB, league.id, role.kind === "member" ? role.member.id : null)).map((n) => ({ kind: n.kind, at: n.at, data: JSON.parse(n.data) })),
    feeds: { csv: q("standings.csv"), ics: q("calendar.ics") },
    invite: role.kind === "admin" ? await (async () => ({ code: await inviteFor(role.key), link: `${base}/l/${league.id}#invite=${await inviteFor(role.key)}` }))() : null,
    now,
  });
});

leagues.get("/:id/standings.csv", async (c) => {
  const { league, members } = await loadFeed(c);
  const tables = await store.tablesOf(c.env.DB, league.id);
  await store.syncFinished(c.env.DB, tables);
  const season = Number(c.req.query("season") ?? league.season);
  if (!Number.isInteger(season) || season < 1 || season > league.season) raise(400, "INVALID_REQUEST", "There is no such season.");
  const rows = computeStandings(
    members.map((m) => ({ id: m.id, name: m.name, removed: m.status === "removed" })),
    store.resultsOf(tables.filter((t) => t.season === season)),
  );
  const file = `${league.name.replace(/[^A-Za-z0-9_-]+/g, "-").slice(0, 40) || "league"}-season-${season}.csv`;
  return c.body(standingsCsv(rows), 200, { "Content-Type": "text/csv; charset=utf-8", "Content-Disposition": `attachment; filename="${file}"` });
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
  const rounds = (await store.roundsOf(c.env.DB, league.id)).filter((r) => r.season === league.season);
  if (rounds.some((r) => r.closedAt === null)) raise(409, "ROUND_OPEN", "Close the current round before starting the next.");
  const no = rounds.length + 1;
  if (body.no !== undefined && body.no !== no) raise(409, "ROUND_EXISTS", `Round ${body.no} has been started already; the next is ${no}.`);
  const active = members.filter((m) => m.status === "active");
  const sizes = [3, 4, 5].filter((n) => rulesFor(league, n));
  const tables = (await store.tablesOf(c.env.DB, league.id)).filter((t) => t.season === league.season);
  let seating;
  try {
    seating = seatRound({
      members: active.map((m) => m.id),
      tableSize: league.tableSize,
      allowBots: league.allowBots,
      maxSeats: Math.max(league.tableSize, ...sizes),
      history: tables.map((t) => t.holders),
      seasonRounds: league.seasonRounds,
      roundsPlayed: rounds.length,
      seed: `${league.id}:${league.season}`,
      random: Math.random,
    });
  } catch (e) {
    if (e instanceof SeatingError) return raise(409, "NOT_ENOUGH_MEMBERS", e.message);
    throw e;
  }
  const now = Date.now();
  const deadline = now + league.roundDays * DAY_MS;
  // The round's key claims it: a second start (a double click, two admins) stops here.
  if (!(await store.claimRound(c.env.DB, { leagueId: league.id, season: league.season, no, startedAt: now, deadline, closedAt: null }))) {
    raise(409, "ROUND_EXISTS", `Round ${no} has been started already.`);
  }
  const byId = new Map(active.map((m) => [m.id, m]));
  const base = origin(c);
  const created: store.NewLeagueTable[] = [];
  try {
    for (const [i, seats] of seating.entries()) {
      const rules = rulesFor(league, seats.length);
      if (!rules) raise(409, "INVALID_RULES", `The league's rules do not allow a table of ${seats.length}.`);
      const tableId = await createLeagueGame(c.env, league, rules!, seats.map((m) => (m ? byId.get(m)! : null)), base);
      created.push({ tableId, season: league.season, round: no, no: i + 1, seats });
    }
    const notices = created.flatMap((t) =>
      t.seats.flatMap((m) =>
        m ? [notice(league, m, "roundStarted", { season: league.season, round: no, tableId: t.tableId, with: t.seats.filter((o) => o !== m).map((o) => (o ? byId.get(o)!.name : "Bot")), deadline }, now)] : [],
      ),
    );
    await store.insertRoundTables(c.env.DB, league.id, created, notices);
  } catch (e) {
    // Give the number back so the admin can start the round again (games made so far are left unused).
    await store.dropRound(c.env.DB, league.id, league.season, no);
    throw e;
  }
  return c.json(
    {
      season: league.season,
      no,
      deadline,
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
  await store.insertNotices(c.env.DB, [notice(league, null, "roundClosed", { season: round.season, round: round.no }, now)]);
  return c.json({ season: round.season, no: round.no, closedAt: now });
});

leagues.post("/:id/rounds/:no/deadline", async (c) => {
  const { league } = await loadAdmin(c);
  const round = await currentRound(c, league);
  const { days } = await readBody(c, ExtendSchema, "INVALID_REQUEST");
  const deadline = round.deadline + days * DAY_MS;
  await store.updateRound(c.env.DB, league.id, round.season, round.no, { deadline });
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
    result = store.resultOf(g.state, t.holders);
  }
  const how = outcome === "score" ? "scored" : "annulled";
  if (!(await store.decideTable(c.env.DB, t.tableId, how, result, now))) raise(409, "ALREADY_DECIDED", "This table has been decided already.");
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
  await store.setSeatHolder(c.env.DB, t.tableId, seat, holder?.id ?? null);
  const now = Date.now();
  const before = t.holders[seat];
  await store.insertNotices(c.env.DB, [
    ...(before ? [notice(league, before, "seatTaken", { tableId: t.tableId, round: t.round, seat }, now)] : []),
    ...(holder ? [notice(league, holder.id, "seatGiven", { tableId: t.tableId, round: t.round, seat }, now)] : []),
  ]);
  return c.json({ tableId: t.tableId, seat, member: holder?.id ?? null, name: holder?.name ?? "Bot" });
});

leagues.delete("/:id/members/:memberId", async (c) => {
  const { league, members, role } = await load(c);
  const target = members.find((m) => m.id === c.req.param("memberId"));
  // A member may leave; only the admin removes someone else.
  if (role.kind !== "admin" && !(role.kind === "member" && role.member.id === target?.id)) {
    raise(403, "FORBIDDEN", "Only the league's admin may remove another member.");
  }
  if (!target) return raise(404, "NOT_FOUND", "There is no such member in this league.");
  if (target.status === "removed") raise(409, "ALREADY_REMOVED", "This member has left the league already.");
  // Their seats at running tables go to bots first (a game that has ended is recorded before, so
  // its result stays theirs): if a hand-over fails, the member is still active and removing them
  // again picks up the seats left. Their finished results stay (standings list them as removed).
  const tables = await store.tablesOf(c.env.DB, league.id);
  await store.syncFinished(c.env.DB, tables);
  const released = await releaseSeats(c.env, league, tables, target.id, origin(c));
  const now = Date.now();
  await store.updateMember(c.env.DB, target.id, { status: "removed", removedAt: now });
  await store.insertNotices(c.env.DB, [notice(league, null, "memberRemoved", { member: target.id, name: target.name, seats: released }, now)]);
  return c.json({ member: target.id, status: "removed", seats: released });
});

leagues.post("/:id/seasons", async (c) => {
  const { league } = await loadAdmin(c);
  const body = await readOptional(c, NewSeasonSchema);
  const rules = body.rules ? storedRules(body.rules, league.tableSize) : league.rules;
  const rounds = await store.roundsOf(c.env.DB, league.id);
  if (rounds.some((r) => r.closedAt === null)) raise(409, "ROUND_OPEN", "Close the current round before starting a new season.");
  const season = league.season + 1;
  await store.updateLeague(c.env.DB, league.id, { season, rules });
  await store.insertNotices(c.env.DB, [notice(league, null, "seasonStarted", { season }, Date.now())]);
  return c.json({ season }, 201);
});
