// The news lines of a view: who cut, the Weli at the cut ("you have it in hand" for the cutter, who took
// it for the others), a white hand (with its cards), a redeal. Pure, for tests without a browser.
import type { TableView } from "../api/tables";
import type { Texts } from "../i18n";
import { isBidding } from "./marks";

interface NewsLine {
  text: string;
  cards?: string[];
}

type ViewLike = Pick<TableView, "events" | "handNo" | "phase" | "you" | "weliCutBy"> & { cut?: TableView["cut"]; players: { name: string }[] };

export function news(v: ViewLike, tt: Texts): NewsLine[] {
  const name = (s?: number | null) => (s === undefined || s === null ? "" : v.players[s]?.name ?? "");
  const out: NewsLine[] = [];
  // Who cut, while the bidding goes on (the number itself is for the check page, not for people).
  const cut = v.cut;
  if (cut && cut.value !== null && isBidding(v.phase)) out.push({ text: cut.seat === v.you ? tt.cutYou : tt.cutOther(name(cut.seat)) });
  if (v.weliCutBy !== null && v.phase !== "over") out.push({ text: v.weliCutBy === v.you ? tt.weliYou : tt.weliOther(name(v.weliCutBy)) });
  for (const e of v.events) {
    // A redeal belongs to the deal before this one; worth saying until the bidding is over.
    if (!isBidding(v.phase) || e.hand !== v.handNo - 1) continue;
    if (e.kind === "whiteHand") out.push({ text: tt.whiteShown(name(e.seat)), cards: e.cards });
    if (e.kind === "redeal" && e.reason === "allPassed") out.push({ text: tt.allPassedNews });
  }
  return out;
}

