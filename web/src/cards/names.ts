// Names of cards and suits as people say them, per card style and language ("Herz Ober",
// "Queen of Hearts"). Display only: the engine's card strings stay the truth. Doppeldeutsch cards
// keep their German names in both languages (the engine's words); French cards have their own.
import { RANK_WORDS, SUIT_WORDS, type Lang, type Suit } from "../../../worker/engine";
import type { CardStyle } from "../store/settings";

const SUIT_INDEX: Record<Suit, number> = { E: 0, L: 1, H: 2, S: 3 };
const FIGURE_INDEX = { A: 0, K: 1, O: 2, U: 3 } as const;

const FRENCH = {
  de: { suits: ["Kreuz", "Pik", "Herz", "Karo"], figures: ["Ass", "König", "Dame", "Bube"] },
  en: { suits: ["Clubs", "Spades", "Hearts", "Diamonds"], figures: ["Ace", "King", "Queen", "Jack"] },
};
/** The short index in the card's corner. */
const INDEX = {
  dd: { de: { A: "S", K: "K", O: "O", U: "U" }, en: { A: "S", K: "K", O: "O", U: "U" } },
  fr: { de: { A: "A", K: "K", O: "D", U: "B" }, en: { A: "A", K: "K", O: "Q", U: "J" } },
} as const;

export const rankOfName = (card: string): string => card.slice(1);
export const suitLetter = (card: string): Suit => card[0] as Suit;

export function suitName(suit: Suit, style: CardStyle, lang: Lang): string {
  return style === "dd" ? SUIT_WORDS.de[SUIT_INDEX[suit]] : FRENCH[lang].suits[SUIT_INDEX[suit]];
}

/** The index in the card's corner: "K", "10"; French figures as the language names them (D/Q, B/J). */
export function rankLabel(card: string, style: CardStyle, lang: Lang): string {
  if (card === "W") return "W";
  const r = rankOfName(card) as keyof (typeof INDEX)["dd"]["de"];
  return INDEX[style][lang][r] ?? r;
}

/** A card button's accessible name: the card's name, with its visible index when the name lacks it ("Eichel König, K"). */
export function cardButtonLabel(card: string, style: CardStyle, lang: Lang): string {
  const name = cardLabel(card, style, lang);
  const index = rankLabel(card, style, lang);
  return name.split(" ").includes(index) ? name : `${name}, ${index}`;
}

export function cardLabel(card: string, style: CardStyle, lang: Lang): string {
  if (card === "W") return "Weli";
  const suit = suitName(suitLetter(card), style, lang);
  const r = rankOfName(card);
  const figure = FIGURE_INDEX[r as keyof typeof FIGURE_INDEX];
  const rank = figure === undefined ? r : style === "dd" ? RANK_WORDS.de[figure] : FRENCH[lang].figures[figure];
  // English French-suited cards read "Queen of Hearts"; everything else "Herz Ober", "Pik 10".
  return style === "fr" && lang === "en" ? `${rank} of ${suit}` : `${suit} ${rank}`;
}
