// A league's standings: place, member (with the history of their results), games, wins, average
// place, league points and rating, the viewer's own line in bold. Numbers in the player's language.
import { For, Show, type JSX } from "solid-js";
import type { Standing } from "../api/leagues";
import { t } from "../i18n";
import { leagueWords } from "../i18n/league-words";
import { divisionWords } from "../i18n/league-divisions";

/**
 * `title`: the heading (a division's name; default "Standings"); `mark`: what follows a member's
 * name (a division's movements and zones).
 */
export function Standings(props: { standings: Standing[]; you: string | undefined; title?: string; mark?: (s: Standing) => JSX.Element }) {
  const l = () => leagueWords();
  const d = () => divisionWords();
  return (
    <>
        <h2>{props.title ?? l().standings}</h2>
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
                    <td>
                      {s.rank}
                      {/* A place decided past points, wins and average place says by what. */}
                      <Show when={s.decidedBy && d().decidedBy[s.decidedBy]}>
                        <small class="help tie" title={`${d().decidedByTitle}: ${d().decidedBy[s.decidedBy!]}`}>
                          {" "}({d().decidedBy[s.decidedBy!]})
                        </small>
                      </Show>
                    </td>
                    <td style={{ "text-align": "left" }}>
                      <details>
                        <summary>
                          {s.name}
                          <Show when={s.removed}> ({l().removed})</Show>
                          {props.mark?.(s)}
                        </summary>
                        <ol class="help">
                          <For each={s.history}>
                            {(h) => (
                              <li>
                                {l().result(h.round, h.place, h.of, h.leaguePoints)}
                                <Show when={h.tookOver}>{(o) => <> ({d().asReserve(o().fromName, o().hand)})</>}</Show>
                              </li>
                            )}
                          </For>
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
