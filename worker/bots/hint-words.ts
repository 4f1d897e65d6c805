// A hint's reason in words, in one place for every reader: the server's `reason` (API clients,
// in the engine's card words) and the table page (in the player's card style) pass their own way
// of naming cards, suits and numbers, so a hint reads alike wherever it is shown.
import type { CardName, Lang, Suit } from "../engine";
import type { Why } from "./heuristics";

/**
 * The reason as data, for clients that word it themselves (in the player's card style): the rule
 * of thumb's code and its facts, cards as the engine's card names and suits as letters.
 */
export type HintWhy = Named<Why>;
type Named<W> = W extends unknown ? { [K in keyof W]: K extends "card" ? CardName : K extends "suit" ? Suit : W[K] } : never;

/** How a reader names things: cards and suits in its card style, numbers in its language. */
export interface HintNamer {
  card(card: CardName): string;
  suit(suit: Suit): string;
  /** German cards call the highest of a suit the Sau, French ones the Ace. */
  style: "dd" | "fr";
  /** A number with one decimal: 2.7, 2,7. */
  decimal(x: number): string;
  /** `n` and the word that goes with it: "1 card", "2 Karten". */
  count(n: number, forms: { one: string; other: string }): string;
}

/** The reason of a hint, as a phrase that follows a colon (the page capitalises its first letter). */
export function hintWords(w: HintWhy, lang: Lang, name: HintNamer): string {
  const de = lang === "de";
  const style = name.style;
  const card = (c: CardName) => name.card(c);
  const est = (x: number) => name.decimal(x);
  const cards = (n: number) => name.count(n, de ? { one: "Karte", other: "Karten" } : { one: "card", other: "cards" });
  const tricks = (x: number) => (de ? `${est(x)} Stiche` : `${est(x)} tricks`);
  switch (w.code) {
    case "mulatschak":
      return de ? "Mulatschak ansagen: das Blatt macht alle fünf Stiche" : "call a Mulatschak: this hand takes all five tricks";
    case "noMulatschak":
      return de ? "kein Mulatschak: dafür braucht es fünf sichere Stiche" : "no Mulatschak: that needs five sure tricks";
    case "bid":
      return de ? `${w.n} ansagen: das Blatt ist etwa ${tricks(w.est)} wert` : `bid ${w.n}: the hand is worth about ${tricks(w.est)}`;
    case "hold":
      return de ? `halten: als Geber übernimmst du die ${w.n}` : `hold: as dealer you take the ${w.n} yourself`;
    case "passWeak":
      return de ? `passen: das Blatt ist nur etwa ${tricks(w.est)} wert` : `pass: the hand is worth only about ${tricks(w.est)}`;
    case "passOutbid":
      return de ? `passen: ${w.n} ist schon höher, als das Blatt trägt` : `pass: ${w.n} is already more than the hand carries`;
    case "mustPass":
      return de ? "passen: du hältst das höchste Gebot" : "pass: you hold the highest bid";
    case "white":
      return de ? "Weiße: keine Figur im Blatt, neu geben" : "white hand: no figure, have it dealt again";
    case "trump": {
      const suit = name.suit(w.suit);
      return de ? `${suit} als Trumpf: du hast ${w.n} davon` : `${suit} as trump: you hold ${w.n} of them`;
    }
    case "join":
      return de ? `mitgehen: etwa ${tricks(w.est)} zu erwarten` : `play along: expect about ${tricks(w.est)}`;
    case "mustJoin":
      return de ? "mitgehen: daheimbleiben ist jetzt nicht erlaubt" : "play along: you may not stay home now";
    case "stayHome":
      return de
        ? `daheimbleiben: nur etwa ${tricks(w.est)}, ohne Stich kostet es mehr`
        : `stay home: only about ${tricks(w.est)}, and no trick costs more`;
    case "exchange":
      return de
        ? `${cards(w.n)} tauschen (markiert): alles außer Trümpfen, ${style === "dd" ? "Säuen" : "Assen"} und gedeckten Königen`
        : `exchange ${cards(w.n)} (marked): all but trumps, ${style === "dd" ? "Saus and Königs guarded by their Sau" : "Aces and Kings guarded by their Ace"}`;
    case "keepAll":
      return de ? "nichts tauschen: jede Karte ist gut" : "keep all: every card is good";
    case "noExchange":
      return de ? "nichts tauschen: es ist nicht erlaubt" : "no exchange: it is not allowed now";
    case "fiveOnSau":
      return de
        ? `Fünf auf die Sau: außer ${style === "dd" ? "der Trumpf-Sau" : "dem Trumpf-Ass"} ist nichts zu halten`
        : `five on the Sau: nothing but the trump ${style === "dd" ? "Sau" : "Ace"} is worth keeping`;
    case "takeShown":
      return de ? `${card(w.card)} nehmen: besser als deine schwächste Karte (markiert)` : `take the ${card(w.card)}: better than your weakest card (marked)`;
    case "leaveShown":
      return de ? `${card(w.card)} liegen lassen: verbessert das Blatt nicht` : `leave the ${card(w.card)}: it does not improve your hand`;
    case "discardWorst":
      return de
        ? `${w.n === 1 ? "die schwächste Karte" : `die ${w.n} schwächsten Karten`} ablegen (markiert)`
        : `discard your ${w.n === 1 ? "weakest card" : `${w.n} weakest cards`} (marked)`;
    case "leadTrumpMaster":
      return de ? `Trumpf ausspielen: ${card(w.card)} ist der höchste Trumpf im Spiel` : `lead trump: the ${card(w.card)} is the highest one left`;
    case "leadTrumpMany":
      return de ? `Trumpf ausspielen: du hast ${w.n} davon` : `lead trump: you hold ${w.n} of them`;
    case "leadMaster":
      return de ? `${card(w.card)} ausspielen: die höchste Karte ihrer Farbe im Spiel` : `lead the ${card(w.card)}: the highest of its suit left`;
    case "leadShort":
      return de ? `${card(w.card)} ausspielen: niedrig aus der kurzen Farbe` : `lead the ${card(w.card)}: low from a short suit`;
    case "winCheap":
      return de ? `mit ${card(w.card)} stechen: du spielst als Letzter, das reicht` : `win with the ${card(w.card)}: you play last, it is enough`;
    case "winSafe":
      return de ? `mit ${card(w.card)} stechen: das kann keiner mehr überbieten` : `win with the ${card(w.card)}: nobody can beat it`;
    case "winTry":
      return de ? `${card(w.card)} spielen: die beste Chance auf den Stich` : `play the ${card(w.card)}: the best chance to win the trick`;
    case "playLow":
      return de ? `${card(w.card)} zugeben: der Stich ist nicht zu holen` : `play the ${card(w.card)} low: the trick is lost`;
    case "only":
      return de ? `${card(w.card)}: die einzige erlaubte Karte` : `the ${card(w.card)}: the only card you may play`;
  }
}
