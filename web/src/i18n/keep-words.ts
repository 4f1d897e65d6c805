// The words of what became of a sign-in and of forgetting a game: loaded with the notice and the
// question that show them (both lazy), not with the table page.
import { settings } from "../store/settings";

const keepEn = {
  signIn: {
    badLink: "This sign-in link does not open a player: it may be mistyped, cut off, or no longer valid. Nothing was changed; ask for the link again (Settings on your other device).",
    revoked: "This browser's sign-in is no longer valid (it was revoked or replaced). Sign in again: with a passkey, or your sign-in link (Settings on your other device).",
    spentMail: "This sign-in link from your e-mail was used already or has expired (it works once, for 15 minutes). Ask for a new one in Settings.",
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

const keepDe: typeof keepEn = {
  signIn: {
    badLink: "Dieser Anmelde-Link öffnet keinen Spieler: Er ist vielleicht vertippt, abgeschnitten oder nicht mehr gültig. Es wurde nichts geändert; hol dir den Link noch einmal (Einstellungen auf deinem anderen Gerät).",
    revoked: "Die Anmeldung dieses Browsers gilt nicht mehr (sie wurde widerrufen oder ersetzt). Melde dich wieder an: mit einem Passkey oder deinem Anmelde-Link (Einstellungen auf deinem anderen Gerät).",
    spentMail: "Dieser Anmelde-Link aus deiner E-Mail wurde schon benutzt oder ist abgelaufen (er gilt einmal, 15 Minuten lang). Fordere in den Einstellungen einen neuen an.",
    signedIn: (name: string) => `Angemeldet als ${name}. Deine Partien stehen unter „Meine Partien“.`,
    offline: "Der Anmelde-Link konnte nicht geprüft werden (keine Verbindung). Öffne ihn noch einmal, wenn du online bist.",
    dismiss: "OK",
  },
  forget: {
    ask: "Diese Partie in diesem Browser vergessen?",
    how: "Die Partie geht weiter. Den Platz bekommst du zurück: mit deiner Anmeldung auf einem anderen Gerät oder mit einem neuen Link vom Gastgeber des Tisches.",
    howPlayer: "Die Partie geht weiter. Dein Spieler behält den Platz: „Vergessene Partien zeigen“ in den Einstellungen holt ihn hierher zurück.",
    yes: "Vergessen",
    no: "Behalten",
    restore: "Vergessene Partien zeigen",
  },
};

export const keepWords = (): typeof keepEn => (settings.lang() === "de" ? keepDe : keepEn);
