// A screen reader hears what the others do: each card another seat plays, in the player's card
// style and language, through a polite live region that is not seen on screen.
import { createSignal, on, createEffect } from "solid-js";
import type { TableView } from "../api/tables";
import { cardLabel } from "../cards/names";
import { plays } from "../logic/plays";
import { t } from "../i18n";
import { settings } from "../store/settings";

export function Announcer(props: { view: TableView }) {
  const [text, setText] = createSignal("");
  createEffect(
    on(
      () => props.view,
      (v, prev) => {
        if (!prev) return;
        const lines = plays(prev, v)
          .filter((p) => p.seat !== v.you)
          .map((p) => t().played(v.players[p.seat]?.name ?? "", cardLabel(p.card, settings.get().cardStyle, settings.lang())));
        if (lines.length) setText(lines.join(". ") + ".");
      },
    ),
  );
  return (
    <p class="sr" aria-live="polite" data-testid="announcer">
      {text()}
    </p>
  );
}
