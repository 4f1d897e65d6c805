// A suggestion for the seat to act, with the reason in words (German and English), from the same
// rules of thumb as the `normal` bot. A pure function of the seat's view and the rules: the server
// decides whether a table allows hints at all.
import { cardName, cardWords, SUIT_WORDS, SUITS, type Action, type CardId, type CardName, type Lang, type Rules, type Suit, type View } from "../engine";
import type { Why } from "./heuristics";
import { decide } from "./policy";

/**
 * The reason as data, for clients that word it themselves (in the player's card style): the rule
 * of thumb's code and its facts, cards as the engine's card names and suits as letters.
 */
export type HintWhy = Named<Why>;
type Named<W> = W extends unknown ? { [K in keyof W]: K extends "card" ? CardName : K extends "suit" ? Suit : W[K] } : never;

export interface Hint {
  action: Action;
  /** Which rule of thumb, e.g. "leadTrumpMany" (stable, for clients that word it themselves). */
  code: string;
  /** The same reason as data: `{ code: "leadMaster", card: "HA" }`. */
  why: HintWhy;
  reason: { de: string; en: string };
}

/** The suggestion for `view.you`, or null when it is not that seat's turn. */
export function hint(view: View, rules: Rules): Hint | null {
  if (!view.toAct.includes(view.you) || view.legal.length === 0) return null;
  const d = decide(view, rules, "normal");
  if (!d) return null;
  return { action: d.action, code: d.why.code, why: whyData(d.why), reason: { de: explain(d.why, "de"), en: explain(d.why, "en") } };
}

/** A Why with its card ids and suit numbers as the names the API speaks. */
export function whyData(w: Why): HintWhy {
  const out: Record<string, unknown> = { ...w };
  if ("card" in w) out.card = cardName(w.card);
  if ("suit" in w) out.suit = SUITS[w.suit];
  return out as HintWhy;
}



export function explain(w: Why, lang: Lang): string {
  const de = lang === "de";
  // One decimal, with the decimal comma in German ("etwa 2,7 Stiche").
  const est = (x: number) => (de ? x.toFixed(1).replace(".", ",") : x.toFixed(1));
  const c = (card: CardId) => cardWords(card, lang);
  switch (w.code) {
    case "mulatschak":
      return de ? "Mulatschak ansagen: das Blatt macht alle fünf Stiche" : "call a Mulatschak: this hand takes all five tricks";
    case "noMulatschak":
      return de ? "kein Mulatschak: dafür braucht es fünf sichere Stiche" : "no Mulatschak: that needs five sure tricks";
    case "bid":
      return de
        ? `${w.n} ansagen: das Blatt ist etwa ${est(w.est)} Stiche wert`
        : `bid ${w.n}: the hand is worth about ${est(w.est)} tricks`;
    case "hold":
      return de ? `halten: als Geber übernimmst du die ${w.n}` : `hold: as dealer you take the ${w.n} yourself`;
    case "passWeak":
      return de ? `passen: das Blatt ist nur etwa ${est(w.est)} Stiche wert` : `pass: the hand is worth only about ${est(w.est)} tricks`;
    case "passOutbid":
      return de ? `passen: ${w.n} ist schon höher, als das Blatt trägt` : `pass: ${w.n} is already more than the hand carries`;
    case "mustPass":
      return de ? "passen: du hältst das höchste Gebot" : "pass: you hold the highest bid";
    case "white":
      return de ? "Weiße: keine Figur im Blatt, neu geben" : "white hand: no figure, have it dealt again";
    case "trump":
      return de
        ? `${SUIT_WORDS.de[w.suit]} als Trumpf: du hast ${w.n} davon`
        : `${SUIT_WORDS.en[w.suit]} as trump: you hold ${w.n} of them`;
    case "join":
      return de ? `mitgehen: etwa ${est(w.est)} Stiche zu erwarten` : `join: expect about ${est(w.est)} tricks`;
    case "mustJoin":
      return de ? "mitgehen: daheimbleiben ist jetzt nicht erlaubt" : "join: you may not stay home now";
    case "stayHome":
      return de
        ? `daheimbleiben: nur etwa ${est(w.est)} Stiche, ohne Stich kostet es mehr`
        : `stay home: only about ${est(w.est)} tricks, and no trick costs more`;
    case "exchange":
      return de
        ? `${w.n === 1 ? "eine Karte" : `${w.n} Karten`} tauschen: alles außer Trümpfen, Säuen und gedeckten Königen`
        : `exchange ${w.n === 1 ? "one card" : `${w.n} cards`}: all but trumps, Aces and Kings guarded by their Ace`;
    case "keepAll":
      return de ? "nichts tauschen: jede Karte ist gut" : "keep all: every card is good";
    case "noExchange":
      return de ? "nichts tauschen: es ist nicht erlaubt" : "no exchange: it is not allowed now";
    case "fiveOnSau":
      return de ? "Fünf auf die Sau: außer der Trumpf-Sau ist nichts zu halten" : "five on the Ace: nothing but the trump Ace is worth keeping";
    case "takeShown":
      return de ? `${c(w.card)} nehmen: besser als deine schwächste Karte` : `take the ${c(w.card)}: better than your weakest card`;
    case "leaveShown":
      return de ? `${c(w.card)} liegen lassen: sie verbessert das Blatt nicht` : `leave the ${c(w.card)}: it does not improve your hand`;
    case "discardWorst":
      return de ? `die ${w.n === 1 ? "schwächste Karte" : `${w.n} schwächsten Karten`} ablegen` : `discard your ${w.n === 1 ? "weakest card" : `${w.n} weakest cards`}`;
    case "leadTrumpMaster":
      return de
        ? `Trumpf ausspielen: ${c(w.card)} ist der höchste Trumpf im Spiel`
        : `lead trump: the ${c(w.card)} is the highest one left`;
    case "leadTrumpMany":
      return de ? `Trumpf ausspielen: du hast ${w.n} davon` : `lead trump: you hold ${w.n} of them`;
    case "leadMaster":
      return de ? `${c(w.card)} ausspielen: sie ist die höchste ihrer Farbe` : `lead the ${c(w.card)}: it is the highest of its suit`;
    case "leadShort":
      return de ? `${c(w.card)} ausspielen: niedrig aus der kurzen Farbe` : `lead the ${c(w.card)}: low from a short suit`;
    case "winCheap":
      return de ? `mit ${c(w.card)} stechen: du spielst als Letzter, das reicht` : `win with the ${c(w.card)}: you play last, it is enough`;
    case "winSafe":
      return de ? `mit ${c(w.card)} stechen: das kann keiner mehr überbieten` : `win with the ${c(w.card)}: nobody can beat it`;
    case "winTry":
      return de ? `${c(w.card)} spielen: die beste Chance auf den Stich` : `play the ${c(w.card)}: the best chance to win the trick`;
    case "playLow":
      return de ? `${c(w.card)} zugeben: der Stich ist nicht zu holen` : `play the ${c(w.card)} low: the trick is lost`;
    case "only":
      return de ? `${c(w.card)}: die einzige erlaubte Karte` : `the ${c(w.card)}: the only card you may play`;
  }
}
