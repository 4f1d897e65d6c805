// The words of table talk and the league's message board.
// Kept beside en.ts and de.ts by area, as the pages are: both languages here, the German typed
// by the English (same keys).

const enOf = () => ({
  title: "Table talk",
  boardTitle: "Message board",
  toggle: (n: number) => (n ? `Chat (${n} new)` : "Chat"),
  unreadBadge: (n: number) => `${n} unread message${n === 1 ? "" : "s"}`,
  empty: "No messages yet. Say hello!",
  placeholder: "Write a message…",
  send: "Send",
  reactions: "Quick reactions",
  mute: "Mute this chat (no counts, no notifications)",
  notify: "Notify me of new messages",
  muted: "muted",
  report: "Report",
  reportAsk: "Report this message to the Muli team? Why (optional):",
  reported: "Reported. Thank you.",
  hide: "Hide for everyone",
  tooLong: (n: number) => `${n} characters too many`,
  from: (name: string, when: string) => `${name}, ${when}`,
  errors: {
    INVALID_MESSAGE: "A message has 1 to 500 characters.",
    RATE_LIMITED: "That is a lot of messages at once; wait a moment.",
    FORBIDDEN: "Only the table's host may do that.",
    MEMBERS_ONLY: "Only the league's members read its board.",
  },
});

export const chatEn = enOf();

const deOf = (): typeof chatEn => ({
  title: "Tischgespräch",
  boardTitle: "Schwarzes Brett",
  toggle: (n: number) => (n ? `Chat (${n} neu)` : "Chat"),
  unreadBadge: (n: number) => `${n} ungelesene Nachricht${n === 1 ? "" : "en"}`,
  empty: "Noch keine Nachrichten. Sag Servus!",
  placeholder: "Nachricht schreiben…",
  send: "Senden",
  reactions: "Schnelle Antworten",
  mute: "Chat stummschalten (keine Zähler, keine Benachrichtigungen)",
  notify: "Bei neuen Nachrichten benachrichtigen",
  muted: "stumm",
  report: "Melden",
  reportAsk: "Diese Nachricht dem Muli-Team melden? Warum (freiwillig):",
  reported: "Gemeldet. Danke.",
  hide: "Für alle ausblenden",
  tooLong: (n: number) => `${n} Zeichen zu viel`,
  from: (name: string, when: string) => `${name}, ${when}`,
  errors: {
    INVALID_MESSAGE: "Eine Nachricht hat 1 bis 500 Zeichen.",
    RATE_LIMITED: "Das sind viele Nachrichten auf einmal; warte kurz.",
    FORBIDDEN: "Das darf nur, wer den Tisch betreut.",
    MEMBERS_ONLY: "Das Schwarze Brett lesen nur die Mitglieder der Liga.",
  },
});

export const chatDe = deOf();
