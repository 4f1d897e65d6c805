// The words of the table's host page and of the links page after creating a table (both lazy):
// kept out of en.ts/de.ts so that the table page's bundle does not carry them.
import { settings } from "../store/settings";
import { formats } from "./format";

const en_ = formats("en");
const de_ = formats("de");

const hostEn = {
    title: "Seats and links",
    intro: "Only you have this page (it opens with your host link). Whoever holds a seat's link plays that seat: give a lost link out again here.",
    opened: "opened",
    notOpened: "not opened yet",
    /** `at`: when the seat last acted (a timestamp; ago() takes how long since). */
    lastActed: (at: number) => `last move ${en_.ago(Date.now() - at)}`,
    noMove: "no move yet",
    bot: (level: string) => `bot (${level})`,
    share: "Share",
    newLink: "New link",
    newLinkAsk: (name: string) => `Give ${name} a new link? The old one stops working at once (an open page with it is closed).`,
    newLinkDone: (name: string) => `${name} has a new link: send it to them.`,
    otherPerson: "Another person…",
    otherName: "Name of the new player",
    invite: "Invite",
    toBot: "Let a bot play",
    toBotAsk: (name: string) => `Let a bot play ${name}'s seat to the end? Their link stops working.`,
    yes: "Yes",
    cancel: "Cancel",
    yourLink: "Your host link (keep it private: it opens this page on any device)",
    hostLinkHelp: "Lost the other links? This page shows them again at any time.",
    openHost: "Seats and links",
    openTable: "Back to the table",
    noKey: "This page needs the table's host link (the one shown when the table was made).",
    gameOver: "The game is over.",
    clockTitle: "The clock",
    clockSave: "Change the clock",
    clockSaved: "Changed: from the next decision on (whoever is thinking now keeps their time).",
    errors: {
      UNAUTHORIZED: "This host link does not look after this table (mistyped, or not the host's).",
      BOT_SEAT: "A bot plays this seat; it has no link.",
      WRONG_PHASE: "The game is over: seats no longer change hands.",
      NOT_FOUND: "There is no such table or seat.",
    } as Record<string, string>,
  };

const hostDe: typeof hostEn = {
    title: "Plätze und Links",
    intro: "Nur du hast diese Seite (sie öffnet sich mit deinem Gastgeber-Link). Wer den Link eines Platzes hat, spielt diesen Platz: Hier gibst du einen verlorenen Link neu aus.",
    opened: "geöffnet",
    notOpened: "noch nicht geöffnet",
    lastActed: (at: number) => `letzter Zug ${de_.ago(Date.now() - at)}`,
    noMove: "noch kein Zug",
    bot: (level: string) => `Bot (${level})`,
    share: "Teilen",
    newLink: "Neuer Link",
    newLinkAsk: (name: string) => `${name} einen neuen Link geben? Der alte gilt sofort nicht mehr (eine damit offene Seite wird geschlossen).`,
    newLinkDone: (name: string) => `${name} hat einen neuen Link: Schick ihn weiter.`,
    otherPerson: "Andere Person …",
    otherName: "Name des neuen Spielers",
    invite: "Einladen",
    toBot: "Bot spielen lassen",
    toBotAsk: (name: string) => `Den Platz von ${name} bis zum Ende von einem Bot spielen lassen? Der Link gilt dann nicht mehr.`,
    yes: "Ja",
    cancel: "Abbrechen",
    yourLink: "Dein Gastgeber-Link (geheim halten: Er öffnet diese Seite auf jedem Gerät)",
    hostLinkHelp: "Links verloren? Diese Seite zeigt sie jederzeit wieder.",
    openHost: "Plätze und Links",
    openTable: "Zurück zum Tisch",
    noKey: "Diese Seite braucht den Gastgeber-Link des Tisches (der beim Anlegen gezeigt wurde).",
    gameOver: "Die Partie ist vorbei.",
    clockTitle: "Die Uhr",
    clockSave: "Uhr ändern",
    clockSaved: "Geändert: ab der nächsten Entscheidung (wer gerade überlegt, behält seine Zeit).",
    errors: {
      UNAUTHORIZED: "Dieser Gastgeber-Link gehört nicht zu diesem Tisch (vertippt, oder nicht der des Gastgebers).",
      BOT_SEAT: "Diesen Platz spielt ein Bot; er hat keinen Link.",
      WRONG_PHASE: "Die Partie ist vorbei: Plätze wechseln nicht mehr.",
      NOT_FOUND: "Diesen Tisch oder Platz gibt es nicht.",
    },
  };

export const hostWords = (): typeof hostEn => (settings.lang() === "de" ? hostDe : hostEn);
