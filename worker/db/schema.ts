// The truth lives in D1: a table's rules and current state, its seats, and the log of every
// accepted action. Durable Objects only cache a table; after eviction they reload from here.
import { sql } from "drizzle-orm";
import { integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";

export const tables = sqliteTable("tables", {
  id: text("id").primaryKey(),
  /** Resolved `Rules` as JSON (also inside the state; kept apart for listings and tools). */
  rules: text("rules").notNull(),
  /** The engine's `GameState` as JSON. Holds the seed and every hand: never sent as is. */
  state: text("state").notNull(),
  /** Number of accepted actions; the optimistic-concurrency check of every write. */
  version: integer("version").notNull(),
  phase: text("phase").notNull(),
  /** A league's duplicate deal pool (same seed at every table of it), or null: the table's seed,
   * deals and record stay hidden until every table of the pool has finished. */
  pool: text("pool"),
  createdAt: integer("created_at").notNull(),
  updatedAt: integer("updated_at").notNull(),
  /** The table of the rematch ("Play again"), once a seat asked for it. */
  rematch: text("rematch"),
  /** A game ended by agreement before its end: `TableEnd` as JSON (worker/table/lifecycle.ts). */
  ended: text("ended"),
});

export const seats = sqliteTable(
  "seats",
  {
    tableId: text("table_id").notNull(),
    seat: integer("seat").notNull(),
    name: text("name").notNull(),
    /** Hex SHA-256 of the seat token; null for a bot seat (bots have no token). */
    tokenHash: text("token_hash"),
    bot: text("bot"),
    /** The bot level that plays the seat since its player left (null: not left). */
    leftBot: text("left_bot"),
    /** A league's reserve took the seat over: { from, hand } as JSON (the table shows it). */
    tookOver: text("took_over"),
  },
  (t) => [primaryKey({ columns: [t.tableId, t.seat] })],
);

/** One row per accepted action; (table_id, version) is unique, so two writers cannot both win. */
export const actions = sqliteTable(
  "actions",
  {
    tableId: text("table_id").notNull(),
    /** The table version this action produced (1 for the first action). */
    version: integer("version").notNull(),
    seat: integer("seat").notNull(),
    action: text("action").notNull(),
    at: integer("at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.tableId, t.version] })],
);

export const feedback = sqliteTable("feedback", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  /** `chat`: a reported chat message (worker/chat), with its room and message id. */
  kind: text("kind", { enum: ["rule", "problem", "chat"] }).notNull(),
  text: text("text").notNull(),
  contact: text("contact"),
  /** The table or league of a reported chat message. */
  room: text("room"),
  messageId: integer("message_id"),
  createdAt: integer("created_at").notNull().default(sql`(unixepoch() * 1000)`),
});
export * from "./players";
export * from "./leagues";
export * from "./chat";
export * from "./guards";
export * from "./hosts";
export * from "./sign-in";
