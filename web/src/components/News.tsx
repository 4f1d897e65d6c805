// What happened that everyone should read: the Weli at the cut, a white hand, a redeal.
import { For } from "solid-js";
import type { TableView } from "../api";
import { isBidding } from "../logic/marks";
import { t } from "../store/settings";

export function news(v: TableView): string[] {
  const name = (s?: number) => (s === undefined ? "" : v.players[s]?.name ?? "");
  const out: string[] = [];
  // The Weli at the cut is news for the whole hand: "you have it in hand" for the cutter.
  if (v.weliCutBy !== null && v.phase !== "over") out.push(v.weliCutBy === v.you ? t().weliYou : t().weliOther(name(v.weliCutBy)));
  for (const e of v.events) {
    // A redeal belongs to the deal before this one; worth saying until the bidding is over.
    if (isBidding(v.phase) && e.hand === v.handNo - 1) {
      if (e.kind === "whiteHand") out.push(t().whiteShown(name(e.seat)));
      if (e.kind === "redeal" && e.reason === "allPassed") out.push(t().allPassedNews);
    }
  }
  return out;
}

export function News(props: { view: TableView }) {
  return (
    <ul class="news" aria-live="polite" data-testid="news">
      <For each={news(props.view)}>{(line) => <li>{line}</li>}</For>
    </ul>
  );
}
