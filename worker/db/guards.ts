// Counters of what one address or one player has created per hour and per day (worker/api/quota.ts).
import { integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";

export const writeCounts = sqliteTable(
  "write_counts",
  {
    /** What is counted for whom, e.g. `tables:a:<address hash>` or `leagues:p:<player id>`. */
    key: text("key").notNull(),
    /** Start of the window (ms since the epoch); the window's length is part of the key. */
    window: integer("window").notNull(),
    n: integer("n").notNull(),
  },
  (t) => [primaryKey({ columns: [t.key, t.window] })],
);
