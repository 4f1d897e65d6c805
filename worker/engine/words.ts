// Cards and suits in words, for messages and hints: one list per language, indexed like the card
// ids (suits E L H S, ranks A K O U 10 9 8 7 6). Display only; the card strings stay the truth.
import { WELI } from "./cards";
import type { CardId } from "./types";

export type Lang = "de" | "en";

export const SUIT_WORDS: Record<Lang, readonly string[]> = {
  de: ["Eichel", "Laub", "Herz", "Schellen"],
  en: ["Acorns", "Leaves", "Hearts", "Bells"],
};

export const RANK_WORDS: Record<Lang, readonly string[]> = {
  de: ["Sau", "König", "Ober", "Unter", "Zehner", "Neuner", "Achter", "Siebener", "Sechser"],
  en: ["Ace", "King", "Ober", "Unter", "Ten", "Nine", "Eight", "Seven", "Six"],
};

/** A card as people say it: "Herz-Ober", "Ober of Hearts", "Weli". */
export function cardWords(c: CardId, lang: Lang): string {
  if (c === WELI) return "Weli";
  const s = (c / 9) | 0;
  const r = c % 9;
  return lang === "de" ? `${SUIT_WORDS.de[s]}-${RANK_WORDS.de[r]}` : `${RANK_WORDS.en[r]} of ${SUIT_WORDS.en[s]}`;
}
