// A folded extra under the table (the legend, the rules in words).
import { createSignal, Show, Suspense, type JSX } from "solid-js";
import { t } from "../i18n";

/** Its content is drawn when first opened, not with the table (drawn folded, it only lengthened the task after the first paint). */
export function Folded(props: { testid: string; summary: string; children: () => JSX.Element }) {
  const [opened, setOpened] = createSignal(false);
  return (
    <details class="table-extra" data-testid={props.testid} onToggle={(e) => e.currentTarget.open && setOpened(true)}>
      <summary>{props.summary}</summary>
      <Show when={opened()}>
        <Suspense fallback={<p>{t().loading}</p>}>{props.children()}</Suspense>
      </Show>
    </details>
  );
}
