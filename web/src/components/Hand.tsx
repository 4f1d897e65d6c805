// Your hand, sorted. In play every card is a button: playable ones are marked, the others dimmed
// and explain themselves when pressed. In an exchange the buttons toggle a clear selection.
import { For, Show } from "solid-js";
import { cardButtonLabel } from "../cards/names";
import { t } from "../i18n";
import { settings } from "../store/settings";
import { Card } from "./Card";

interface HandProps {
  cards: string[];
  mode: "play" | "select" | "view";
  playable: Set<string>;
  selected: Set<string>;
  pendingCard: string | null;
  onPlay: (card: string) => void;
  onToggle: (card: string) => void;
  onWhy: (card: string) => void;
  /** Cards a hint names (marked, never played or selected for the player). */
  hinted?: Set<string>;
}

export function Hand(props: HandProps) {
  let list!: HTMLDivElement;
  // Arrow keys walk along the hand; Enter or Space plays (or selects) the focused card.
  const onKey = (e: KeyboardEvent) => {
    if (e.key !== "ArrowLeft" && e.key !== "ArrowRight") return;
    const buttons = [...list.querySelectorAll<HTMLButtonElement>("button")];
    const i = buttons.indexOf(document.activeElement as HTMLButtonElement);
    const next = buttons[(i + (e.key === "ArrowRight" ? 1 : -1) + buttons.length) % buttons.length];
    next?.focus();
    e.preventDefault();
  };
  // No cards (the game is over): no hand at all, not an empty box (outlined when it held focus).
  return (
    <Show when={props.cards.length > 0}>
      <div class="hand" role="group" tabindex="-1" aria-label={t().yourHand} ref={list} onKeyDown={onKey} data-mode={props.mode}>
        <For each={props.cards}>
          {(card) => {
            const playable = () => props.mode === "play" && props.playable.has(card);
            const dimmed = () => props.mode === "play" && !props.playable.has(card);
            const selected = () => props.mode === "select" && props.selected.has(card);
            return (
              <button
                type="button"
                class="card-button"
                classList={{ playable: playable(), dimmed: dimmed(), selected: selected(), pending: props.pendingCard === card, hinted: props.hinted?.has(card) ?? false }}
                aria-label={cardButtonLabel(card, settings.get().cardStyle, settings.lang())}
                aria-pressed={props.mode === "select" ? selected() : undefined}
                aria-disabled={dimmed() || props.mode === "view" ? "true" : undefined}
                data-card={card}
                onClick={() => {
                  if (props.mode === "select") props.onToggle(card);
                  else if (playable()) props.onPlay(card);
                  else props.onWhy(card);
                }}
              >
                <Card card={card} />
              </button>
            );
          }}
        </For>
      </div>
    </Show>
  );
}
