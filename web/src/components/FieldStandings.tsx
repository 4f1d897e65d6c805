// The score against the field (duplicate rounds), beside the ordinary standings: each member's
// points better than the seats that held the same cards at the pool's other tables, summed over
// the deals compared, best first. Shown once a duplicate pool of the season has finished.
import { For, Show } from "solid-js";
import type { LeaguePage } from "../api/leagues";
import { t } from "../i18n";
import { leagueWords } from "../i18n/league-words";

export function FieldStandings(props: { field: LeaguePage["field"]; you: string | undefined }) {
  const l = () => leagueWords();
  return (
    <Show when={props.field.length}>
      <h2>{l().field}</h2>
      <p class="help">{l().fieldHelp}</p>
      <div style={{ "overflow-x": "auto" }} tabindex="0" role="region" aria-label={l().field}>
        <table class="standings field" data-testid="field">
          <thead>
            <tr>
              <th>{l().rank}</th>
              <th style={{ "text-align": "left" }}>{l().member}</th>
              <th>{l().fieldDeals}</th>
              <th>{l().fieldScore}</th>
            </tr>
          </thead>
          <tbody>
            <For each={props.field}>
              {(f, i) => (
                <tr classList={{ yours: f.member === props.you }} style={{ "text-align": "center", "font-weight": f.member === props.you ? "bold" : undefined }}>
                  <td>{i() + 1}</td>
                  <td style={{ "text-align": "left" }}>{f.name}</td>
                  <td>{f.boards}</td>
                  <td>{(f.score > 0 ? "+" : "") + l().decimal(f.score, f.score % 1 ? 1 : 0)}</td>
                </tr>
              )}
            </For>
          </tbody>
        </table>
      </div>
    </Show>
  );
}
