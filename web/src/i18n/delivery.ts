// The words of delivery you can trust on the settings page: the time after which an unseen turn
// message goes by the next channel, and the last messages with how each went. Kept beside the
// one text system (like league-admin.ts): only the settings page, which loads on demand, uses
// them, so the table page's bundle stays within its budget.
import type { ChannelKindName } from "../../../worker/notify/channels";
import { settings } from "../store/settings";
import { formats } from "./format";

const enWords = (f: ReturnType<typeof formats>) => ({
  resend: "A turn message no device has shown goes once more by the next channel (push → e-mail → webhook) after",
  resendHelp: "Only push can tell that a message was shown. It is sent again at most once per turn, and not if you played meanwhile.",
  never: "never: every channel at once",
  after: (minutes: number) => (minutes < 60 ? f.count(minutes, { one: "minute", other: "minutes" }) : f.count(minutes / 60, { one: "hour", other: "hours" })),
  last: "Last messages",
  none: "No messages yet.",
  at: (ms: number, timeZone?: string) => f.date(ms, { dateStyle: "medium", timeStyle: "short", timeZone }),
  table: (others: string[]) => `Table with ${f.list(others)}`,
  digest: (n: number) => f.count(n, { one: "table", other: "tables" }),
  test: "Test message",
  // Every kind's name (the type asks for a new kind's); read by a stored row's kind, a string.
  channel: ({ push: "Push", email: "E-mail", webhook: "Webhook" } satisfies Record<ChannelKindName, string>) as Record<string, string>,
  opened: "opened",
  shown: "shown",
  notSeen: "not seen",
  escalated: "then sent by the next channel",
  resent: "sent again: not seen in time",
  status: { queued: "waiting", sending: "sending", retry: "trying again", sent: "delivered", failed: "failed", dead: "gave up" } as Record<string, string>,
});

type DeliveryWords = ReturnType<typeof enWords>;

const deWords = (f: ReturnType<typeof formats>): DeliveryWords => ({
  resend: "Eine Zug-Nachricht, die kein Gerät angezeigt hat, geht noch einmal über den nächsten Kanal (Push → E-Mail → Webhook) nach",
  resendHelp: "Nur Push kann melden, dass eine Nachricht angezeigt wurde. Sie geht höchstens einmal je Zug noch einmal hinaus, und nicht, wenn du inzwischen gespielt hast.",
  never: "nie: alle Kanäle gleich",
  after: (minutes: number) => (minutes < 60 ? f.count(minutes, { one: "Minute", other: "Minuten" }) : f.count(minutes / 60, { one: "Stunde", other: "Stunden" })),
  last: "Letzte Nachrichten",
  none: "Noch keine Nachrichten.",
  at: (ms: number, timeZone?: string) => f.date(ms, { dateStyle: "medium", timeStyle: "short", timeZone }),
  table: (others: string[]) => `Tisch mit ${f.list(others)}`,
  digest: (n: number) => f.count(n, { one: "Tisch", other: "Tische" }),
  test: "Testnachricht",
  channel: { push: "Push", email: "E-Mail", webhook: "Webhook" } satisfies Record<ChannelKindName, string>,
  opened: "geöffnet",
  shown: "angezeigt",
  notSeen: "nicht gesehen",
  escalated: "dann über den nächsten Kanal gesendet",
  resent: "noch einmal: nicht rechtzeitig gesehen",
  status: { queued: "wartet", sending: "wird gesendet", retry: "neuer Versuch", sent: "zugestellt", failed: "fehlgeschlagen", dead: "aufgegeben" },
});

const en = enWords(formats("en"));
const de = deWords(formats("de"));

/** The words in the player's language. */
export const deliveryWords = (): DeliveryWords => (settings.lang() === "de" ? de : en);
