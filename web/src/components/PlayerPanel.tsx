// A name and, under it, always the same three facts: points, bid, one ● per trick.
import type { TableView } from "../api/tables";
import { bidFact, trickDots } from "../logic/marks";
import { t } from "../i18n";
import { settings } from "../store/settings";
import { SeatMarks } from "./SeatMarks";

export function PlayerPanel(props: { view: TableView; seat: number }) {
  const p = () => props.view.players[props.seat];
  const acting = () => props.view.phase !== "over" && props.view.toAct.includes(props.seat);
  const you = () => props.view.you === props.seat;
  return (
    <div
      class="player"
      classList={{ acting: acting(), you: you(), out: p().status === "out" }}
      data-seat={props.seat}
      aria-current={acting() ? "true" : undefined}
    >
      <div class="name">
        <span class="who" title={p().name}>
          {p().name}
        </span>
        <SeatMarks view={props.view} seat={props.seat} />
        {props.view.dealer === props.seat ? (
          <abbr class="dealer" title={t().dealer}>
            {t().dealerShort}
          </abbr>
        ) : null}
      </div>
      <div class="facts">
        <span class="points" title={t().pointsLabel} data-points={p().points}>
          {p().points}
          <span class="sr"> {t().pointsLabel}</span>
        </span>
        <span class="bid" data-testid="bid">{bidFact(props.view, props.seat, settings.get().hints)}</span>
        <span class="tricks" title={t().tricksLabel(p().tricks)}>
          {trickDots(p().tricks)}
          <span class="sr">{t().tricksLabel(p().tricks)}</span>
        </span>
      </div>
    </div>
  );
}
