// A hint's reason in the player's words: the server sends it as data (a code, its cards by name,
// its suit by letter), and it is worded here in the player's language *and* card style, so that
// the words name the card the way the marked card and the buttons do ("Kreuz", "Queen of Hearts").
import type { HintWhy } from "../../../worker/bots";
import { cardLabel, suitName } from "../cards/names";
import type { CardStyle } from "../store/settings";
import { formats, type Lang } from "./format";

/** The reason of a hint, as a phrase that follows a colon (the page capitalises its first letter). */
export function hintWords(w: HintWhy, lang: Lang, style: CardStyle): string {
  const de = lang === "de";
  const f = formats(lang);
  const card = (c: string) => cardLabel(c, style, lang);
  const est = (x: number) => f.number(x, 1);
  const cards = (n: number) => f.count(n, de ? { one: "Karte", other: "Karten" } : { one: "card", other: "cards" });
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
      const suit = suitName(w.suit, style, lang);
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
