// The words of Settings: the player, their name, their sign-in ways.
// Kept beside en.ts and de.ts by area, as the pages are: both languages here, the German typed
// by the English (same keys).
import type { UnavailableCode } from "../../../worker/notify/channels";
import { formats } from "./format";

type Formats = ReturnType<typeof formats>;

const enOf = (f: Formats) => ({
  title: "Notifications",
  intro: "Get told when it is your turn, with the link to your seat. Create a player for this browser; the sign-in link carries it to your phone.",
  name: "Your name",
  create: "Create player",
  signIn: "Sign-in link for another device (keep it private):",
  channels: "Channels",
  none: "No channels yet.",
  test: "Send test",
  remove: "Remove",
  enablePush: "Push on this device",
  webhook: "Webhook URL (ntfy, Discord or JSON)",
  email: "E-mail address",
  add: "Add",
  quiet: "Quiet hours (nothing is delivered; it comes after)",
  from: "from",
  to: "to",
  timeZone: "Time zone",
  autoPlay: "Play forced moves for me (only one legal action)",
  vacation: "Vacation: stop my clocks",
  days: "days",
  start: "Start",
  end: "End vacation",
  until: (at: string, timeZone?: string) => `On vacation until ${f.date(at, { dateStyle: "medium", timeStyle: "short", timeZone })}`,
  left: (hours: number) =>
    `${f.count(Math.floor(hours / 24), { one: "day", other: "days" })}${hours % 24 ? ` and ${f.count(hours % 24, { one: "hour", other: "hours" })}` : ""} left this year (counted in hours: ended early, the hours not begun come back)`,
  /** Why a kind of channel is not offered here, by the profile's code (one per code the kinds give). */
  unavailable: {
    NO_PUSH_KEYS: "Push is not offered: this server has no push keys (VAPID) set. Its operator can add them; meanwhile use a webhook such as ntfy.",
    NO_EMAIL_SENDER: "E-mail is not offered: this server has no sender address (EMAIL_FROM) set. Its operator sets one up with Cloudflare's Email Service; meanwhile use push or a webhook.",
    NO_EMAIL_BINDING: "E-mail is not offered: this server has a sender address but no connection to Cloudflare's Email Service (the EMAIL binding). Its operator can add it; meanwhile use push or a webhook.",
    UNKNOWN_KIND: "This kind of channel is no longer offered by this server.",
  } satisfies Record<UnavailableCode | "UNKNOWN_KIND", string>,
  /** A channel of a kind not offered (any more): nothing goes by it. */
  notSent: "Nothing is sent by this channel:",
  zoneSearch: "Type to search, e.g. Vienna",
  useDeviceZone: (zone: string) => `Use this device's (${zone})`,
  daysLeft: (n: number) => `${f.count(n, { one: "day", other: "days" })} left this year`,
  save: "Save",
  saved: "Saved.",
  testQueued: "Test message on its way.",
  errors: {
    INVALID_CHANNEL: "This channel cannot be used: a webhook needs an https:// address of a public server (for ntfy with its topic, e.g. https://ntfy.sh/my-topic), an e-mail channel a valid address.",
    CHANNEL_UNAVAILABLE: "This server does not offer that channel.",
    VACATION_NOT_ALLOWED: "No vacation days are left this year.",
    INVALID_REQUEST: "Not saved: check the entries (a time zone is a name like Europe/Vienna).",
    UNAUTHORIZED: "This browser's player key is not valid (any more).",
    TOO_MANY_CHANNELS: "That is as many channels as a player may have.",
    UNSUPPORTED: "This browser cannot receive push messages.",
    DENIED: "Notifications are not allowed for this site.",
  },
});

export const playerEn = enOf(formats("en"));

