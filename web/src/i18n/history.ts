// Texts of the hand so far, "since you were here", the replay and the score sheet's reasons, in
// both languages (same keys, checked by the type), reached as `t().history` (en.ts, de.ts).
// Plurals, lists and signed numbers as Intl writes them (format.ts, without its start-up cost).
import { formatList, formatSigned, isOne } from "./format";
import type { Action, HandRecord, StoryItem } from "../../../worker/engine";
import { cardLabel, suitName } from "../cards/names";
import { settings } from "../store/settings";

type Lang = "de" | "en";

const plural = (lang: Lang, n: number, one: string, other: string) => (isOne(lang, n) ? one : other);
const list = formatList;
const num = formatSigned;

const en = {
  handSoFar: "This hand so far",
  bidding: "Bidding and exchange",
  noBids: "No bids yet.",
  tricksSoFar: "Tricks",
  noTricks: "No trick played yet.",
  trickRow: (no: number) => `Trick ${no}`,
  ledBy: (name: string) => `${name} led`,
  took: (name: string) => `${name} took it`,
  laidAway: "Your laid-away cards",
  seatFacts: "At the table",
  cardsInHand: (n: number) => `${n} ${plural("en", n, "card", "cards")} in hand`,
  exchanged: (n: number) => (n < 0 ? "not exchanged yet" : n === 0 ? "kept all cards" : `exchanged ${n}`),
  talon: (n: number) => `Talon: ${n} ${plural("en", n, "card", "cards")}`,
  sinceTitle: "Since you were here",
  dismiss: "Got it",
  skip: "Show now",
  replay: "Replay",
  replayTitle: "Replay",
  replayHand: (no: number, of: number) => `Hand ${no} of ${of}`,
  step: (no: number, of: number) => `Move ${no} of ${of}`,
  first: "Start",
  prev: "Back",
  next: "Forward",
  last: "End",
  prevHand: "Previous hand",
  nextHand: "Next hand",
  talonLabel: "Talon",
  discardsLabel: "Laid away",
  analysis: "Analysis",
  worse: (name: string, lost: number) => `${name} gave away about ${lost.toFixed(1)} points here`,
  better: (what: string, theirs: number, best: number) => `Better: ${what} (${best.toFixed(1)} expected points instead of ${theirs.toFixed(1)})`,
  why: "why",
  recordMissing: "The record of this game could not be loaded.",
  line: (item: StoryItem, names: string[]): string => storyLine("en", item, names),
  action: (a: Action): string => actionText("en", a),
  reason: (h: HandRecord, seat: number, names: string[]): string => reasonLine("en", h, seat, names),
};

const de: typeof en = {
  handSoFar: "Das Spiel bisher",
  bidding: "Ansagen und Tausch",
  noBids: "Noch keine Ansage.",
  tricksSoFar: "Stiche",
  noTricks: "Noch kein Stich gespielt.",
  trickRow: (no) => `Stich ${no}`,
  ledBy: (name) => `${name} kam raus`,
  took: (name) => `${name} hat ihn`,
  laidAway: "Deine abgelegten Karten",
  seatFacts: "Am Tisch",
  cardsInHand: (n) => `${n} ${plural("de", n, "Karte", "Karten")} auf der Hand`,
  exchanged: (n) => (n < 0 ? "noch nicht getauscht" : n === 0 ? "alle behalten" : `${n} getauscht`),
  talon: (n) => `Talon: ${n} ${plural("de", n, "Karte", "Karten")}`,
  sinceTitle: "Seit du zuletzt da warst",
  dismiss: "Verstanden",
  skip: "Gleich zeigen",
  replay: "Nachspielen",
  replayTitle: "Nachspielen",
  replayHand: (no, of) => `Spiel ${no} von ${of}`,
  step: (no, of) => `Zug ${no} von ${of}`,
  first: "Anfang",
  prev: "Zurück",
  next: "Weiter",
  last: "Ende",
  prevHand: "Voriges Spiel",
  nextHand: "Nächstes Spiel",
  talonLabel: "Talon",
  discardsLabel: "Abgelegt",
  analysis: "Analyse",
  worse: (name, lost) => `${name} hat hier etwa ${lost.toLocaleString("de", { maximumFractionDigits: 1, minimumFractionDigits: 1 })} Punkte verschenkt`,
  better: (what, theirs, best) =>
    `Besser: ${what} (${best.toLocaleString("de", { maximumFractionDigits: 1, minimumFractionDigits: 1 })} statt ${theirs.toLocaleString("de", { maximumFractionDigits: 1, minimumFractionDigits: 1 })} erwartete Punkte)`,
  why: "warum",
  recordMissing: "Die Aufzeichnung dieses Spiels ließ sich nicht laden.",
  line: (item, names) => storyLine("de", item, names),
  action: (a) => actionText("de", a),
  reason: (h, seat, names) => reasonLine("de", h, seat, names),
};

