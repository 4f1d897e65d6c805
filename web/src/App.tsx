import { createEffect, lazy, Match, Show, Suspense, Switch } from "solid-js";
import { turns } from "./store/turns";
import { Sprite } from "./cards/Sprite";
import { MyGames } from "./pages/MyGames";
import { Table } from "./pages/Table";
import { A, path } from "./router";
import { t } from "./i18n";

// The create page carries the rules form and the QR encoder: loaded only when opened.
const Create = lazy(() => import("./pages/Create"));
const Settings = lazy(() => import("./pages/Settings"));
const League = lazy(() => import("./pages/League"));
const LeagueNew = lazy(() => import("./pages/LeagueNew"));
const Replay = lazy(() => import("./pages/Replay"));
// The check page carries the whole engine (it re-deals a game): loaded only when opened.
const Check = lazy(() => import("./pages/Check"));
const Help = lazy(() => import("./pages/Help"));
const MyLeagues = lazy(() => import("./pages/MyLeagues"));

export function App() {
  const tableId = () => /^\/t\/([^/]+)\/?$/.exec(path())?.[1];
  const replayId = () => /^\/t\/([^/]+)\/replay\/?$/.exec(path())?.[1];
  const leagueId = () => /^\/l\/([^/]+)\/?$/.exec(path())?.[1];
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
          <A href="/new" aria-current={path() === "/new" ? "page" : undefined}>
            {t().newGame}
          </A>
          <A href="/settings" aria-current={path() === "/settings" ? "page" : undefined}>
            {t().settings}
          </A>
          <A href="/help" aria-current={path() === "/help" ? "page" : undefined}>
            {t().helpPage.nav}
          </A>
        </nav>
      </header>
      <main>
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
              {(id) => <League id={decodeURIComponent(id)} />}
            </Match>
            <Match when={replayId()} keyed>
              {(id) => <Replay id={decodeURIComponent(id)} />}
            </Match>
            <Match when={tableId()} keyed>
              {(id) => <Table id={decodeURIComponent(id)} />}
            </Match>
          </Switch>
        </Suspense>
      </main>
    </>
  );
}