const deOf = (f: Formats): typeof playerEn => ({
  title: "Benachrichtigungen",
  intro: "Erfahre, wann du am Zug bist, mit dem Link zu deinem Platz. Lege für diesen Browser einen Spieler an; der Anmeldelink bringt ihn auf dein Handy.",
  name: "Dein Name",
  create: "Spieler anlegen",
  signIn: "Anmeldelink für ein anderes Gerät (nicht weitergeben):",
  channels: "Kanäle",
  none: "Noch keine Kanäle.",
  test: "Test senden",
  remove: "Entfernen",
  enablePush: "Push auf diesem Gerät",
  webhook: "Webhook-URL (ntfy, Discord oder JSON)",
  email: "E-Mail-Adresse",
  add: "Hinzufügen",
  quiet: "Ruhezeit (nichts wird zugestellt; es kommt danach)",
  from: "von",
  to: "bis",
  timeZone: "Zeitzone",
  autoPlay: "Erzwungene Züge für mich spielen (nur eine erlaubte Aktion)",
  vacation: "Urlaub: meine Uhren anhalten",
  days: "Tage",
  start: "Beginnen",
  end: "Urlaub beenden",
  until: (at, timeZone) => `Im Urlaub bis ${f.date(at, { dateStyle: "medium", timeStyle: "short", timeZone })}`,
  left: (hours) =>
    `${f.count(Math.floor(hours / 24), { one: "Tag", other: "Tage" })}${hours % 24 ? ` und ${f.count(hours % 24, { one: "Stunde", other: "Stunden" })}` : ""} übrig in diesem Jahr (in Stunden gezählt: wer früher zurückkommt, bekommt die nicht begonnenen Stunden zurück)`,
  unavailable: {
    NO_PUSH_KEYS: "Push gibt es hier nicht: dieser Server hat keine Push-Schlüssel (VAPID). Sein Betreiber kann sie eintragen; bis dahin geht ein Webhook wie ntfy.",
    NO_EMAIL_SENDER: "E-Mail gibt es hier nicht: dieser Server hat keine Absenderadresse (EMAIL_FROM). Sein Betreiber richtet sie mit Cloudflares E-Mail-Dienst ein; bis dahin gehen Push oder ein Webhook.",
    NO_EMAIL_BINDING: "E-Mail gibt es hier nicht: dieser Server hat eine Absenderadresse, aber keinen Anschluss an Cloudflares E-Mail-Dienst (die Bindung EMAIL). Sein Betreiber kann ihn eintragen; bis dahin gehen Push oder ein Webhook.",
    UNKNOWN_KIND: "Diese Art von Kanal bietet dieser Server nicht mehr an.",
  },
  notSent: "Über diesen Kanal geht nichts hinaus:",
  zoneSearch: "Tippen zum Suchen, z. B. Wien",
  useDeviceZone: (zone) => `Die dieses Geräts nehmen (${zone})`,
  daysLeft: (n) => `${f.count(n, { one: "Tag", other: "Tage" })} übrig in diesem Jahr`,
  save: "Speichern",
  saved: "Gespeichert.",
  testQueued: "Testnachricht ist unterwegs.",
  errors: {
    INVALID_CHANNEL: "Dieser Kanal geht nicht: ein Webhook braucht eine https://-Adresse eines öffentlichen Servers (bei ntfy mit Thema, z. B. https://ntfy.sh/mein-thema), ein E-Mail-Kanal eine gültige Adresse.",
    CHANNEL_UNAVAILABLE: "Diesen Kanal bietet dieser Server nicht an.",
    VACATION_NOT_ALLOWED: "Für dieses Jahr sind keine Urlaubstage mehr übrig.",
    INVALID_REQUEST: "Nicht gespeichert: bitte die Eingaben prüfen (eine Zeitzone ist ein Name wie Europe/Vienna).",
    UNAUTHORIZED: "Der Spieler-Schlüssel dieses Browsers gilt nicht (mehr).",
    TOO_MANY_CHANNELS: "Mehr Kanäle kann ein Spieler nicht haben.",
    UNSUPPORTED: "Dieser Browser kann keine Push-Nachrichten empfangen.",
    DENIED: "Benachrichtigungen sind für diese Seite nicht erlaubt.",
  },
});

export const playerDe = deOf(formats("de"));
