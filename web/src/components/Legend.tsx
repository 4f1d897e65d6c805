// The table's signs explained, for touch screens too (a hover title is not enough): a list that
// the table opens under "?" and the rules page shows in full.
import { For } from "solid-js";
import { t } from "../i18n";

export function Legend() {
  const h = () => t().helpPage;
  return (
    <div class="legend" data-testid="legend">
      <dl>
        <For each={h().legendRows}>
          {([sign, meaning]) => (
            <>
              <dt>{sign === "G / D" ? t().dealerShort : sign}</dt>
              <dd>{meaning}</dd>
            </>
          )}
        </For>
      </dl>
      <p class="help">{h().legendCards}</p>
    </div>
  );
}
