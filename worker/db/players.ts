// Correspondence play: players across tables, their seats and notification channels, a table's
// clock options, and the notices and outbox that make every message visible and sent once.
import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";

export const players = sqliteTable("players", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  // Keys: one per device, in player_keys (worker/db/sign-in.ts).
  /** IANA time zone, for quiet hours and for "until when" in messages. */
  timeZone: text("time_zone").notNull().default("UTC"),
  /** Quiet hours as minutes after local midnight; both null = none. */
  quietStart: integer("quiet_start"),
  quietEnd: integer("quiet_end"),
  /** Whether forced moves (one legal action) are played for this player. */
  autoPlay: integer("auto_play", { mode: "boolean" }).notNull().default(true),
  language: text("language").notNull().default("de"),
  vacationFrom: integer("vacation_from"),
  vacationUntil: integer("vacation_until"),
  /** Vacation days taken in `vacationYear` (the budget is per calendar year). */
  vacationYear: integer("vacation_year"),
  vacationDaysUsed: integer("vacation_days_used").notNull().default(0),
  /** Neither written nor read since issue 28: the digest window reads the newest outbox row of a
   * message (worker/notify/pipeline.ts). Kept for the Worker before it; a later contract step drops it. */
  lastSentAt: integer("last_sent_at"),
  /** Minutes until a turn message not confirmed shown goes once more by the next kind of channel; null = never (every channel at once). */
  resendAfter: integer("resend_after").default(120),
  createdAt: integer("created_at").notNull(),
});

/**
 * A seat opened by a player. `link` is the seat link the player's browser handed over, sealed
 * (`v1.<iv>.<ciphertext>`, worker/players/link-crypto.ts): it carries the seat's token.
 */
export const playerSeats = sqliteTable(
  "player_seats",
  {
    tableId: text("table_id").notNull(),
    seat: integer("seat").notNull(),
    playerId: text("player_id").notNull(),
    link: text("link").notNull(),
    linkedAt: integer("linked_at").notNull(),
    /** When the seat's game was over (set by its table's archive, or by the first read that saw it
     * over); null while it runs. "My games" reads the running seats and pages the finished ones. */
    finishedAt: integer("finished_at"),
  },
  (t) => [primaryKey({ columns: [t.tableId, t.seat] }), index("player_seats_finished").on(t.playerId, t.finishedAt)],
);

export const channels = sqliteTable(
  "channels",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    playerId: text("player_id").notNull(),
    /** A kind of worker/notify/channels/index.ts's list (not repeated here: a new kind needs no migration). */
    kind: text("kind").notNull(),
    /** Kind-specific settings as JSON (push subscription, address, URL and format). */
    config: text("config").notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [index("channels_player").on(t.playerId)],
);

/** Clock, auto-play and hint options chosen when the table was created (absent = defaults). */
export const tableOptions = sqliteTable("table_options", {
  tableId: text("table_id").primaryKey(),
  /** Time per decision; null = no deadline. */
  decisionMs: integer("decision_ms"),
  onTimeout: text("on_timeout", { enum: ["botOnce", "takeover"] }).notNull().default("botOnce"),
  autoPlay: integer("auto_play", { mode: "boolean" }).notNull().default(true),
  /** Whether a seat may ask for a suggestion (GET /api/tables/:id/hint); league games: never. */
  hints: integer("hints", { mode: "boolean" }).notNull().default(true),
});

/**
 * Something a player should hear about (a turn, a reminder, a takeover). The id is derived from
 * table, version and kind, so a second delivery of the same queue message inserts nothing.
 */
export const notices = sqliteTable(
  "notices",
  {
    id: text("id").primaryKey(),
    playerId: text("player_id").notNull(),
    tableId: text("table_id").notNull(),
    seat: integer("seat").notNull(),
    version: integer("version").notNull(),
    /** `chat`: a new message at a table whose reader asked to hear of it (version = message id). */
    kind: text("kind", { enum: ["turn", "reminder", "takeover", "chat", "rematch"] }).notNull(),
    deadline: integer("deadline"),
    status: text("status", { enum: ["pending", "claimed", "sent", "stale"] }).notNull(),
    claimedAt: integer("claimed_at"),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [index("notices_player_status").on(t.playerId, t.status)],
);

/** One row per message per channel: what was (or will be) sent, and how it went. */
export const outbox = sqliteTable(
  "outbox",
  {
    id: text("id").primaryKey(),
    playerId: text("player_id").notNull(),
    channelId: integer("channel_id").notNull(),
    channelKind: text("channel_kind").notNull(),
    kind: text("kind", { enum: ["turn", "reminder", "takeover", "chat", "rematch", "digest", "test"] }).notNull(),
    /** The message as composed (title, text, url, tables), JSON, with seat links redacted (`…#…`). */
    payload: text("payload").notNull(),
    /** The redacted links' sealed originals, JSON `{redacted: sealed}`, opened only to send. */
    links: text("links"),
    status: text("status", { enum: ["queued", "sending", "retry", "sent", "failed", "dead"] }).notNull(),
    attempts: integer("attempts").notNull().default(0),
    /** A delivery in progress holds the row until then (so a duplicate delivery waits it out). */
    leaseUntil: integer("lease_until"),
    lastError: text("last_error"),
    createdAt: integer("created_at").notNull(),
    sentAt: integer("sent_at"),
    /** The message this row carries (rows of one message to several channels share it). */
    messageId: text("message_id"),
    /** SHA-256 of the push message's receipt, which the service worker sends back to confirm it. */
    receiptHash: text("receipt_hash"),
    /** When the device showed the push message, and when its player opened it (the service worker says). */
    shownAt: integer("shown_at"),
    openedAt: integer("opened_at"),
    /** When the message, not confirmed in time, went again by the next kind of channel. */
    escalatedAt: integer("escalated_at"),
    /** This row is that second sending. */
    resent: integer("resent", { mode: "boolean" }).notNull().default(false),
  },
  (t) => [index("outbox_player").on(t.playerId, t.createdAt), index("outbox_receipt").on(t.receiptHash), index("outbox_message").on(t.messageId)],
);

/**
 * A turn message waiting to be confirmed: at `dueAt`, unless a device showed it or the player
 * acted at every table it names, it goes once by the player's next kind of channel.
 */
export const escalations = sqliteTable(
  "escalations",
  {
    /** The message's id (outbox.message_id). */
    id: text("id").primaryKey(),
    playerId: text("player_id").notNull(),
    /** JSON `[{table, version, seat}]`: the decisions the message announced. */
    tables: text("tables").notNull(),
    /** The kind of channel the message went by first (0 push, 1 e-mail, 2 webhook). */
    fromTier: integer("from_tier").notNull(),
    dueAt: integer("due_at").notNull(),
    status: text("status", { enum: ["waiting", "shown", "acted", "seen", "resent", "none"] }).notNull(),
    createdAt: integer("created_at").notNull(),
    doneAt: integer("done_at"),
  },
  (t) => [index("escalations_created").on(t.createdAt)],
);
