// The league's creator plays too, if they say so: a name and a button that joins them with the
// league's own invite (as any member joins), on the "league created" page and on the admin view.
import { createSignal, Show } from "solid-js";
import * as leagues from "../api/leagues";
import { errorText, t } from "../i18n";
import { leagueWords } from "../i18n/league-words";
import { ensurePlayer } from "../store/claim";
import { adminWords } from "../i18n/league-admin";

/** Joins this browser's player to the league; the membership it got (for store/leagues.ts). */
export async function joinMyself(id: string, invite: string, name: string): Promise<{ id: string; key: string } | null> {
  const pk = await ensurePlayer(name);
  const r = await leagues.join(id, invite, name.trim(), pk);
  const key = r.key ?? pk;
  return key ? { id: r.member.id, key } : null;
}

/** "You are not a member of your league": a name and "Play myself". */
export function PlayMyself(props: { id: string; invite: string; onJoined: (member: { id: string; key: string }) => void }) {
  const [name, setName] = createSignal("");
  const [error, setError] = createSignal<string | null>(null);
  const submit = async (e: Event) => {
    e.preventDefault();
    setError(null);
    try {
      const m = await joinMyself(props.id, props.invite, name());
      if (m) props.onJoined(m);
    } catch (err) {
      setError(errorText(err, leagueWords().errors));
    }
  };
  return (
    <form class="join play-myself" data-testid="play-myself" onSubmit={submit}>
      <p class="notice">{adminWords().notMember}</p>
      <label>
        {leagueWords().yourName} <input required maxLength={40} value={name()} onInput={(e) => setName(e.currentTarget.value)} />
      </label>{" "}
      <button class="primary" type="submit">
        {adminWords().playMyself}
      </button>
      <Show when={error()}>
        <p class="error" role="alert">
          {error()}
        </p>
      </Show>
    </form>
  );
}
