// What a message links to: the table itself, never a seat's token or a player's key. A device
// that holds the seat opens it; one that does not is led to sign in. Only a channel that the
// player alone reads (their push, their e-mail) adds a sign-in of its own (worker/notify/sign-in-mail.ts).
import type { Message } from "./compose";

/** The table's address: the configured origin (PUBLIC_ORIGIN), else the one the seat was linked from. */
export function tableLink(publicOrigin: string | undefined, seatLink: string, tableId: string): string {
  return `${publicOrigin || new URL(seatLink).origin}/t/${tableId}`;
}

/** A table link's fragment, as rows queued before this version kept it (`…/t/<id>#…`), taken off. */
const FRAGMENT = /(\/t\/[A-Za-z0-9_-]+)#\S*/g;

/** The message with every table link bare (url, text, tables). */
export function bareLinks(m: Message): Message {
  const bare = (s: string) => s.replace(FRAGMENT, "$1");
  return { ...m, url: bare(m.url), text: bare(m.text), tables: m.tables.map((t) => ({ ...t, link: bare(t.link) })) };
}
