// Leaving and ending by agreement, while the game runs: what the table says about seats a bot
// plays (left, or out of time), a standing proposal to end with its answers, and a folded menu
// to leave or propose. Every change comes back through the view.
import { createSignal, For, Show } from "solid-js";
import type { TableView } from "../api/tables";
import type { TableStore } from "../store/table";
import { tableEnd } from "../store/table-end";
import { t } from "../i18n";
import { lifecycleWords } from "../i18n/lifecycle";

/** Lines about seats a bot plays for now (the view's `left` and the clock's `away`) and seats a reserve took over. */
export function SeatNotes(props: { view: TableView }) {
  const w = () => lifecycleWords();
  const left = () => props.view.players.filter((p) => p.left);
  const away = () => (props.view.clock?.away ?? []).filter((s) => !props.view.players[s]?.left);
  // A league's reserve took a seat over: "Clara took over from Anna at hand 5".
  const tookOver = () => props.view.players.filter((p) => p.tookOver);
  return (
    <Show when={left().length || away().length || tookOver().length}>
      <ul class="seat-notes" data-testid="seat-notes">
        <For each={tookOver()}>{(p) => <li data-testid="took-over">{w().tookOver(p.name, p.tookOver!.from, p.tookOver!.hand)}</li>}</For>
        <For each={left()}>{(p) => <li>{p.seat === props.view.you ? w().youLeft : w().left(p.name)}</li>}</For>
        <For each={away()}>{(s) => <li>{w().away(props.view.players[s].name)}{props.view.clock?.onTimeout === "botOnce" ? ` ${w().twice}` : ""}</li>}</For>
      </ul>
    </Show>
  );
}

/** A proposal to end the game, with Agree / Decline (or Withdraw for its proposer). */
export function ProposalBar(props: { view: TableView; table: TableStore; token: string }) {
  const end = tableEnd(props.table, props.view.id, props.token);
  const w = () => lifecycleWords();
  const me = () => props.view.players[props.view.you];
  return (
    <Show when={props.view.proposal}>
      {(p) => (
        <div class="proposal" role="status" data-testid="proposal">
          <p>
            {w().proposal(props.view.players[p().by].name, p().outcome)} {w().agreed(p().agreed.map((s) => props.view.players[s].name))} {w().lapses}
          </p>
          <Show when={!me()?.left}>
            <div class="proposal-actions">
              <Show when={!p().agreed.includes(props.view.you)}>
                <button type="button" class="primary" data-testid="agree" onClick={() => end.proposeEnd(p().outcome)}>
                  {w().agree}
                </button>
              </Show>
              <button type="button" onClick={() => end.declineEnd()}>
                {p().by === props.view.you ? w().withdraw : w().decline}
              </button>
            </div>
          </Show>
        </div>
      )}
    </Show>
  );
}

/** The folded menu: leave the game (asked twice), or propose to end it. */
export function TableMenu(props: { view: TableView; table: TableStore; token: string }) {
  const end = tableEnd(props.table, props.view.id, props.token);
  const w = () => lifecycleWords();
  const [sure, setSure] = createSignal(false);
  return (
    <Show when={props.view.phase !== "over" && !props.view.players[props.view.you]?.left}>
      <details class="table-extra table-menu" data-testid="table-menu">
        <summary>{w().menu}</summary>
        <div class="menu-actions">
          <button type="button" data-testid="propose-score" onClick={() => end.proposeEnd("score")}>
            {w().proposeScore}
          </button>
          <button type="button" data-testid="propose-annul" onClick={() => end.proposeEnd("annul")}>
            {w().proposeAnnul}
          </button>
          <Show
            when={sure()}
            fallback={
              <button type="button" data-testid="leave" onClick={() => setSure(true)}>
                {w().leave}
              </button>
            }
          >
            <p class="leave-confirm">{w().leaveConfirm}</p>
            <button type="button" class="danger" data-testid="leave-yes" onClick={() => void end.leave().then(() => setSure(false))}>
              {w().leaveYes}
            </button>
            <button type="button" onClick={() => setSure(false)}>
              {t().back}
            </button>
          </Show>
        </div>
      </details>
    </Show>
  );
}

/** The table's clock, under the score sheet. */
export function ClockRule(props: { view: TableView }) {
  return (
    <p class="clock-rule" data-testid="clock-rule">
      {/* Drawn, not the ⏱ character: Debian's fonts (and so its Chromium) have no such glyph, a box. */}
      <svg class="clock-icon" viewBox="0 0 24 24" width="14" height="14" aria-hidden="true" fill="none" stroke="currentColor" stroke-width="2.2" stroke-linecap="round">
        <circle cx="12" cy="13" r="8.5" />
        <path d="M12 13V8.5M9.5 2.5h5M12 2.5v2" />
      </svg>{" "}
      {clockWords(props.view)}
    </p>
  );
}

/** The table's clock in words ("48 hours per decision; then a bot plays that decision."). */
function clockWords(view: TableView): string {
  const w = lifecycleWords();
  const c = view.clock;
  if (!c || c.decisionMs === null) return w.noClock;
  return w.clockShown(w.hours(c.decisionMs < 3_600_000 ? Math.round(c.decisionMs / 60_000) / 60 : Math.round(c.decisionMs / 3_600_000)), w.onTimeout[c.onTimeout]);
}
