// A table's rules in words (never the engine's keys), house rules marked as such.
import { For, Show } from "solid-js";
import type { Rules } from "../../../worker/engine";
import { t } from "../i18n";
import { rulesInWords } from "../i18n/rules-words";
import { settings } from "../store/settings";

export function RulesList(props: { rules: Rules }) {
  return (
    <ul class="rules-list" data-testid="rules-list">
      <For each={rulesInWords(props.rules, settings.lang())}>
        {(line) => (
          <li classList={{ house: line.house }} data-rule={line.key}>
            <Show when={line.house}>
              <strong class="house-mark">{t().helpPage.houseRule}: </strong>
            </Show>
            {line.text}
          </li>
        )}
      </For>
    </ul>
  );
}
