// The tables this browser has opened, the ones waiting for you first.
import { createResource, createSignal, For, lazy, onMount, Show, Suspense } from "solid-js";
import * as tables from "../api/tables";
import { tableChat } from "../api/chat";
import { ChatIcon } from "../components/ChatIcon";
import { A } from "../router";
import { seats, type SeatEntry } from "../store/seats";
import { t } from "../i18n";
import { leagueWords } from "../i18n/league-words";
// The list of leagues loads beside the page (the table page's budget: README, Size).
const LeagueList = lazy(() => import("../components/LeagueList"));
import { myLeagues } from "../store/my-leagues";


const ForgetAsk = lazy(() => import("../components/ForgetAsk"));

interface Row {
  entry: SeatEntry;
  view: tables.TableView | null;
  /** Unread chat messages (0 when muted). */
  unread: number;
}

async function loadAll(entries: SeatEntry[]): Promise<Row[]> {
  const rows = await Promise.all(
    entries.map(async (entry) => {
      const [view, chat] = await Promise.all([
        tables.read(entry.id, entry.token).then((r) => r.view, () => null),
        tableChat(entry.id, entry.token).unread().catch(() => null),
      ]);
      return { entry, view, unread: chat && !chat.muted ? chat.unread : 0 };
    }),
  );
  const waiting = (r: Row) => (r.view && r.view.phase !== "over" && r.view.toAct.includes(r.view.you) ? 0 : r.view?.phase === "over" ? 2 : 1);
  return rows.sort((a, b) => waiting(a) - waiting(b) || b.entry.opened - a.entry.opened);
}

export function MyGames() {
  // Signed in elsewhere: the player's seats (and host links) come here first.
  // (Loaded on the side: it is not needed to show the list.)
  const [sync, setSync] = createSignal<typeof import("../store/sync") | null>(null);
  onMount(() =>
    void import("../store/sync").then((m) => {
      setSync(m);
      return m.syncFromPlayer();
    }),
  );
  const [loadingMore, setLoadingMore] = createSignal(false);
  // Older finished games come a page at a time (the profile brings the newest ten).
  const showMore = async (m: typeof import("../store/sync")) => {
    setLoadingMore(true);
    await m.loadMoreFinished().catch(() => undefined); // offline or refused: the button stays
    setLoadingMore(false);
  };
  const [rows] = createResource(seats.list, loadAll);
  const [asking, setAsking] = createSignal<SeatEntry | null>(null);
  return (
    <section class="page my-games">
      <h1>{t().myGames}</h1>
      <Show when={seats.list().length > 0} fallback={<p>{t().noGames}</p>}>
        <Show when={rows()} fallback={<p>{t().loading}</p>}>
          <ul class="games">
            <For each={rows()}>
              {(r) => {
                const v = r.view;
                const yours = v !== null && v.phase !== "over" && v.toAct.includes(v.you);
                const names = v?.players.map((p) => p.name).join(", ") ?? r.entry.id;
                const state = !v
                  ? t().unreachable
                  : v.phase === "over"
                    ? t().gameOver
                    : yours
                      ? t().yourTurn
                      : t().waitingFor(v.toAct.map((s) => v.players[s].name));
                return (
                  <li classList={{ yours }} data-testid="game">
                    <A href={`/t/${encodeURIComponent(r.entry.id)}#${encodeURIComponent(r.entry.token)}`}>
                      <strong>{names}</strong>
                      <span class="state">{state}</span>
                      <Show when={v}>{(vv) => <span class="as">{t().asSeat(vv().players[vv().you].name)}</span>}</Show>
                      <Show when={myLeagues.leagueOf(r.entry.id)}>
                        {(l) => (
                          <span class="league-mark" data-testid="league-mark">
                            {leagueWords().leagueTable(l().name)}
                          </span>
                        )}
                      </Show>
                      <Show when={r.unread}>
                        <span class="chat-unread" data-testid="game-unread">
                          <ChatIcon /> {t().chat.unreadBadge(r.unread)}
                        </span>
                      </Show>
                    </A>
                    <Show when={v?.phase === "over"}>
                      <A href={`/t/${encodeURIComponent(r.entry.id)}/replay`} class="replay-link">
                        {t().history.replay}
                      </A>
                    </Show>
                    <Show
                      when={asking() === r.entry}
                      fallback={
                        <button
                          type="button"
                          class="link"
                          onClick={() => (v?.phase === "over" ? seats.forget(r.entry.id, r.entry.token) : setAsking(r.entry))}
                        >
                          {t().forget}
                        </button>
                      }
                    >
                      {/* A running game: ask first, and say how the seat comes back. */}
                      <Suspense>
                        <ForgetAsk entry={r.entry} forget={() => (seats.forget(r.entry.id, r.entry.token), setAsking(null))} keep={() => setAsking(null)} />
                      </Suspense>
                    </Show>
                  </li>
                );
              }}
            </For>
          </ul>
        </Show>
      </Show>
      <Show when={sync()?.moreFinished() ? sync() : null}>
        {(m) => (
          <p>
            <button type="button" class="more-finished" data-testid="more-finished" disabled={loadingMore()} onClick={() => void showMore(m())}>
              {t().moreFinished}
            </button>
          </p>
        )}
      </Show>
      <p>
        <A href="/new" class="button">
          {t().newGame}
        </A>
      </p>
      <h2>{t().myLeagues}</h2>
      <Suspense>
        <LeagueList />
      </Suspense>
    </section>
  );
}
