// A table's own rows: its table row (rules, state, version), its seats and the log of every
// accepted action. They live in the database placement picks from the table's id
// (worker/db/placement.ts), not in the directory (DB): read and write them only through a
// `TableDb`. Only the stores listed in .dependency-cruiser.cjs ("table-rows-through-placement")
// import this file; drizzle-kit reads it beside schema.ts, and the migrations create these
// tables in every database (one schema everywhere, so a slot range can move).
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
