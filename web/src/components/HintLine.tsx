// The hint button of a table that allows hints ("Tipp"), shown while it is the seat's turn, and
// the suggestion's reason in the player's language. The suggestion is only shown: the player acts.
import { createSignal, Show } from "solid-js";
import type { TableHint } from "../api/tables";
import { t } from "../i18n";
import { hintWords } from "../i18n/hints";
import { settings } from "../store/settings";

export function HintLine(props: { hint: TableHint | null; ask: () => Promise<void> }) {
  const [busy, setBusy] = createSignal(false);
  const press = async () => {
    setBusy(true);
    try {
      await props.ask();
    } finally {
      setBusy(false);
    }
  };
  return (
    <div class="hint-line">
      <button type="button" class="hint-button" data-testid="hint-button" disabled={busy()} aria-expanded={props.hint !== null} onClick={press}>
        {t().tableHint}
      </button>
      <Show when={props.hint}>
        {(h) => (
          <p class="table-hint" role="status" data-testid="table-hint" data-code={h().code}>
            {h().why ? hintWords(h().why!, settings.lang(), settings.get().cardStyle) : h().reason[settings.lang()]}
          </p>
        )}
      </Show>
    </div>
  );
}
