// The words of the league admin's controls: the questions before a destructive action, the undo,
// the admin log. Kept beside the one text system (like hints.ts) because only the league page,
// which loads on demand, uses them: the table page's bundle stays within its budget.
import { settings } from "../store/settings";
import { formats } from "./format";

const words = (f: ReturnType<typeof formats>) => ({
  cancel: "Cancel",
  notMember: "You made this league but do not play in it: rounds are drawn without you.",
  playMyself: "Play myself",
  playToo: "I play in this league myself",
  duplicateHelp: "Duplicate: every table of a size plays the same deals, so luck of the cards evens out (needs two tables or more).",
  confirmScore: (table: number) => `Score table ${table} as it stands now?`,
  confirmAnnul: (table: number) => `Annul table ${table}? Its game will not count.`,
  confirmReplace: (name: string, by: string) => `Give ${name}'s seat to ${by}? ${name}'s link stops opening it.`,
  confirmRemove: (name: string) => `Remove ${name} from the league? Their seats go to bots.`,
  confirmLeave: "Leave the league? Your seats go to bots.",
  confirmBan: (name: string) => `Ban ${name}? They are removed and cannot join again.`,
  confirmClose: (round: number) => `Close round ${round}?`,
  confirmInvite: "Make a new invite link? The old one stops working.",
  confirmAdminKey: "Make a new admin key? The old admin link stops working.",
  confirmSeason: "Start a new season? The standings start again.",
  replaceWho: (name: string) => `Replace ${name} by`,
  leave: "Leave",
  undo: (seconds: number) => `Undo (${f.count(Math.max(0, seconds), { one: "second", other: "seconds" })})`,
  undone: "undone",
  when: (at: number) => f.date(at),
  adminLog: (n: number) => `Admin log (${f.number(n)})`,
  logEntry: (action: string, d: Record<string, unknown>) =>
    ({
      roundStarted: `Round ${d.round} started (${f.count(Number(d.tables ?? 0), { one: "table", other: "tables" })}).`,
      roundClosed: `Round ${d.round} closed.`,
      deadlineExtended: `Round ${d.round}: ${f.count(Number(d.days ?? 0), { one: "day", other: "days" })} more.`,
      tableDecided: `Table ${d.table ?? "?"} of round ${d.round} ${d.outcome === "annulled" ? "annulled" : "scored as it stood"}.`,
      seatGiven: `Table ${d.table ?? "?"} of round ${d.round}: ${d.fromName}'s seat given to ${d.to ? d.toName : "a bot"}.`,
      memberRemoved: `${d.name} removed.`,
      memberBanned: `${d.name} banned.`,
      removalUndone: `${d.name} back (removal undone).`,
      inviteRotated: "New invite link made.",
      adminKeyRotated: "New admin key made.",
      seasonStarted: `Season ${d.season} started${d.newRules ? " with new rules" : ""}.`,
      reserveSeated: `Table ${d.table ?? "?"} of round ${d.round}: ${d.fromName}'s seat given to the reserve ${d.toName} (from hand ${d.hand}).`,
    })[action] ?? action,
});

const en = words(formats("en"));
type AdminWords = typeof en;

const deWords = (f: ReturnType<typeof formats>): AdminWords => ({
  cancel: "Abbrechen",
  notMember: "Du hast diese Liga gemacht, spielst aber nicht mit: Runden werden ohne dich ausgelost.",
  playMyself: "Selbst mitspielen",
  playToo: "Ich spiele in dieser Liga selbst mit",
  duplicateHelp: "Duplicate: Alle Tische einer Größe spielen dieselben Karten, so gleicht sich das Kartenglück aus (erst ab zwei Tischen).",
  confirmScore: (table: number) => `Tisch ${table} so werten, wie er jetzt steht?`,
  confirmAnnul: (table: number) => `Tisch ${table} annullieren? Seine Partie zählt nicht.`,
  confirmReplace: (name: string, by: string) => `${name}s Platz an ${by} geben? ${name}s Link öffnet ihn dann nicht mehr.`,
  confirmRemove: (name: string) => `${name} aus der Liga entfernen? Die Plätze übernehmen Bots.`,
  confirmLeave: "Die Liga verlassen? Deine Plätze übernehmen Bots.",
  confirmBan: (name: string) => `${name} sperren? Wird entfernt und kann nicht wieder beitreten.`,
  confirmClose: (round: number) => `Runde ${round} abschließen?`,
  confirmInvite: "Einen neuen Einladungslink machen? Der alte gilt dann nicht mehr.",
  confirmAdminKey: "Einen neuen Admin-Schlüssel machen? Der alte Admin-Link gilt dann nicht mehr.",
  confirmSeason: "Eine neue Saison beginnen? Die Tabelle beginnt von vorn.",
  replaceWho: (name: string) => `${name} ersetzen durch`,
  leave: "Austreten",
  undo: (seconds: number) => `Rückgängig (${f.count(Math.max(0, seconds), { one: "Sekunde", other: "Sekunden" })})`,
  undone: "rückgängig gemacht",
  when: (at: number) => f.date(at),
  adminLog: (n: number) => `Admin-Protokoll (${f.number(n)})`,
  logEntry: (action: string, d: Record<string, unknown>) =>
    ({
      roundStarted: `Runde ${d.round} gestartet (${f.count(Number(d.tables ?? 0), { one: "Tisch", other: "Tische" })}).`,
      roundClosed: `Runde ${d.round} abgeschlossen.`,
      deadlineExtended: `Runde ${d.round}: ${f.count(Number(d.days ?? 0), { one: "Tag", other: "Tage" })} mehr.`,
      tableDecided: `Tisch ${d.table ?? "?"} der Runde ${d.round} ${d.outcome === "annulled" ? "annulliert" : "gewertet, wie er stand"}.`,
      seatGiven: `Tisch ${d.table ?? "?"} der Runde ${d.round}: ${d.fromName}s Platz an ${d.to ? d.toName : "einen Bot"} gegeben.`,
      memberRemoved: `${d.name} entfernt.`,
      memberBanned: `${d.name} gesperrt.`,
      removalUndone: `${d.name} wieder dabei (Entfernen rückgängig gemacht).`,
      inviteRotated: "Neuer Einladungslink gemacht.",
      adminKeyRotated: "Neuer Admin-Schlüssel gemacht.",
      seasonStarted: `Saison ${d.season} begonnen${d.newRules ? ", mit neuen Regeln" : ""}.`,
      reserveSeated: `Tisch ${d.table ?? "?"} der Runde ${d.round}: ${d.fromName}s Platz an den Ersatz ${d.toName} gegeben (ab Spiel ${d.hand}).`,
    })[action] ?? action,
});

const de = deWords(formats("de"));

/** The admin's words in the player's language. */
export const adminWords = (): AdminWords => (settings.lang() === "de" ? de : en);
