// A suggestion for the seat to act, with the reason in words (German and English), from the same
// rules of thumb as the `normal` bot. A pure function of the seat's view and the rules: the server
// decides whether a table allows hints at all.
import { cardName, cardWords, parseCard, SUIT_WORDS, SUITS, type Action, type Lang, type Rules, type View } from "../engine";
import type { Why } from "./heuristics";
import { hintWords, type HintWhy } from "./hint-words";
import { decide } from "./policy";

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

/** The reason in the engine's card words ("Herz-Ober", "Ober of Hearts"), for API clients. */
function explain(w: Why, lang: Lang): string {
  const numbers = new Intl.NumberFormat(lang, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  const plural = new Intl.PluralRules(lang);
  return hintWords(whyData(w), lang, {
    card: (c) => cardWords(parseCard(c), lang),
    suit: (x) => SUIT_WORDS[lang][SUITS.indexOf(x)],
    style: lang === "de" ? "dd" : "fr",
    decimal: (x) => numbers.format(x),
    count: (n, forms) => `${n} ${plural.select(n) === "one" ? forms.one : forms.other}`,
  });
}

/** A Why with its card ids and suit numbers as the names the API speaks. */
export function whyData(w: Why): HintWhy {
  const out: Record<string, unknown> = { ...w };
  if ("card" in w) out.card = cardName(w.card);
  if ("suit" in w) out.suit = SUITS[w.suit];
  return out as HintWhy;
}
