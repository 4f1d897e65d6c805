// Every hand played: who declared what, the stake, and each seat's points after it (with the change).
import { For, Show } from "solid-js";
import type { TableView } from "../api/tables";
import { t } from "../i18n";
import { SuitSign } from "./Card";

export function ScoreSheet(props: { view: TableView }) {
  const hands = () => props.view.handsPlayed;
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
                  <tr data-testid="score-row">
                    <td>{i() + 1}</td>
                    <td class="contract">
                      {h.contract === "mulatschak" ? "M" : h.contract}
                      <SuitSign suit={h.trump} />
                      {h.stake > 1 ? ` ×${h.stake}` : ""}
                    </td>
                    <For each={rows().after[i()]}>
                      {(p, s) => (
                        <td classList={{ declarer: h.declarer === s() }}>
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
                )}
              </For>
            </tbody>
          </table>
        </div>
      </Show>
    </details>
  );
}
