// The directory's schema (DB): feedback here, and players, leagues, notifications, hosts, chat
// and guards from their files. A table's own rows (tables, seats, actions) are in
// table-schema.ts, in the database placement picks. Durable Objects only cache a table; after
// eviction they reload from D1.
import { sql } from "drizzle-orm";
import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

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
