// A message holds its seats' links (with their tokens) only while it is being sent: the outbox
// keeps it with the links redacted and their sealed originals beside it (worker/players/link-crypto.ts).
import type { Message } from "./compose";

/** `{redacted: sealed}` for the links of one message. */
export type SealedLinks = Record<string, string>;

/** The message with every occurrence of each `from` replaced by its `to` (links appear in url, text, tables). */
export function swapLinks(m: Message, pairs: [from: string, to: string][]): Message {
  const swap = (s: string) => pairs.reduce((acc, [from, to]) => acc.split(from).join(to), s);
  return { ...m, url: swap(m.url), text: swap(m.text), tables: m.tables.map((t) => ({ ...t, link: swap(t.link) })) };
}
