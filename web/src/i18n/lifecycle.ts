// Texts of tables that end (the clock in the create form and on the table, leaving, ending by
// agreement, the end screen), in both languages (same keys, checked by the type), reached as
// `lifecycleWords()` in the player's language. Apart from en.ts and de.ts because only pages and
// parts loaded on demand use them (the table page's JavaScript has a budget).
import { t } from ".";
import { formats } from "./format";

const fe = formats("en");
const fd = formats("de");

const en = {
  errors: {
    ALREADY_LEFT: "You have already left this game.",
    SEAT_LEFT: "You left this game: a bot plays your seat.",
    NO_PROPOSAL: "Nobody proposes to end this game (any more).",
    LEAGUE_TABLE: "A league game ends early only by the league's admin: ask them on the league's board.",
  } as Record<string, string>,
    clockLabel: "Time per decision",
    clockHelp: "When a player's time runs out, a bot plays for them, so the table never stalls.",
    clockNone: "no limit",
    hours: (h: number) => (h === 168 ? "a week" : h < 1 ? `${Math.round(h * 60)} minutes` : h === 1 ? "1 hour" : `${h} hours`),
    onTimeoutLabel: "When the time runs out",
    onTimeout: { botOnce: "a bot plays that decision", takeover: "a bot plays the seat until its player returns" },
    clockShown: (time: string, then: string) => `${time} per decision; then ${then}.`,
    noClock: "No time limit per decision.",
    twice: "Twice in a row out of time: a bot plays the seat until its player returns.",
    menu: "Leave or end the game",
    leave: "Leave the game",
    leaveConfirm: "Leave for good? A bot plays your seat to the end of the game.",
    leaveYes: "Yes, leave",
    left: (name: string) => `${name} left the game: a bot plays the seat to the end.`,
    youLeft: "You left this game: a bot plays your seat to the end.",
    tookOver: (name: string, from: string, hand: number) => `${name} took over from ${from} at hand ${fe.number(hand)}: the seat's result counts for ${name}.`,
    away: (name: string) => `${name} is out of time: a bot plays the seat until they return.`,
    proposeScore: "Propose to end it, scored as it stands",
    proposeAnnul: "Propose to annul it",
    proposal: (name: string, outcome: "score" | "annul") => (outcome === "score" ? `${name} proposes to end the game, scored as it stands.` : `${name} proposes to annul the game.`),
    agreed: (names: string[]) => `Agreed so far: ${fe.list(names)}.`,
    lapses: "The proposal lapses with the next move.",
    agree: "Agree",
    decline: "Decline",
    withdraw: "Withdraw",
    endedScore: "Ended by agreement, scored as it stood.",
    endedAnnul: "Ended by agreement: annulled, nobody wins.",
    leagueScore: "Ended by the league, scored as it stood.",
    leagueAnnul: "Ended by the league: annulled, nobody wins.",
    playAgain: "Play again",
    joinRematch: "Join the new game",
    rematchReady: "A new game with the same seats is ready.",
    replay: "Replay",
    record: "Download the record",
    backToGames: "Back to My games",
  };

const de: typeof en = {
  errors: {
    ALREADY_LEFT: "Du hast dieses Spiel schon verlassen.",
    SEAT_LEFT: "Du hast dieses Spiel verlassen: ein Bot spielt deinen Platz.",
    NO_PROPOSAL: "Niemand schlägt (mehr) vor, dieses Spiel zu beenden.",
    LEAGUE_TABLE: "Ein Ligaspiel beendet vorzeitig nur die Verwaltung der Liga: frag sie am Brett der Liga.",
  },
    clockLabel: "Zeit pro Entscheidung",
    clockHelp: "Läuft die Zeit ab, spielt ein Bot für den Spieler, damit der Tisch nie stehen bleibt.",
    clockNone: "ohne Limit",
    hours: (h: number) => (h === 168 ? "eine Woche" : h < 1 ? `${Math.round(h * 60)} Minuten` : h === 1 ? "1 Stunde" : `${h} Stunden`),
    onTimeoutLabel: "Wenn die Zeit abläuft",
    onTimeout: { botOnce: "spielt ein Bot diese eine Entscheidung", takeover: "spielt ein Bot den Platz, bis der Spieler zurück ist" },
    clockShown: (time: string, then: string) => `${time} pro Entscheidung; danach ${then}.`,
    noClock: "Kein Zeitlimit pro Entscheidung.",
    twice: "Zweimal hintereinander Zeit abgelaufen: ein Bot spielt den Platz, bis der Spieler zurück ist.",
    menu: "Spiel verlassen oder beenden",
    leave: "Spiel verlassen",
    leaveConfirm: "Endgültig verlassen? Ein Bot spielt deinen Platz bis zum Ende des Spiels.",
    leaveYes: "Ja, verlassen",
    left: (name: string) => `${name} hat das Spiel verlassen: ein Bot spielt den Platz bis zum Ende.`,
    youLeft: "Du hast dieses Spiel verlassen: ein Bot spielt deinen Platz bis zum Ende.",
    tookOver: (name: string, from: string, hand: number) => `${name} hat ab Spiel ${fd.number(hand)} von ${from} übernommen: das Ergebnis des Platzes zählt für ${name}.`,
    away: (name: string) => `Die Zeit von ${name} ist abgelaufen: ein Bot spielt den Platz, bis er oder sie zurück ist.`,
    proposeScore: "Beenden vorschlagen, gewertet wie es steht",
    proposeAnnul: "Annullieren vorschlagen",
    proposal: (name: string, outcome: "score" | "annul") => (outcome === "score" ? `${name} schlägt vor, das Spiel zu beenden und zu werten, wie es steht.` : `${name} schlägt vor, das Spiel zu annullieren.`),
    agreed: (names: string[]) => `Einverstanden bisher: ${fd.list(names)}.`,
    lapses: "Der Vorschlag verfällt mit dem nächsten Zug.",
    agree: "Einverstanden",
    decline: "Ablehnen",
    withdraw: "Zurückziehen",
    endedScore: "Im Einvernehmen beendet, gewertet wie es stand.",
    endedAnnul: "Im Einvernehmen beendet: annulliert, niemand gewinnt.",
    leagueScore: "Von der Liga beendet, gewertet wie es stand.",
    leagueAnnul: "Von der Liga beendet: annulliert, niemand gewinnt.",
    playAgain: "Noch einmal spielen",
    joinRematch: "Zur neuen Partie",
    rematchReady: "Eine neue Partie mit denselben Plätzen steht bereit.",
    replay: "Nachspielen",
    record: "Spielprotokoll herunterladen",
    backToGames: "Zurück zu Meine Partien",
  };

export const lifecycleWords = (): typeof en => (t().lang === "de" ? de : en);
