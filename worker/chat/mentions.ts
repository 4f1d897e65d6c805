// Unread chat for the notifications (worker/notify): per seat of a player, how many messages by
// others it has not read, and the newest of them, so a turn message or digest can say
// "Anna: Bin bis Sonntag weg". A muted table mentions nothing; hidden messages never appear.

/** What a message says about a table's unread chat. */
export interface ChatMention {
  count: number;
  /** The newest unread message: its author's name and words (a reaction by its code). */
  name: string;
  kind: "text" | "reaction";
  text: string;
}

export const mentionKey = (tableId: string, seat: number) => `${tableId}:${seat}`;

/** The unread chat of each `{tableId, seat}`, keyed by `mentionKey`; seats with none are absent. */
export async function unreadMentions(d1: D1Database, seats: { tableId: string; seat: number }[]): Promise<Map<string, ChatMention>> {
  const out = new Map<string, ChatMention>();
  const unique = [...new Map(seats.map((s) => [mentionKey(s.tableId, s.seat), s])).values()];
  if (!unique.length) return out;
  const stmt = d1.prepare(
    `SELECT m.name, m.kind, m.text, count(*) OVER () AS n
     FROM chat_messages m LEFT JOIN chat_readers r ON r.room = m.room AND r.reader = ?2
     WHERE m.room = ?1 AND m.author != ?2 AND m.hidden_at IS NULL
       AND m.id > coalesce(r.last_read, 0) AND coalesce(r.muted, 0) = 0
     ORDER BY m.id DESC LIMIT 1`,
  );
  const results = await d1.batch<{ name: string; kind: ChatMention["kind"]; text: string; n: number }>(unique.map((s) => stmt.bind(s.tableId, String(s.seat))));
  unique.forEach((s, i) => {
    const row = results[i].results[0];
    if (row) out.set(mentionKey(s.tableId, s.seat), { count: row.n, name: row.name, kind: row.kind, text: row.text });
  });
  return out;
}
