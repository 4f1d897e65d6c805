// The end of a game: who won (or that it was ended by agreement), the way to play again with the
// same seats (each seat its own new link), the game's replay, check and record, and My games.
import { createSignal, Show } from "solid-js";
import type { TableView } from "../api/tables";
import { request } from "../api/request";
import type { TableStore } from "../store/table";
import { tableEnd } from "../store/table-end";
import { seats } from "../store/seats";
import { A, navigate } from "../router";
import { t } from "../i18n";
import { lifecycleWords } from "../i18n/lifecycle";

export function EndScreen(props: { view: TableView; table: TableStore; token: string }) {
  const v = () => props.view;
  const w = () => lifecycleWords();
  const [busy, setBusy] = createSignal(false);
  const names = () => v().winners?.map((s) => v().players[s].name) ?? [];
  const played = () => !v().ended; // played to its end: the record and its replay exist
  const playAgain = async () => {
    setBusy(true);
    const r = await tableEnd(props.table, v().id, props.token).rematch();
    setBusy(false);
    if (!r) return;
    seats.remember({ id: r.id, token: r.token, seat: r.seat });
    navigate(`/t/${encodeURIComponent(r.id)}#${encodeURIComponent(r.token)}`);
  };
  // The record needs the seat's token, so it is fetched and handed over as a file.
  const download = async () => {
    const r = await request<unknown>(`/api/tables/${encodeURIComponent(v().id)}/record`, {}, props.token).catch(() => null);
    if (!r?.body) return;
    const url = URL.createObjectURL(new Blob([JSON.stringify(r.body, null, 2)], { type: "application/json" }));
    const a = document.createElement("a");
    a.href = url;
    a.download = `muli-${v().id}.json`;
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };
  return (
    <section class="end-screen" data-testid="end-screen" aria-labelledby="end-title">
      <h2 id="end-title">{t().gameOver}</h2>
      <p class="winners" role="status" data-testid="winners">
        <Show when={v().ended} fallback={names().length === 1 ? t().wonAlone(names()[0]) : t().wonTogether(names())}>
          {(e) => {
            const league = e().by === "league";
            if (e().outcome === "annul") return league ? w().leagueAnnul : w().endedAnnul;
            return `${league ? w().leagueScore : w().endedScore} ${names().length === 1 ? t().wonAlone(names()[0]) : t().wonTogether(names())}`;
          }}
        </Show>
      </p>
      <Show when={v().rematch}>
        <p class="rematch-ready">{w().rematchReady}</p>
      </Show>
      <div class="end-actions">
        <button type="button" class="primary" data-testid="play-again" disabled={busy()} onClick={playAgain}>
          {v().rematch ? w().joinRematch : w().playAgain}
        </button>
        {/* A duplicate pool's deals wait until all its tables have finished (reveal: {waiting: "pool"}). */}
        <Show when={played() && v().reveal && "waiting" in v().reveal!}>
          <p class="help" data-testid="waiting-pool">
            {t().check.waitingPool}
          </p>
        </Show>
        <Show when={played() && !(v().reveal && "waiting" in v().reveal!)}>
          <A href={`/t/${encodeURIComponent(v().id)}/replay`} class="button replay-link">
            {t().history.replay}
          </A>
          <A href={`/t/${encodeURIComponent(v().id)}/check`} class="button check-link">
            {t().check.link}
          </A>
          <button type="button" onClick={download}>
            {w().record}
          </button>
        </Show>
        <A href="/" class="button">
          {w().backToGames}
        </A>
      </div>
    </section>
  );
}