export { en as historyEn, de as historyDe };

function card(lang: Lang, c: string): string {
  return cardLabel(c, settings.get().cardStyle, lang);
}

/** One line of the story in the player's language. */
export function storyLine(lang: Lang, item: StoryItem, names: string[]): string {
  const de = lang === "de";
  const who = "seat" in item ? (names[item.seat] ?? `#${item.seat}`) : "";
  switch (item.kind) {
    case "mulatschak":
      return de ? `${who} sagt Mulatschak an` : `${who} calls Mulatschak`;
    case "noMulatschak":
      return de ? `${who}: kein Mulatschak` : `${who}: no Mulatschak`;
    case "bid":
      return de ? `${who} sagt ${item.tricks} an` : `${who} bids ${item.tricks}`;
    case "cut":
      return de ? `${who} hebt ab` : `${who} cuts the deck`;
    case "pass":
      return de ? `${who} passt` : `${who} passes`;
    case "hold":
      return de ? `${who} hält` : `${who} holds`;
    case "white":
      return de ? `${who} legt ein weißes Blatt ab` : `${who} folds a white hand`;
    case "trump":
      return de ? `${who} macht ${suitName(item.suit, settings.get().cardStyle, lang)} zu Trumpf` : `${who} names ${suitName(item.suit, settings.get().cardStyle, lang)} trump`;
    case "join":
      return de ? `${who} spielt mit` : `${who} joins the hand`;
    case "stayHome":
      return de ? `${who} bleibt daheim` : `${who} stays home`;
    case "exchange":
      return de
        ? item.count === 0
          ? `${who} behält alle Karten`
          : `${who} tauscht ${item.count} ${plural(lang, item.count, "Karte", "Karten")}`
        : item.count === 0
          ? `${who} keeps every card`
          : `${who} exchanges ${item.count} ${plural(lang, item.count, "card", "cards")}`;
    case "discard":
      return de ? `${who} legt ${item.count} ab` : `${who} lays away ${item.count}`;
    case "takeShown":
      return de ? `${who} nimmt ${card(lang, item.card)}` : `${who} takes ${card(lang, item.card)}`;
    case "leaveShown":
      return de ? `${who} lässt die offene Karte liegen` : `${who} leaves the face-up card`;
    case "fiveOnSau":
      return de ? `${who}: fünf auf die Sau` : `${who}: five on the Sau`;
    case "play":
      return de ? `${who} spielt ${card(lang, item.card)}` : `${who} plays ${card(lang, item.card)}`;
    case "trick":
      return de ? `${who} macht den ${item.no}. Stich` : `${who} takes trick ${item.no}`;
    case "redeal":
      return item.reason === "white"
        ? de
          ? "Weißes Blatt: neu geben, Einsatz verdoppelt"
          : "White hand: redeal, stake doubled"
        : de
          ? "Niemand sagt an: neu geben, Einsatz verdoppelt"
          : "Nobody bid: redeal, stake doubled";
    case "handScored": {
      const r = item.record;
      const parts = r.delta.map((d, s) => `${names[s] ?? s} ${num(lang, d)}`);
      return (de ? "Abgerechnet: " : "Scored: ") + parts.join(", ");
    }
    case "gameOver": {
      const w = list(
        lang,
        item.winners.map((s) => names[s] ?? `#${s}`),
      );
      return de ? `Spielende: ${w} ${item.winners.length === 1 ? "gewinnt" : "gewinnen"}` : `Game over: ${w} ${item.winners.length === 1 ? "wins" : "win"}`;
    }
  }
}

