// Table talk (worker/chat): one row per message, at a table (room = the table id, author = the
// seat) or on a league's board (room = the league id, author = the member id); and per reader
// (a seat, or a member on a board) how far they have read, whether they muted it, whether they
// want a notification for new messages.
import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";

export const chatMessages = sqliteTable(
  "chat_messages",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** A table id (`t_…`) or a league id (the league's board). */
    room: text("room").notNull(),
    /** The seat number (as text) at a table, the member id on a board. */
    author: text("author").notNull(),
    /** The author's name when it was written. */
    name: text("name").notNull(),
    /** `text`: what was typed; `reaction`: one of the fixed quick reactions (its code in `text`). */
    kind: text("kind", { enum: ["text", "reaction"] }).notNull(),
    text: text("text").notNull(),
    at: integer("at").notNull(),
    /** Hidden by a moderator: no longer shown to anyone, kept for a report. */
    hiddenAt: integer("hidden_at"),
  },
  (t) => [index("chat_messages_room").on(t.room, t.id), index("chat_messages_author").on(t.room, t.author, t.at)],
);

export const chatReaders = sqliteTable(
  "chat_readers",
  {
    room: text("room").notNull(),
    /** The seat number (as text) at a table, the member id on a board. */
    reader: text("reader").notNull(),
    /** The newest message id this reader has seen. */
    lastRead: integer("last_read").notNull().default(0),
    muted: integer("muted", { mode: "boolean" }).notNull().default(false),
    /** A notification for every new message (through the usual quiet hours and digests). */
    notify: integer("notify", { mode: "boolean" }).notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.room, t.reader] })],
);
