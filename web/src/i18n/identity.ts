// Texts of a person's identity: the table's host page, signing in on another device (link, QR,
// passkey, e-mail), devices and keys, and forgetting a game. Both languages here, the German ones
// checked against the English ones' type; en.ts and de.ts take them as their `identity` group.
import { formats } from "./format";

const en_ = formats("en");
const de_ = formats("de");

export const identityEn = {
  host: {
    title: "Seats and links",
    intro: "Only you have this page (it opens with your host link). Whoever holds a seat's link plays that seat: give a lost link out again here.",
    opened: "opened",
    notOpened: "not opened yet",
    lastActed: (at: number) => `last move ${en_.ago(at)}`,
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
    errors: {
      UNAUTHORIZED: "This host link does not look after this table (mistyped, or not the host's).",
      BOT_SEAT: "A bot plays this seat; it has no link.",
      WRONG_PHASE: "The game is over: seats no longer change hands.",
      NOT_FOUND: "There is no such table or seat.",
    } as Record<string, string>,
  },
  signIn: {
    badLink: "This sign-in link does not open a player: it may be mistyped, cut off, or no longer valid. Nothing was changed; ask for the link again (Settings on your other device).",
    revoked: "This browser's sign-in is no longer valid (it was revoked or replaced). Sign in again with your link, a passkey or e-mail.",
    signedIn: (name: string) => `Signed in as ${name}. Your games are under “My games”.`,
    offline: "Could not check the sign-in link (no connection). Open it again once online.",
    dismiss: "OK",
  },
  forget: {
    ask: "Forget this game on this browser?",
    how: "The game goes on. To get the seat back: your sign-in on another device, or a new link from the table's host.",
    howPlayer: "The game goes on. Your player keeps the seat: “Show forgotten games” in Settings brings it back here.",
    yes: "Forget",
    no: "Keep",
    restore: "Show forgotten games",
  },
};

export type IdentityTexts = typeof identityEn;

export const identityDe: IdentityTexts = {
  host: {
    title: "Plätze und Links",
    intro: "Nur du hast diese Seite (sie öffnet sich mit deinem Gastgeber-Link). Wer den Link eines Platzes hat, spielt diesen Platz: Hier gibst du einen verlorenen Link neu aus.",
    opened: "geöffnet",
    notOpened: "noch nicht geöffnet",
    lastActed: (at: number) => `letzter Zug ${de_.ago(at)}`,
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
    gameOver: "Das Spiel ist vorbei.",
    errors: {
      UNAUTHORIZED: "Dieser Gastgeber-Link gehört nicht zu diesem Tisch (vertippt, oder nicht der des Gastgebers).",
      BOT_SEAT: "Diesen Platz spielt ein Bot; er hat keinen Link.",
      WRONG_PHASE: "Das Spiel ist vorbei: Plätze wechseln nicht mehr.",
      NOT_FOUND: "Diesen Tisch oder Platz gibt es nicht.",
    },
  },
  signIn: {
    badLink: "Dieser Anmelde-Link öffnet keinen Spieler: Er ist vielleicht vertippt, abgeschnitten oder nicht mehr gültig. Es wurde nichts geändert; hol dir den Link noch einmal (Einstellungen auf deinem anderen Gerät).",
    revoked: "Die Anmeldung dieses Browsers gilt nicht mehr (sie wurde widerrufen oder ersetzt). Melde dich wieder an: mit deinem Link, einem Passkey oder per E-Mail.",
    signedIn: (name: string) => `Angemeldet als ${name}. Deine Spiele stehen unter „Meine Spiele“.`,
    offline: "Der Anmelde-Link konnte nicht geprüft werden (keine Verbindung). Öffne ihn noch einmal, wenn du online bist.",
    dismiss: "OK",
  },
  forget: {
    ask: "Dieses Spiel in diesem Browser vergessen?",
    how: "Das Spiel geht weiter. Den Platz bekommst du zurück: mit deiner Anmeldung auf einem anderen Gerät oder mit einem neuen Link vom Gastgeber des Tisches.",
    howPlayer: "Das Spiel geht weiter. Dein Spieler behält den Platz: „Vergessene Spiele zeigen“ in den Einstellungen holt ihn hierher zurück.",
    yes: "Vergessen",
    no: "Behalten",
    restore: "Vergessene Spiele zeigen",
  },
};
