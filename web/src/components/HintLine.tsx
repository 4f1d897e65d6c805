// The hint button of a table that allows hints ("Tipp"), shown while it is the seat's turn, and
// the suggestion's reason in the player's language. The suggestion is only shown: the player acts.
import { createSignal, lazy, Show, Suspense } from "solid-js";
import type { TableHint } from "../api/tables";
import { t } from "../i18n";

// The reason's words load with the first press (while the server is asked), not with the table.
const loadReason = () => import("./HintReason");
const HintReason = lazy(() => loadReason().then((m) => ({ default: m.HintReason })));

export function HintLine(props: { hint: TableHint | null; ask: () => Promise<void> }) {
  const [busy, setBusy] = createSignal(false);
  const press = async () => {
    setBusy(true);
    void loadReason();
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
          <Suspense>
            <HintReason hint={h()} />
          </Suspense>
        )}
      </Show>
    </div>
  );
}
