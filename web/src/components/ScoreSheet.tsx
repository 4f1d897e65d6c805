// Every hand played: who declared what, the stake, and each seat's points after it (with the change).
import { createSignal, For, Show } from "solid-js";
import type { TableView } from "../api/tables";
import { t } from "../i18n";
import { SuitSign } from "./Card";


export function ScoreSheet(props: { view: TableView }) {
  const hands = () => props.view.handsPlayed;
  const names = () => props.view.players.map((p) => p.name);
  // Which hand's reasons are unfolded (a tap on its row): why each seat's points changed.
  const [why, setWhy] = createSignal<number | null>(null);
  // Points count down from the start; rebuild the running totals backwards from the current ones.
  const rows = () => {
    const pts = props.view.players.map((p) => p.points);
    const out: number[][] = [];
    for (let i = hands().length - 1; i >= 0; i--) {
      out.unshift([...pts]);
      hands()[i].delta.forEach((d, s) => (pts[s] -= d));
    }
    return { start: pts, after: out };
  };
  return (
    <details class="score-sheet" open={props.view.phase === "over"} data-testid="score-sheet">
      <summary>
        {t().scoreSheet} ({hands().length})
      </summary>
      <Show when={hands().length > 0} fallback={<p>{t().noHands}</p>}>
        {/* Focusable, so that a keyboard can scroll a wide sheet on a phone. */}
        <div class="scroll" tabindex="0" role="region" aria-label={t().scoreSheet}>
          <table>
            <thead>
              <tr>
                <th scope="col">{t().handNo}</th>
                <th scope="col" />
                <For each={props.view.players}>{(p) => <th scope="col">{p.name}</th>}</For>
              </tr>
            </thead>
            <tbody>
              <tr class="start">
                <td />
                <td />
                <For each={rows().start}>{(p) => <td>{p}</td>}</For>
              </tr>
              <For each={hands()}>
                {(h, i) => (
                  <>
                  {/* The whole row toggles the reasons for a tap; its button (which says whether they are open) for the keyboard. */}
                  <tr data-testid="score-row" class="why-toggle" onClick={() => setWhy(why() === i() ? null : i())}>
                    <td>
                      <button type="button" class="why-button" aria-expanded={why() === i()} title={t().history.why}>
                        {i() + 1}
                      </button>
                    </td>
                    <td class="contract">
                      {h.contract === "mulatschak" ? "M" : h.contract}
                      <SuitSign suit={h.trump} />
                      {h.stake > 1 ? ` ×${h.stake}` : ""}
                    </td>
                    <For each={rows().after[i()]}>
                      {(p, s) => (
                        <td classList={{ declarer: h.declarer === s() }} title={t().history.reason(h, s(), names())}>
                          {p}
                          <small>
                            {" "}
                            {h.stayedHome.includes(s()) ? "✕" : h.delta[s()] > 0 ? `+${h.delta[s()]}` : h.delta[s()]}
                            {h.declarer === s() ? "★" : ""}
                          </small>
                        </td>
                      )}
                    </For>
                  </tr>
                  <Show when={why() === i()}>
                    <tr class="why-row" data-testid="score-why">
                      <td colSpan={props.view.players.length + 2}>
                        <For each={props.view.players}>
                          {(p) => (
                            <span class="why-entry">
                              <strong>{p.name}</strong> {h.delta[p.seat] > 0 ? `+${h.delta[p.seat]}` : h.delta[p.seat]}: {t().history.reason(h, p.seat, names())}
                            </span>
                          )}
                        </For>
                      </td>
                    </tr>
                  </Show>
                  </>
                )}
              </For>
            </tbody>
          </table>
        </div>
      </Show>
    </details>
  );
}
