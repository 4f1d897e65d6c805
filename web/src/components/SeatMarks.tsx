// Correspondence marks next to a seat's name: a bot stands in after a timeout (until the player
// is back), or the player is on vacation (their clock stands still). From the view's `clock`.
import { Show } from "solid-js";
import type { TableView } from "../api/tables";
import { t } from "../i18n";

// Inline so the mark needs nothing from the shared style sheet.
const style = { "margin-left": "4px", "font-size": "0.7rem", "border-radius": "4px", padding: "0 4px", "text-decoration": "none", background: "#fff3", color: "inherit" };

export function SeatMarks(props: { view: TableView; seat: number }) {
  const clock = () => props.view.clock;
  const w = () => t().marks;
  return (
    <>
      <Show when={clock()?.away.includes(props.seat)}>
        <abbr class="mark away" style={style} title={w().away} data-testid="away">
          {w().awayShort}
        </abbr>
      </Show>
      <Show when={clock()?.vacation.includes(props.seat)}>
        <abbr class="mark vacation" style={style} title={w().vacation} data-testid="vacation">
          {w().vacationShort}
        </abbr>
      </Show>
    </>
  );
}
