// What happened that everyone should read: the Weli at the cut, a white hand, a redeal.
import { For } from "solid-js";
import type { TableView } from "../api";
import { isBidding } from "../logic/marks";
import { t } from "../store/settings";

export function news(v: TableView): string[] {
  const name = (s?: number) => (s === undefined ? "" : v.players[s]?.name ?? "");
  const out: string[] = [];
  for (const e of v.events) {
    if (e.kind === "weliCut" && e.hand === v.handNo && e.seat !== undefined) {
      out.push(e.seat === v.you ? t().weliYou : t().weliOther(name(e.seat)));
    }
    // A redeal belongs to the deal before this one; worth saying until the bidding is over.
    if (isBidding(v.phase) && e.hand === v.handNo - 1) {
      if (e.kind === "whiteHand") out.push(t().whiteShown(name(e.seat)));
      if (e.kind === "redeal" && e.reason === "allPassed") out.push(t().allPassedNews);
    }
  }
  if (v.weliCutBy !== null && !out.length && v.phase !== "over") {
    out.push(v.weliCutBy === v.you ? t().weliYou : t().weliOther(name(v.weliCutBy)));
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
