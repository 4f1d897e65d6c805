// Club leagues (worker/leagues): a league and its members, rounds, the tables each round created
// (through the table server; the games themselves live in `tables`), who held which seat, and the
// league's notices. Results are copied from the game state once a table ends or is decided.
import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

export const leagues = sqliteTable("leagues", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  description: text("description").notNull(),
  /** The rules for a season as asked (preset + house rules, JSON), without `players`. */
  rules: text("rules").notNull(),
  tableSize: integer("table_size").notNull(),
  allowBots: integer("allow_bots", { mode: "boolean" }).notNull(),
  botLevel: text("bot_level").notNull(),
  roundDays: integer("round_days").notNull(),
  /** Time per decision at the league's tables; null = no clock. */
  decisionHours: integer("decision_hours"),
  /** Rounds a season is planned to have (the seating plans for that many). */
  seasonRounds: integer("season_rounds").notNull(),
  visibility: text("visibility", { enum: ["private", "public"] }).notNull(),
  season: integer("season").notNull(),
  /** Hex SHA-256 of the admin key, of the invite code and of the admin's calendar-feed key. */
  adminHash: text("admin_hash").notNull(),
  inviteHash: text("invite_hash").notNull(),
  adminFeedHash: text("admin_feed_hash").notNull(),
  createdAt: integer("created_at").notNull(),
  /** How often the admin has rotated the invite: the invite is derived from the admin key and this. */
  inviteGen: integer("invite_gen").notNull().default(0),
  /** Members per division (worker/leagues/divisions.ts); null: one table of everyone, no divisions. */
  divisionSize: integer("division_size"),
  /** How many go up and down at each division boundary at a season's end. */
  divisionMoves: integer("division_moves").notNull().default(1),
});

export const leagueMembers = sqliteTable(
  "league_members",
  {
    id: text("id").primaryKey(),
    leagueId: text("league_id").notNull(),
    name: text("name").notNull(),
    /** Hex SHA-256 of the member's key: a league member key, or the key of their player. */
    keyHash: text("key_hash").notNull(),
    feedHash: text("feed_hash").notNull(),
    /** The player (worker/players) the member joined with, if any. */
    playerId: text("player_id"),
    status: text("status", { enum: ["active", "removed"] }).notNull(),
    joinedAt: integer("joined_at").notNull(),
    removedAt: integer("removed_at"),
    /** The name's skeleton (worker/api/names.ts): look-alike names count as one. */
    nameKey: text("name_key"),
    /** Keyed hash of the address the member joined from (for a ban), never the address itself. */
    joinAddress: text("join_address"),
    /** The member offers to take over seats others left (worker/leagues/reserves.ts). */
    reserve: integer("reserve", { mode: "boolean" }).notNull().default(false),
  },
  // One membership per key (and so per player) and league; one active member per name skeleton,
  // so concurrent joins under look-alike names cannot both get in.
  (t) => [
    uniqueIndex("league_members_key").on(t.leagueId, t.keyHash),
    uniqueIndex("league_members_name").on(t.leagueId, t.nameKey).where(sql`status = 'active'`),
  ],
);

/** Who may not join a league again: a player, a name skeleton, a joining address (keyed hash). */
export const leagueBans = sqliteTable(
  "league_bans",
  {
    leagueId: text("league_id").notNull(),
    kind: text("kind", { enum: ["player", "name", "address"] }).notNull(),
    value: text("value").notNull(),
    memberId: text("member_id").notNull(),
    at: integer("at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.leagueId, t.kind, t.value] })],
);

/** One row per round; the key makes a second start of the same round fail instead of doubling. */
export const leagueRounds = sqliteTable(
  "league_rounds",
  {
    leagueId: text("league_id").notNull(),
    season: integer("season").notNull(),
    no: integer("no").notNull(),
    startedAt: integer("started_at").notNull(),
    deadline: integer("deadline").notNull(),
    closedAt: integer("closed_at"),
    /** Played duplicate: tables of the same size share a deal pool (worker/leagues/duplicate.ts). */
    duplicate: integer("duplicate", { mode: "boolean" }).notNull().default(false),
    /** Claimed, its tables still being made in slices (worker/leagues/round-job.ts). */
    starting: integer("starting", { mode: "boolean" }).notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.leagueId, t.season, t.no] })],
);

export const leagueTables = sqliteTable(
  "league_tables",
  {
    tableId: text("table_id").primaryKey(),
    leagueId: text("league_id").notNull(),
    season: integer("season").notNull(),
    round: integer("round").notNull(),
    no: integer("no").notNull(),
    /** null while it is played; finished / scored (decided as it stood) / annulled. */
    outcome: text("outcome", { enum: ["finished", "scored", "annulled"] }),
    /** Per seat: { member, points, place } as JSON, once there is an outcome other than annulled. */
    result: text("result"),
    decidedAt: integer("decided_at"),
    /** The division whose members were seated at it (null: the league has no divisions). */
    division: integer("division"),
  },
  (t) => [index("league_tables_round").on(t.leagueId, t.season, t.round)],
);

export const leagueSeats = sqliteTable(
  "league_seats",
  {
    tableId: text("table_id").notNull(),
    seat: integer("seat").notNull(),
    /** null: a bot holds the seat. */
    memberId: text("member_id"),
    /** The seat's own link (its token in the fragment), sealed (worker/base/link-crypto.ts). */
    link: text("link"),
    /** A reserve took the seat over: { from, fromName, hand, at } as JSON (worker/leagues/reserves.ts). */
    takenOver: text("taken_over"),
  },
  (t) => [primaryKey({ columns: [t.tableId, t.seat] })],
);

/** Who plays in which division in a season, and how they came there (up, down, new; null: stayed). */
export const leagueDivisions = sqliteTable(
  "league_divisions",
  {
    leagueId: text("league_id").notNull(),
    season: integer("season").notNull(),
    memberId: text("member_id").notNull(),
    division: integer("division").notNull(),
    move: text("move", { enum: ["up", "down", "new"] }),
  },
  (t) => [primaryKey({ columns: [t.leagueId, t.season, t.memberId] })],
);

export const leagueNotices = sqliteTable(
  "league_notices",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    leagueId: text("league_id").notNull(),
    /** null: for everyone in the league. */
    memberId: text("member_id"),
    kind: text("kind").notNull(),
    /** Details as JSON (round, table, names): the client words them. */
    data: text("data").notNull(),
    at: integer("at").notNull(),
  },
  (t) => [index("league_notices_league").on(t.leagueId, t.at)],
);

/**
 * A league's admin key, kept sealed (worker/base/link-crypto.ts) for the player who created the
 * league, so their other devices find it under "My leagues". Resealed when the key is replaced.
 */
export const leagueAdmins = sqliteTable(
  "league_admins",
  {
    leagueId: text("league_id").notNull(),
    playerId: text("player_id").notNull(),
    adminKey: text("admin_key").notNull(),
    at: integer("at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.leagueId, t.playerId] }), index("league_admins_player").on(t.playerId)],
);

/** Every admin action on a league (the page's admin log); one that can be undone until `undoUntil`. */
export const leagueAdminLog = sqliteTable(
  "league_admin_log",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    leagueId: text("league_id").notNull(),
    action: text("action").notNull(),
    /** Details as JSON (member, table, round, what changed): the client words them. */
    data: text("data").notNull(),
    at: integer("at").notNull(),
    undoUntil: integer("undo_until"),
    undoneAt: integer("undone_at"),
  },
  (t) => [index("league_admin_log_league").on(t.leagueId, t.at)],
);
