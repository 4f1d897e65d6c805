// The hand so far, for a player coming back after a day: every trick of this hand (who led, who
// took it), the bidding and the exchange as they went, the cards you laid away, each seat's
// exchange and card count, and the talon. Everything here is in the seat's own view or the
// public story.
import { createEffect, createResource, createSignal, For, on, Show } from "solid-js";
import type { TableView } from "../api/tables";
import { readStory } from "../api/history";
import { t } from "../i18n";
import { Card } from "./Card";
import "../history.css";

/** Who took trick `i`: the seat that led the next one (or leads now). */
function takerOf(view: TableView, i: number): number | null {
  const next = view.tricks[i + 1] ?? (view.trick.length > 0 ? view.trick : null);
  if (next) return next[0].seat;
  return view.phase === "play" ? (view.toAct[0] ?? null) : null;
}

export function HandSoFar(props: { view: TableView; tableId: string; token: string }) {
  const [open, setOpen] = createSignal(false);
  // The bidding and exchange of this hand come from the public story; read it when the panel is
  // open, again after each move.
  const [story, { refetch }] = createResource(
    () => (open() ? { v: props.view.version } : null),
    () => readStory(props.tableId, props.token, props.view.version).catch(() => null),
  );
  createEffect(on(() => props.view.version, () => open() && void refetch(), { defer: true }));
  const names = () => props.view.players.map((p) => p.name);
  const speech = () =>
    (story()?.items ?? []).filter((i) => i.hand === props.view.handNo && i.kind !== "play" && i.kind !== "trick" && i.kind !== "handScored" && i.kind !== "gameOver");

  return (
    <details class="hand-so-far" data-testid="hand-so-far" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>{t().history.handSoFar}</summary>
      {/* Drawn when opened: folded, its tricks of cards were most of the work under the hand at load. */}
      <Show when={open()}>
        <h3>{t().history.bidding}</h3>
        <Show when={speech().length > 0} fallback={<p class="quiet">{story.loading ? "…" : t().history.noBids}</p>}>
          <ol class="speech" data-testid="speech">
            <For each={speech()}>{(i) => <li>{t().history.line(i, names())}</li>}</For>
          </ol>
        </Show>

        <h3>{t().history.tricksSoFar}</h3>
        <Show when={props.view.tricks.length > 0} fallback={<p class="quiet">{t().history.noTricks}</p>}>
          <ol class="trick-list" data-testid="trick-list">
            <For each={props.view.tricks}>
              {(trick, i) => (
                <li data-testid="trick-row">
                  <span class="trick-no">
                    {t().history.trickRow(i() + 1)}
                    <small>{t().history.ledBy(names()[trick[0].seat])}</small>
                  </span>
                  <span class="trick-cards">
                    <For each={trick}>
                      {(c) => (
                        <span class="trick-card" classList={{ taker: takerOf(props.view, i()) === c.seat }}>
                          <Card card={c.card} labelled />
                          <span class="who">{names()[c.seat]}</span>
                        </span>
                      )}
                    </For>
                  </span>
                  <Show when={takerOf(props.view, i()) !== null}>
                    <span class="trick-taker">{t().history.took(names()[takerOf(props.view, i())!])}</span>
                  </Show>
                </li>
              )}
            </For>
          </ol>
        </Show>

        <Show when={props.view.discarded.length > 0}>
          <h3>{t().history.laidAway}</h3>
          <div class="laid-away" data-testid="laid-away">
            <For each={props.view.discarded}>{(c) => <Card card={c} labelled />}</For>
          </div>
        </Show>

        <h3>{t().history.seatFacts}</h3>
        <ul class="seat-facts" data-testid="seat-facts">
          <For each={props.view.players}>
            {(p) => (
              <li>
                <strong>{p.name}</strong>: {t().history.cardsInHand(p.cards)}, {t().history.exchanged(p.exchanged)}
              </li>
            )}
          </For>
          <li data-testid="talon-size">{t().history.talon(props.view.talonSize)}</li>
        </ul>
      </Show>
    </details>
  );
}
