// The words of a message: whose turn, at which table, until when, unread chat there, and the
// seat's link. One table gives a single message; several give one digest. Pure (the caller looks
// the facts up).
import type { ChatMention } from "../chat/mentions";
import { spoken } from "../chat/text";

export interface TableNotice {
  /** `chat`: only new chat at the table (its seat asked to hear of it). */
  kind: "turn" | "reminder" | "takeover" | "chat" | "rematch";
  table: string;
  seat: number;
  /** The player's own name at that seat. */
  name: string;
  /** The other seats' names. */
  others: string[];
  deadline: number | null;
  link: string;
  /** Unread chat at the table, if any (muted tables have none). */
  chat?: ChatMention;
}

export interface Message {
  kind: "turn" | "reminder" | "takeover" | "chat" | "rematch" | "digest" | "test";
  title: string;
  text: string;
  url: string;
  /** `others`: the other seats' names (the sent log names the table by them). */
  tables: { table: string; seat: number; kind: TableNotice["kind"]; deadline: string | null; link: string; others?: string[] }[];
}

type Lang = "de" | "en";

const words = {
  en: {
    turn: (n: TableNotice, at: string, until: string) => `${n.name}, it is your turn ${at}${until}.`,
    reminder: (n: TableNotice, at: string, until: string) => `${n.name}, your time ${at} runs out soon${until}.`,
    takeover: (n: TableNotice, at: string) => `${n.name}, your time ${at} ran out: a bot plays your seat until you come back.`,
    chat: (n: TableNotice, at: string) => `${n.name}, a new message ${at}:`,
    rematch: (n: TableNotice, at: string) => `${n.name}, a new game ${at}: play again!`,
    unread: (count: number) => (count === 1 ? "Unread chat:" : `Unread chat (${count}), the latest:`),
    at: (others: string[]) => `at the table with ${list(others, "and")}`,
    until: (d: string) => ` (until ${d})`,
    title: { turn: "Muli: your turn", reminder: "Muli: time is running out", takeover: "Muli: a bot took your seat", chat: "Muli: a new message", rematch: "Muli: play again", digest: (k: number) => `Muli: ${k} tables are waiting for you`, test: "Muli: test message" },
    test: "This is a test message from Muli. Notifications work.",
  },
  de: {
    turn: (n: TableNotice, at: string, until: string) => `${n.name}, du bist ${at} am Zug${until}.`,
    reminder: (n: TableNotice, at: string, until: string) => `${n.name}, deine Zeit ${at} läuft bald ab${until}.`,
    takeover: (n: TableNotice, at: string) => `${n.name}, deine Zeit ${at} ist abgelaufen: ein Bot spielt für dich, bis du zurück bist.`,
    chat: (n: TableNotice, at: string) => `${n.name}, eine neue Nachricht ${at}:`,
    rematch: (n: TableNotice, at: string) => `${n.name}, ein neues Spiel ${at}: noch eine Runde!`,
    unread: (count: number) => (count === 1 ? "Ungelesen im Tischgespräch:" : `Ungelesen im Tischgespräch (${count}), zuletzt:`),
    at: (others: string[]) => `am Tisch mit ${list(others, "und")}`,
    until: (d: string) => ` (bis ${d})`,
    title: { turn: "Muli: du bist dran", reminder: "Muli: die Zeit läuft ab", takeover: "Muli: ein Bot spielt für dich", chat: "Muli: eine neue Nachricht", rematch: "Muli: noch eine Runde", digest: (k: number) => `Muli: ${k} Tische warten auf dich`, test: "Muli: Testnachricht" },
    test: "Das ist eine Testnachricht von Muli. Benachrichtigungen funktionieren.",
  },
};

function list(names: string[], and: string): string {
  return names.length <= 1 ? (names[0] ?? "") : `${names.slice(0, -1).join(", ")} ${and} ${names[names.length - 1]}`;
}

/** A deadline in the player's time zone and language, e.g. "Tue, 1 Dec, 14:00". */
export function formatWhen(ms: number, timeZone: string, lang: Lang): string {
  return new Intl.DateTimeFormat(lang === "de" ? "de-AT" : "en-GB", { timeZone, weekday: "short", day: "numeric", month: "short", hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(new Date(ms));
}

/** Chat quoted in a message is cut short: the table has the rest. */
const QUOTE_CHARS = 120;

/** "Anna: Bin bis Sonntag weg" (a reaction in the reader's language). */
export function quote(c: ChatMention, lang: Lang): string {
  const words = [...spoken(c, lang).replace(/\s+/g, " ")];
  return `${c.name}: ${words.length > QUOTE_CHARS ? words.slice(0, QUOTE_CHARS - 1).join("") + "…" : words.join("")}`;
}

function line(n: TableNotice, timeZone: string, lang: Lang): string {
  const w = words[lang];
  const at = w.at(n.others);
  if (n.kind === "chat") return n.chat ? `${w.chat(n, at)} ${quote(n.chat, lang)}` : w.chat(n, at);
  const until = n.deadline === null ? "" : w.until(formatWhen(n.deadline, timeZone, lang));
  const main = n.kind === "takeover" || n.kind === "rematch" ? w[n.kind](n, at) : w[n.kind](n, at, until);
  return n.chat ? `${main} ${w.unread(n.chat.count)} ${quote(n.chat, lang)}` : main;
}

/** One message for the notices of one player (the latest notice per table wins; chat never outranks a turn). */
export function compose(notices: TableNotice[], timeZone: string, language: string): Message {
  const lang: Lang = language === "en" ? "en" : "de";
  const byTable = new Map<string, TableNotice>();
  for (const n of notices) {
    const had = byTable.get(n.table);
    const chat = n.chat ?? had?.chat;
    // A chat notice only adds its mention to a turn, reminder or takeover already there.
    const wins = n.kind !== "chat" || !had || had.kind === "chat";
    byTable.set(n.table, { ...(wins ? n : had), ...(chat ? { chat } : {}) });
  }
  const list = [...byTable.values()];
  const tables = list.map((n) => ({ table: n.table, seat: n.seat, kind: n.kind, deadline: n.deadline === null ? null : new Date(n.deadline).toISOString(), link: n.link, others: n.others }));
  const lines = list.map((n) => line(n, timeZone, lang));
  if (list.length === 1) {
    const n = list[0];
    return { kind: n.kind, title: words[lang].title[n.kind], text: lines[0], url: n.link, tables };
  }
  // The digest links to the first table; every line's own link is in `tables` (and the text).
  const text = list.map((n, i) => `• ${lines[i]}\n  ${n.link}`).join("\n");
  return { kind: "digest", title: words[lang].title.digest(list.length), text, url: list[0].link, tables };
}

export function testMessage(language: string, url: string): Message {
  const lang: Lang = language === "en" ? "en" : "de";
  return { kind: "test", title: words[lang].title.test, text: words[lang].test, url, tables: [] };
}
