// Top right: the stake once it is above 1, with its reasons (○ white, – nobody bid, ♥ hearts).
import { For, Show } from "solid-js";
import type { TableView } from "../api/tables";
import { t } from "../i18n";
import { SuitSign } from "./Card";

export function Stake(props: { view: TableView }) {
  return (
    <Show when={props.view.stake > 1}>
      <div class="stake" aria-label={`${t().stake} ×${props.view.stake}`} data-testid="stake">
        <strong>×{props.view.stake}</strong>
        <For each={props.view.stakeReasons}>
          {(r) => (
            <span class="reason" title={t().stakeReasons[r]}>
              {r === "hearts" ? <SuitSign suit="H" /> : r === "white" ? "○" : "–"}
            </span>
          )}
        </For>
      </div>
    </Show>
  );
}
