// A league's standings: place, member (with the history of their results), games, wins, average
// place, league points and rating, the viewer's own line in bold. Numbers in the player's language.
import { For, Show } from "solid-js";
import type { Standing } from "../api/leagues";
import { t } from "../i18n";

export function Standings(props: { standings: Standing[]; you: string | undefined }) {
  const l = () => t().league;
  return (
    <>
        <h2>{l().standings}</h2>
        {/* Focusable, so that a keyboard can scroll the wide table on a phone. */}
        <div style={{ "overflow-x": "auto" }} tabindex="0" role="region" aria-label={l().standings}>
          <table class="standings" style={{ "border-collapse": "collapse", width: "100%" }}>
            <thead>
              <tr>
                <th>{l().rank}</th>
                <th style={{ "text-align": "left" }}>{l().member}</th>
                <th>{l().games}</th>
                <th>{l().wins}</th>
                <th>{l().avgPlace}</th>
                <th>{l().points}</th>
                <th>{l().rating}</th>
              </tr>
            </thead>
            <tbody>
              <For each={props.standings}>
                {(s) => (
                  <tr classList={{ yours: s.member === props.you }} style={{ "text-align": "center", "font-weight": s.member === props.you ? "bold" : undefined }}>
                    <td>{s.rank}</td>
                    <td style={{ "text-align": "left" }}>
                      <details>
                        <summary>
                          {s.name}
                          <Show when={s.removed}> ({l().removed})</Show>
                        </summary>
                        <ol class="help">
                          <For each={s.history}>{(h) => <li>{l().result(h.round, h.place, h.of, h.leaguePoints)}</li>}</For>
                        </ol>
                      </details>
                    </td>
                    <td>{s.games}</td>
                    <td>{s.wins}</td>
                    <td>{s.avgPlace === null ? "–" : l().decimal(s.avgPlace, 2)}</td>
                    <td>{l().decimal(s.points, s.points % 1 ? 1 : 0)}</td>
                    <td title={s.rating ? `μ ${l().decimal(s.rating.mu, 2)}, σ ${l().decimal(s.rating.sigma, 2)}` : ""}>{s.rating ? l().decimal(s.rating.ordinal, 1) : "–"}</td>
                  </tr>
                )}
              </For>
            </tbody>
          </table>
        </div>

    </>
  );
}
