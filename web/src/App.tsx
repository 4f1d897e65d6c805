import { lazy, Match, Suspense, Switch } from "solid-js";
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

export function App() {
  const tableId = () => /^\/t\/([^/]+)\/?$/.exec(path())?.[1];
  const leagueId = () => /^\/l\/([^/]+)\/?$/.exec(path())?.[1];
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
          </A>
          <A href="/new" aria-current={path() === "/new" ? "page" : undefined}>
            {t().newGame}
          </A>
          <A href="/settings" aria-current={path() === "/settings" ? "page" : undefined}>
            {t().settings}
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
            <Match when={path() === "/leagues/new"}>
              <LeagueNew />
            </Match>
            {/* Keyed: another id remounts the page, so no state carries over between tables. */}
            <Match when={leagueId()} keyed>
              {(id) => <League id={decodeURIComponent(id)} />}
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
