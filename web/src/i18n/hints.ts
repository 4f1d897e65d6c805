// A hint's reason in the player's words: the server sends it as data (a code, its cards by name,
// its suit by letter), and it is worded here in the player's language *and* card style, so that
// the words name the card the way the marked card and the buttons do ("Kreuz", "Queen of Hearts").
// The wording itself is the server's (worker/bots/hint-words.ts), shared with its `reason`.
import { hintWords as words, type HintWhy } from "../../../worker/bots/hint-words";
import { cardLabel, suitName } from "../cards/names";
import type { CardStyle } from "../store/settings";
import { formats, type Lang } from "./format";

/** The reason of a hint, as a phrase that follows a colon (the page capitalises its first letter). */
export function hintWords(w: HintWhy, lang: Lang, style: CardStyle): string {
  const f = formats(lang);
  return words(w, lang, {
    card: (c) => cardLabel(c, style, lang),
    suit: (s) => suitName(s, style, lang),
    style,
    decimal: (x) => f.number(x, 1),
    count: (n, forms) => f.count(n, forms),
  });
}
