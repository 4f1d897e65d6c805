import { createEffect, lazy, Match, Show, Suspense, Switch } from "solid-js";
import { turns } from "./store/turns";
import { Sprite } from "./cards/Sprite";
import { Table } from "./pages/Table";
import { A, path, visit } from "./router";
import { t } from "./i18n";
import { playerNotice, signInFromAddress } from "./store/player";

// The home page (the player's games and leagues) is not needed to show a table: loaded when opened.
const MyGames = lazy(() => import("./pages/MyGames").then((m) => ({ default: m.MyGames })));
// The create page carries the rules form and the QR encoder: loaded only when opened.
const Create = lazy(() => import("./pages/Create"));
const Settings = lazy(() => import("./pages/Settings"));
const League = lazy(() => import("./pages/League"));
const LeagueNew = lazy(() => import("./pages/LeagueNew"));
const Replay = lazy(() => import("./pages/Replay"));
// The check page carries the whole engine (it re-deals a game): loaded only when opened.
const Check = lazy(() => import("./pages/Check"));
const Help = lazy(() => import("./pages/Help"));
const Host = lazy(() => import("./pages/Host"));
// A sign-in link opened here: its key is checked (store/claim.ts) before it is kept.
if (signInFromAddress !== null) void import("./store/claim").then((m) => m.signIn(signInFromAddress!));
// What became of a sign-in: loaded only once there is something to say.
const PlayerNoticeBar = lazy(() => import("./components/PlayerNotice"));
const MyLeagues = lazy(() => import("./pages/MyLeagues"));

/** A page's id and the visit it was opened on, as one key ("id visit"); the id back from it. */
const keyOf = (id: string | undefined) => (id === undefined ? undefined : `${id} ${visit()}`);
const idOf = (key: string) => decodeURIComponent(key.slice(0, key.lastIndexOf(" ")));

export function App() {
  // Keyed on the visit too: a seat link pasted into a tab that shows its table opens the seat.
  const tableId = () => keyOf(/^\/t\/([^/]+)\/?$/.exec(path())?.[1]);
  const replayId = () => /^\/t\/([^/]+)\/replay\/?$/.exec(path())?.[1];
  const leagueId = () => keyOf(/^\/l\/([^/]+)\/?$/.exec(path())?.[1]);
  const hostId = () => /^\/t\/([^/]+)\/host\/?$/.exec(path())?.[1];
  const checkId = () => /^\/t\/([^/]+)\/check\/?$/.exec(path())?.[1];
  // The tab's title counts the tables waiting for you (a table's own page words its title itself).
  createEffect(() => {
    if (!tableId()) document.title = `${turns.count() ? `(${turns.count()}) ` : ""}Muli – Mulatschak`;
  });
  return (
    <>
      <Sprite />
      <header class="top">
        <A href="/" class="brand">
          {t().appName}
        </A>
        <nav>
          <A href="/" aria-current={path() === "/" ? "page" : undefined}>
            {t().myGames}
            <Show when={turns.count()}>
              {" "}
              <span class="turn-count" data-testid="turn-count" aria-label={t().turnsWaiting(turns.count())}>
                {turns.count()}
              </span>
            </Show>
          </A>
          <A href="/leagues" aria-current={path() === "/leagues" ? "page" : undefined}>
            {t().myLeagues}
          </A>
          {/* On a phone these three are icons, so that every link fits beside "My games" (German too). */}
          <A href="/new" aria-current={path() === "/new" ? "page" : undefined} aria-label={t().newGame} title={t().newGame}>
            <svg class="nav-icon" viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round">
              <circle cx="12" cy="12" r="10" />
              <path d="M12 7v10M7 12h10" />
            </svg>
            <span class="nav-word">{t().newGame}</span>
          </A>
          <A href="/settings" aria-current={path() === "/settings" ? "page" : undefined} aria-label={t().settings} title={t().settings}>
            <svg class="nav-icon" viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round">
              <path d="M4 6h16M4 12h16M4 18h16" />
              <circle cx="9" cy="6" r="2.5" fill="var(--felt)" />
              <circle cx="15" cy="12" r="2.5" fill="var(--felt)" />
              <circle cx="7" cy="18" r="2.5" fill="var(--felt)" />
            </svg>
            <span class="nav-word">{t().settings}</span>
          </A>
          <A href="/help" aria-current={path() === "/help" ? "page" : undefined} aria-label={t().helpPage.nav} title={t().helpPage.nav}>
            <svg class="nav-icon" viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round">
              <circle cx="12" cy="12" r="10" />
              <path d="M9.2 9.2a2.9 2.9 0 1 1 4 2.7c-.8.4-1.2 1-1.2 1.9v.4" />
              <circle cx="12" cy="17.6" r="0.6" fill="currentColor" />
            </svg>
            <span class="nav-word">{t().helpPage.nav}</span>
          </A>
        </nav>
      </header>
      <main>
        <Show when={playerNotice()}>
          <Suspense>
            <PlayerNoticeBar />
          </Suspense>
        </Show>
        <Suspense fallback={<p>{t().loading}</p>}>
          <Switch fallback={<MyGames />}>
            <Match when={path() === "/new"}>
              <Create />
            </Match>
            <Match when={path() === "/settings"}>
              <Settings />
            </Match>
            <Match when={path() === "/check"}>
              <Check />
            </Match>
            <Match when={hostId()} keyed>
              {(id) => <Host id={decodeURIComponent(id)} />}
            </Match>
            <Match when={checkId()} keyed>
              {(id) => <Check table={decodeURIComponent(id)} />}
            </Match>
            <Match when={path() === "/help"}>
              <Help />
            </Match>
            <Match when={path() === "/leagues"}>
              <MyLeagues />
            </Match>
            <Match when={path() === "/leagues/new"}>
              <LeagueNew />
            </Match>
            {/* Keyed: another id remounts the page, so no state carries over between tables. */}
            <Match when={leagueId()} keyed>
              {(k) => <League id={idOf(k)} />}
            </Match>
            <Match when={replayId()} keyed>
              {(id) => <Replay id={decodeURIComponent(id)} />}
            </Match>
            <Match when={tableId()} keyed>
              {(k) => <Table id={idOf(k)} />}
            </Match>
          </Switch>
        </Suspense>
      </main>
    </>
  );
}
