// The cards on the table: the current trick (with who played each card) and, small, the last one.
import { For, Show } from "solid-js";
import type { TableView } from "../api/tables";
import { t } from "../i18n";
import { Card } from "./Card";

function Cards(props: { cards: { seat: number; card: string }[]; view: TableView; class: string; label: string }) {
  return (
    <figure class={props.class} aria-label={props.label}>
      <figcaption>{props.label}</figcaption>
      <div class="row">
        <For each={props.cards}>
          {(c) => (
            <div class="played">
              <Card card={c.card} labelled />
              <span>{props.view.players[c.seat]?.name}</span>
            </div>
          )}
        </For>
      </div>
    </figure>
  );
}

export function TrickView(props: { view: TableView }) {
  return (
    <div class="tricks-area">
      <Show when={props.view.phase === "play" || props.view.trick.length > 0}>
        <Cards cards={props.view.trick} view={props.view} class="trick" label={t().trick} />
      </Show>
      <Show when={props.view.lastTrick?.length}>
        <Cards cards={props.view.lastTrick!} view={props.view} class="last-trick" label={t().lastTrick} />
      </Show>
      <Show when={props.view.shown}>
        {(s) => <Cards cards={[s()]} view={props.view} class="offer" label={t().offered(props.view.players[s().seat]?.name ?? "")} />}
      </Show>
    </div>
  );
}