/**
 * Why a seat's points changed in a hand, as the score sheet tells it: tricks × stake, a failed
 * contract, stayed home, a Mulatschak won or lost, no trick. The change itself is the engine's
 * (`delta`); this only names the rule that gave it.
 */
export function reasonLine(lang: Lang, h: HandRecord, seat: number, names: string[]): string {
  const de = lang === "de";
  const d = h.delta[seat];
  const stake = h.stake > 1 ? ` × ${h.stake}` : "";
  const tricks = h.tricks[seat];
  const declarer = names[h.declarer] ?? `#${h.declarer}`;
  if (h.contract === "mulatschak") {
    const won = h.tricks[h.declarer] === 5;
    if (seat === h.declarer) return won ? (de ? `Mulatschak gewonnen${stake}` : `Mulatschak won${stake}`) : de ? `Mulatschak verloren${stake}` : `Mulatschak lost${stake}`;
    return won ? (de ? `Mulatschak von ${declarer} gewonnen${stake}` : `${declarer}'s Mulatschak won${stake}`) : de ? `Mulatschak von ${declarer} verloren${stake}` : `${declarer}'s Mulatschak lost${stake}`;
  }
  if (h.stayedHome.includes(seat)) return de ? `daheim geblieben${stake}` : `stayed home${stake}`;
  if (seat === h.declarer && tricks < h.contract) return de ? `Ansage ${h.contract} nicht erfüllt (${tricks} ${plural(lang, tricks, "Stich", "Stiche")})${stake}` : `contract of ${h.contract} failed (${tricks} ${plural(lang, tricks, "trick", "tricks")})${stake}`;
  if (d === 0 && tricks === 0 && seat === h.dealer && seat !== h.declarer) return de ? "Geber, setzt aus" : "dealer, sat out";
  if (tricks === 0) return de ? `kein Stich${stake}` : `no trick${stake}`;
  return de ? `${tricks} ${plural(lang, tricks, "Stich", "Stiche")}${stake}` : `${tricks} ${plural(lang, tricks, "trick", "tricks")}${stake}`;
}

/** An action said as a suggestion ("play Herz Ober", "bid 3"). */
export function actionText(lang: Lang, a: Action): string {
  const de = lang === "de";
  const cards = (cs: string[]) => (cs.length === 0 ? (de ? "keine" : "none") : cs.map((c) => card(lang, c)).join(", "));
  switch (a.type) {
    case "play":
      return de ? `${card(lang, a.card)} spielen` : `play ${card(lang, a.card)}`;
    case "bid":
      return de ? `${a.tricks} ansagen` : `bid ${a.tricks}`;
    case "trump":
      return de ? `${suitName(a.suit, settings.get().cardStyle, lang)} zu Trumpf` : `${suitName(a.suit, settings.get().cardStyle, lang)} trump`;
    case "exchange":
      return de ? `tauschen: ${cards(a.cards)}` : `exchange: ${cards(a.cards)}`;
    case "discard":
      return de ? `ablegen: ${cards(a.cards)}` : `lay away: ${cards(a.cards)}`;
    case "takeShown":
      return de ? "die offene Karte nehmen" : "take the face-up card";
    default: {
      const words: Record<string, [string, string]> = {
        mulatschak: ["Mulatschak ansagen", "call Mulatschak"],
        noMulatschak: ["kein Mulatschak", "no Mulatschak"],
        pass: ["passen", "pass"],
        hold: ["halten", "hold"],
        white: ["weißes Blatt ablegen", "fold the white hand"],
        join: ["mitspielen", "join the hand"],
        stayHome: ["daheim bleiben", "stay home"],
        leaveShown: ["die offene Karte liegen lassen", "leave the face-up card"],
        fiveOnSau: ["fünf auf die Sau", "five on the Sau"],
      };
      return words[a.type]?.[de ? 0 : 1] ?? a.type;
    }
  }
}
