// What a table's chat and a league's board share: posting (bounds, reactions, the rate limit),
// reading with unread counts, read marks, muting, hiding and reporting. The callers decide who
// is asking (a seat, a member) and who may moderate; this module only keeps the rules.
import * as v from "valibot";
import { fail, type Failure } from "../base/failure";
import * as store from "./store";
import type { ChatRow } from "./store";
import { CHAT_RATE, MAX_CHAT_CHARS, REACTIONS, REACTION_CODES, cleanText, isReaction } from "./text";

/** `{ text }` (API.md) or, additively, `{ reaction }` with one of the quick reactions' codes. */
export const PostSchema = v.union([
  v.object({ text: v.pipe(v.string(), v.maxLength(4 * MAX_CHAT_CHARS, `text: at most ${MAX_CHAT_CHARS} characters.`)) }),
  v.object({ reaction: v.picklist(REACTION_CODES, `reaction: one of ${REACTION_CODES.join(", ")}.`) }),
]);
export type PostInput = v.InferOutput<typeof PostSchema>;

export const ReadSchema = v.object({ upTo: v.pipe(v.number(), v.integer(), v.minValue(0)) });
export const SettingsSchema = v.object({ muted: v.optional(v.boolean()), notify: v.optional(v.boolean()) });
export const ReportSchema = v.object({ reason: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(1000, "reason: at most 1000 characters.")), "") });

/** A message as the API shows it; a reaction's `text` is its sign, `reaction` its code. */
export interface ApiMessage {
  id: number;
  name: string;
  text: string;
  at: string;
  kind: "text" | "reaction";
  reaction?: string;
}

export function apiMessage(row: ChatRow): ApiMessage {
  const base = { id: row.id, name: row.name, at: new Date(row.at).toISOString() };
  if (row.kind === "reaction" && isReaction(row.text)) return { ...base, text: REACTIONS[row.text].emoji, kind: "reaction", reaction: row.text };
  return { ...base, text: row.text, kind: "text" };
}

export const NO_MESSAGE = fail(404, "NOT_FOUND", "There is no such message.");

export async function post(d1: D1Database, room: string, author: string, name: string, input: PostInput): Promise<{ ok: true; row: ChatRow } | Failure> {
  let kind: ChatRow["kind"] = "reaction";
  let text: string;
  if ("text" in input) {
    const clean = cleanText(input.text);
    if (clean === null) return fail(400, "INVALID_MESSAGE", `A message has 1 to ${MAX_CHAT_CHARS} characters (after trimming).`);
    kind = "text";
    text = clean;
  } else {
    text = input.reaction;
  }
  const row = await store.insertMessage(d1, { room, author, name, kind, text });
  if (!row) return fail(429, "RATE_LIMITED", `At most ${CHAT_RATE.messages} messages a minute; wait a moment.`);
  // Your own message is read by you.
  await store.updateReader(d1, room, author, { lastRead: row.id });
  return { ok: true, row };
}

export async function history(d1: D1Database, room: string, reader: string) {
  const [rows, state, unread] = await Promise.all([store.listMessages(d1, room), store.readerOf(d1, room, reader), store.unreadCount(d1, room, reader)]);
  return { rows, unread, lastRead: state.lastRead, muted: state.muted, notify: state.notify };
}

export async function report(d1: D1Database, room: string, id: number, by: string, reason: string): Promise<{ ok: true; id: number } | Failure> {
  const row = await store.messageById(d1, room, id);
  if (!row || row.hiddenAt !== null) return NO_MESSAGE;
  const what = row.kind === "reaction" ? `[${row.text}]` : row.text;
  const text = `Chat message ${row.id} at ${room} by ${row.name}, reported by ${by}${reason ? `: ${reason}` : ""}\n\n${what}`;
  return { ok: true, id: await store.insertReport(d1, { room, messageId: row.id, text }) };
}

export async function hide(d1: D1Database, room: string, id: number): Promise<{ ok: true } | Failure> {
  return (await store.hideMessage(d1, room, id)) ? { ok: true } : NO_MESSAGE;
}
