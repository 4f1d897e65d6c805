// The words of signing in and of a player's devices and passkeys (Settings): loaded with the
// parts that show them, not with the table page.
import { settings } from "../store/settings";

const devicesEn = {
  title: "Devices and passkeys",
  intro: "Every device you signed in on has its own key. Sign one out here (a lost phone): its key stops at once.",
  thisDevice: "this device",
  unnamed: "a device",
  via: { created: "made here", link: "by sign-in link", passkey: "by passkey", email: "by e-mail link", message: "from a turn message", rotated: "new key" } as Record<string, string>,
  since: (d: string) => `since ${d}`,
  used: (d: string) => `last used ${d}`,
  revoke: "Sign out",
  passkeys: "Passkeys",
  noPasskeys: "No passkey yet. With one, a device that holds nothing (a new phone, cleared browser data) signs in without the link.",
  addPasskey: "Add a passkey",
  passkeyAdded: "Passkey added: sign in with it on any device.",
  remove: "Remove",
  rotate: "New key for this device",
  rotateAsk: "Give this device a new key? Every sign-in link you copied so far stops working; this device and your other devices stay signed in.",
  rotateYes: "New key",
  rotateNo: "Keep",
  rotated: "This device has a new key; the old sign-in links open nothing now.",
  noPasskeySupport: "This browser cannot use passkeys.",
  cancelled: "No passkey was used (cancelled, or none on this device).",
  errors: {
    CHALLENGE_INVALID: "That took too long, or was sent twice: try again.",
    PASSKEY_REFUSED: "The passkey could not be verified: try again.",
    PASSKEY_UNKNOWN: "This passkey is not (or no longer) registered here: sign in with your sign-in link.",
    PASSKEY_EXISTS: "This passkey is registered already.",
    NO_EMAIL: "This server sends no e-mail.",
    KEY_REVOKED: "This device was signed out meanwhile.",
  } as Record<string, string>,
};

const devicesDe: typeof devicesEn = {
  title: "Geräte und Passkeys",
  intro: "Jedes Gerät, auf dem du angemeldet bist, hat seinen eigenen Schlüssel. Melde eines hier ab (ein verlorenes Handy): Sein Schlüssel gilt sofort nicht mehr.",
  thisDevice: "dieses Gerät",
  unnamed: "ein Gerät",
  via: { created: "hier angelegt", link: "mit Anmelde-Link", passkey: "mit Passkey", email: "mit E-Mail-Link", message: "aus einer Zug-Nachricht", rotated: "neuer Schlüssel" },
  since: (d: string) => `seit ${d}`,
  used: (d: string) => `zuletzt ${d}`,
  revoke: "Abmelden",
  passkeys: "Passkeys",
  noPasskeys: "Noch kein Passkey. Mit einem meldet sich ein Gerät, das nichts mehr weiß (ein neues Handy, gelöschte Browserdaten), ohne den Link an.",
  addPasskey: "Passkey hinzufügen",
  passkeyAdded: "Passkey hinzugefügt: Melde dich damit auf jedem Gerät an.",
  remove: "Entfernen",
  rotate: "Neuer Schlüssel für dieses Gerät",
  rotateAsk: "Diesem Gerät einen neuen Schlüssel geben? Jeder bisher kopierte Anmelde-Link gilt dann nicht mehr; dieses und deine anderen Geräte bleiben angemeldet.",
  rotateYes: "Neuer Schlüssel",
  rotateNo: "Behalten",
  rotated: "Dieses Gerät hat einen neuen Schlüssel; die alten Anmelde-Links öffnen nichts mehr.",
  noPasskeySupport: "Dieser Browser kann keine Passkeys verwenden.",
  cancelled: "Es wurde kein Passkey verwendet (abgebrochen, oder keiner auf diesem Gerät).",
  errors: {
    CHALLENGE_INVALID: "Das hat zu lange gedauert oder kam doppelt: Versuch es noch einmal.",
    PASSKEY_REFUSED: "Der Passkey konnte nicht geprüft werden: Versuch es noch einmal.",
    PASSKEY_UNKNOWN: "Dieser Passkey ist hier nicht (mehr) eingetragen: Melde dich mit deinem Anmelde-Link an.",
    PASSKEY_EXISTS: "Dieser Passkey ist schon eingetragen.",
    NO_EMAIL: "Dieser Server verschickt keine E-Mails.",
    KEY_REVOKED: "Dieses Gerät wurde inzwischen abgemeldet.",
  },
};

const signInEn = {
  title: "Playing on another device already?",
  intro: "Open your sign-in link from there (Settings on that device), or:",
  passkey: "Sign in with a passkey",
  email: "Your e-mail address (registered for notifications)",
  mailMe: "E-mail me a sign-in link",
  mailed: "If a player registered this address, a sign-in link is on its way. It works once, for 15 minutes.",
};

const signInDe: typeof signInEn = {
  title: "Spielst du schon auf einem anderen Gerät?",
  intro: "Öffne deinen Anmelde-Link von dort (Einstellungen auf jenem Gerät), oder:",
  passkey: "Mit Passkey anmelden",
  email: "Deine E-Mail-Adresse (für Benachrichtigungen eingetragen)",
  mailMe: "Anmelde-Link per E-Mail schicken",
  mailed: "Wenn ein Spieler diese Adresse eingetragen hat, ist ein Anmelde-Link unterwegs. Er gilt einmal, 15 Minuten lang.",
};

export const deviceWords = (): typeof devicesEn => (settings.lang() === "de" ? devicesDe : devicesEn);
export const signInWords = (): typeof signInEn => (settings.lang() === "de" ? signInDe : signInEn);
