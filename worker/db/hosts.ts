// A casual table's host (the creator, API.md additions) and every human seat's current link, so
// that the host can hand a lost link out again. Both links carry secrets, so they are stored
// sealed (`v1.<iv>.<ciphertext>`, worker/base/link-crypto.ts); keys only as their SHA-256.
import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";

export const tableHosts = sqliteTable(
  "table_hosts",
  {
  tableId: text("table_id").primaryKey(),
  /** Hex SHA-256 of the host key. */
  keyHash: text("key_hash").notNull(),
  /** The host page's link (it carries the host key), sealed. */
  link: text("link").notNull(),
  /** The host's player, when the creator had one: the host link follows them to every device. */
  playerId: text("player_id"),
  createdAt: integer("created_at").notNull(),
  },
  (t) => [index("table_hosts_player").on(t.playerId)],
);

export const seatLinks = sqliteTable(
  "seat_links",
  {
    tableId: text("table_id").notNull(),
    seat: integer("seat").notNull(),
    /** The seat's current link (it carries the seat token), sealed. */
    link: text("link").notNull(),
    issuedAt: integer("issued_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.tableId, t.seat] })],
);
