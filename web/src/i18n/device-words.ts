// The words of signing in and of a player's devices and passkeys (Settings): loaded with the
// parts that show them, not with the table page.
import { settings } from "../store/settings";

const devicesEn = {
  title: "Devices and passkeys",
  intro: "Every device you signed in on has its own key. Sign one out here (a lost phone): its key stops at once.",
  thisDevice: "this device",
  copy: "Copy",
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
  rotateAsk: "Give this device a new key? The old one stops at once; this device and your other devices stay signed in.",
  rotateYes: "New key",
  rotateNo: "Keep",
  rotated: "This device has a new key; the old one opens nothing now.",
  links: {
    title: "Sign-in links",
    intro: "A sign-in link signs one more device in (your phone, a new computer): it works once, within a day. Keep it private.",
    make: "Make a sign-in link",
    until: (d: string) => `works once, until ${d}`,
    unused: "not used yet",
    signedIn: (label: string) => `signed in: ${label}`,
    signedOut: "(signed out)",
    revoke: "Revoke",
    revokeAll: "Revoke and sign its device out",
  },
  noPasskeySupport: "This browser cannot use passkeys.",
  cancelled: "No passkey was used (cancelled, or none on this device).",
  errors: {
    CHALLENGE_INVALID: "That took too long, or was sent twice: try again.",
    PASSKEY_REFUSED: "The passkey could not be verified: try again.",
    PASSKEY_UNKNOWN: "This passkey is not (or no longer) registered here: sign in with your sign-in link.",
    PASSKEY_EXISTS: "This passkey is registered already.",
    NO_EMAIL: "This server sends no e-mail.",
    KEY_REVOKED: "This device was signed out meanwhile.",
    LINK_SPENT: "This sign-in link was used already, revoked or has expired: make a new one on a signed-in device.",
  } as Record<string, string>,
};

const devicesDe: typeof devicesEn = {
  title: "Geräte und Passkeys",
  intro: "Jedes Gerät, auf dem du angemeldet bist, hat seinen eigenen Schlüssel. Melde eines hier ab (ein verlorenes Handy): Sein Schlüssel gilt sofort nicht mehr.",
  thisDevice: "dieses Gerät",
  copy: "Kopieren",
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
  rotateAsk: "Diesem Gerät einen neuen Schlüssel geben? Der alte gilt sofort nicht mehr; dieses und deine anderen Geräte bleiben angemeldet.",
  rotateYes: "Neuer Schlüssel",
  rotateNo: "Behalten",
  rotated: "Dieses Gerät hat einen neuen Schlüssel; der alte öffnet nichts mehr.",
  links: {
    title: "Anmelde-Links",
    intro: "Ein Anmelde-Link meldet ein weiteres Gerät an (dein Handy, einen neuen Computer): Er gilt einmal, einen Tag lang. Nicht weitergeben.",
    make: "Anmelde-Link erstellen",
    until: (d: string) => `gilt einmal, bis ${d}`,
    unused: "noch nicht verwendet",
    signedIn: (label: string) => `angemeldet: ${label}`,
    signedOut: "(abgemeldet)",
    revoke: "Widerrufen",
    revokeAll: "Widerrufen und sein Gerät abmelden",
  },
  noPasskeySupport: "Dieser Browser kann keine Passkeys verwenden.",
  cancelled: "Es wurde kein Passkey verwendet (abgebrochen, oder keiner auf diesem Gerät).",
  errors: {
    CHALLENGE_INVALID: "Das hat zu lange gedauert oder kam doppelt: Versuch es noch einmal.",
    PASSKEY_REFUSED: "Der Passkey konnte nicht geprüft werden: Versuch es noch einmal.",
    PASSKEY_UNKNOWN: "Dieser Passkey ist hier nicht (mehr) eingetragen: Melde dich mit deinem Anmelde-Link an.",
    PASSKEY_EXISTS: "Dieser Passkey ist schon eingetragen.",
    NO_EMAIL: "Dieser Server verschickt keine E-Mails.",
    KEY_REVOKED: "Dieses Gerät wurde inzwischen abgemeldet.",
    LINK_SPENT: "Dieser Anmelde-Link wurde schon verwendet, widerrufen oder ist abgelaufen: Erstelle auf einem angemeldeten Gerät einen neuen.",
  },
};

const signInEn = {
  title: "Playing on another device already?",
  intro: "Make a sign-in link there (Settings on that device) and open it here, or:",
  passkey: "Sign in with a passkey",
  email: "Your e-mail address (registered for notifications)",
  mailMe: "E-mail me a sign-in link",
  mailed: "If a player registered this address, a sign-in link is on its way. It works once, for 15 minutes.",
  noEmail: "No sign-in link by e-mail: this server sends no e-mail (its operator has not set up Cloudflare's Email Service).",
};

const signInDe: typeof signInEn = {
  title: "Spielst du schon auf einem anderen Gerät?",
  intro: "Erstelle dort einen Anmelde-Link (Einstellungen auf jenem Gerät) und öffne ihn hier, oder:",
  passkey: "Mit Passkey anmelden",
  email: "Deine E-Mail-Adresse (für Benachrichtigungen eingetragen)",
  mailMe: "Anmelde-Link per E-Mail schicken",
  mailed: "Wenn ein Spieler diese Adresse eingetragen hat, ist ein Anmelde-Link unterwegs. Er gilt einmal, 15 Minuten lang.",
  noEmail: "Kein Anmelde-Link per E-Mail: Dieser Server verschickt keine E-Mails (sein Betreiber hat Cloudflares E-Mail-Dienst nicht eingerichtet).",
};

export const deviceWords = (): typeof devicesEn => (settings.lang() === "de" ? devicesDe : devicesEn);
export const signInWords = (): typeof signInEn => (settings.lang() === "de" ? signInDe : signInEn);
