// Names of cards and suits as people say them, per card style and language ("Herz Ober",
// "Queen of Hearts"). Display only: the engine's card strings stay the truth.
import type { Suit } from "../../../worker/engine";
import type { CardStyle } from "../store/settings";

type Lang = "de" | "en";
const SUIT_INDEX: Record<string, number> = { E: 0, L: 1, H: 2, S: 3 };

const SUITS = {
  dd: { de: ["Eichel", "Laub", "Herz", "Schellen"], en: ["Eichel", "Laub", "Herz", "Schellen"] },
  fr: { de: ["Kreuz", "Pik", "Herz", "Karo"], en: ["Clubs", "Spades", "Hearts", "Diamonds"] },
};
const FIGURES = {
  dd: { de: { A: "Sau", K: "König", O: "Ober", U: "Unter" }, en: { A: "Sau", K: "König", O: "Ober", U: "Unter" } },
  fr: { de: { A: "Ass", K: "König", O: "Dame", U: "Bube" }, en: { A: "Ace", K: "King", O: "Queen", U: "Jack" } },
} as const;
/** The short index in the card's corner. */
const INDEX = { dd: { A: "A", K: "K", O: "O", U: "U" }, fr: { A: "A", K: "K", O: "D", U: "B" } } as const;

export const rankOfName = (card: string): string => card.slice(1);
export const suitLetter = (card: string): Suit => card[0] as Suit;

export function suitName(suit: Suit, style: CardStyle, lang: Lang): string {
  return SUITS[style][lang][SUIT_INDEX[suit]];
}

export function rankLabel(card: string, style: CardStyle): string {
  const r = rankOfName(card) as keyof (typeof INDEX)["dd"];
  return INDEX[style][r] ?? r;
}

export function cardLabel(card: string, style: CardStyle, lang: Lang): string {
  if (card === "W") return "Weli";
  const suit = suitName(suitLetter(card), style, lang);
  const r = rankOfName(card) as keyof (typeof FIGURES)["dd"]["de"];
  const rank = FIGURES[style][lang][r] ?? r;
  // English French-suited cards read "Queen of Hearts"; everything else "Herz Ober", "Pik 10".
  return style === "fr" && lang === "en" ? `${rank} of ${suit}` : `${suit} ${rank}`;
}
