// The leagues of this browser and its player ("My leagues"), on the home page and on /leagues.
import { For, Show } from "solid-js";
import { t } from "../i18n";
import { leagueWords } from "../i18n/league-words";
import { A } from "../router";
import { myLeagues } from "../store/my-leagues";

export default function LeagueList() {
  return (
    <>
      <Show when={myLeagues.list().length > 0} fallback={<p class="help">{leagueWords().noLeagues}</p>}>
        <ul class="games leagues-list">
          <For each={myLeagues.list()}>
            {(l) => (
              <li data-testid="my-league">
                <A href={`/l/${encodeURIComponent(l.id)}`}>
                  <strong>{l.name}</strong>
                  <Show when={l.admin}>
                    <span class="as">{leagueWords().adminBadge}</span>
                  </Show>
                </A>
              </li>
            )}
          </For>
        </ul>
      </Show>
      <p>
        <A href="/leagues/new" class="button">
          {leagueWords().newLeague}
        </A>
      </p>
    </>
  );
}
