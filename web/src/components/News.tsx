// What happened that everyone should read (see logic/news.ts).
import { For, Show } from "solid-js";
import type { TableView } from "../api/tables";
import { news } from "../logic/news";
import { t } from "../i18n";
import { Card } from "./Card";

export function News(props: { view: TableView }) {
  return (
    <ul class="news" aria-live="polite" data-testid="news">
      <For each={news(props.view, t())}>
        {(line) => (
          <li>
            {line.text}
            <Show when={line.cards?.length}>
              <span class="shown-cards">
                <For each={line.cards}>{(c) => <Card card={c} labelled />}</For>
              </span>
            </Show>
          </li>
        )}
      </For>
    </ul>
  );
}
