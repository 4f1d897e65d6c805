// One round of a league: its tables, who each is waiting for and since when, the link to your own
// seat, and the admin's controls (score or annul a table, give a seat to a bot or another member,
// more time, close the round).
import { adminWords } from "../i18n/league-admin";
import { createSignal, For, Show } from "solid-js";
import { ConfirmButton } from "./Confirm";
import { mayGoToReserve, ReserveSeat } from "./ReserveSeat";
import { divisionWords } from "../i18n/league-divisions";
import * as leagues from "../api/leagues";
import type { LeaguePage, LeagueTable, Round, TableStatus } from "../api/leagues";
import { t } from "../i18n";
import { leagueWords } from "../i18n/league-words";
import { A } from "../router";

function tableState(table: LeagueTable): string {
  const l = leagueWords();
  // The server's type says only `string` here; these are the words it sends.
  if (table.status !== "playing") return l.status[table.status as TableStatus] ?? table.status;
  if (!table.waitingFor.length) return l.status.playing;
  if (table.waitingFor.every((w) => w.bot)) return l.botsPlaying;
  return l.waitingFor(table.waitingFor.map((w) => w.name), table.waitingMs ?? 0);
}

export function RoundView(props: {
  round: Round;
  page: LeaguePage;
  admin: boolean;
  keyOf: string | null;
  me: { id: string; key: string } | null;
  run: (fn: () => Promise<unknown>) => void;
}) {
  const l = () => leagueWords();
  const r = () => props.round;
  const id = () => props.page.league.id;
  const k = () => props.keyOf!;
  const active = () => props.page.members.filter((m) => m.status === "active");
  // Your seat opens with a token of its own, in the link the server gives its holder only.
  const seatLink = (t: LeagueTable): string | null => {
    if (!t.link) return null;
    const u = new URL(t.link, location.href);
    return u.pathname + u.hash;
  };
  return (
    <div class="round">
      <h2>
        {l().round(r().no)} <small class="help">{r().closedAt ? l().closed : l().deadline(r().deadline)}</small>
        <Show when={r().duplicate}>
          {" "}
          <small class="badge" data-testid="duplicate-round" title={l().duplicateHelp}>
            {l().duplicateBadge}
          </small>
        </Show>
      </h2>
      <ul class="league-tables" style={{ "list-style": "none", padding: 0 }}>
        <For each={r().tables}>
          {(t) => (
            <li data-testid="league-table" style={{ margin: "6px 0", padding: "6px 8px", border: "1px solid #ccc", "border-radius": "8px" }}>
              <strong>{l().table(t.no)}</strong>: {t.seats.map((s) => `${s.name}${s.points !== null ? ` (${s.points})` : ""}`).join(", ")}
              {/* A reserve's takeover, and whom the seat's result counts for (README, Leagues). */}
              <For each={t.seats.filter((s) => s.tookOver)}>
                {(s) => (
                  <span class="help took-over" data-testid="took-over">
                    {" "}
                    ({divisionWords().tookOver(s.name, s.tookOver!.fromName, s.tookOver!.hand)}; {divisionWords().countsFor(s.name)})
                  </span>
                )}
              </For>
              <span class="state"> — {tableState(t)}</span>
              <Show when={t.overdue}>
                <span class="error"> ({l().overdue})</span>
              </Show>
              <Show when={seatLink(t)}>
                {" "}
                <A href={seatLink(t)!} class="button">
                  {l().openTable}
                </A>
              </Show>
              <Show when={props.admin && t.status === "playing"}>
                <div class="seat-row">
                  <ConfirmButton label={l().score} question={adminWords().confirmScore(t.no)} onYes={() => props.run(() => leagues.decide(id(), k(), t.tableId, "score"))} />
                  <ConfirmButton label={l().annul} question={adminWords().confirmAnnul(t.no)} onYes={() => props.run(() => leagues.decide(id(), k(), t.tableId, "annul"))} />
                  <For each={t.seats.filter((s) => s.member !== null)}>
                    {(s) => {
                      // Choosing only chooses; the seat changes hands after "Replace" and its question.
                      const [by, setBy] = createSignal("");
                      const byName = () => (by() === "bot" ? l().byBot : (active().find((m) => m.id === by())?.name ?? ""));
                      return (
                        <span class="replace">
                          <label>
                            {adminWords().replaceWho(s.name)}{" "}
                            <select value={by()} onChange={(e) => setBy(e.currentTarget.value)}>
                              <option value="">–</option>
                              <option value="bot">{l().byBot}</option>
                              <For each={active().filter((m) => !t.seats.some((x) => x.member === m.id))}>{(m) => <option value={m.id}>{m.name}</option>}</For>
                            </select>
                          </label>{" "}
                          <Show when={by()}>
                            <ConfirmButton
                              label={l().replace}
                              question={adminWords().confirmReplace(s.name, byName())}
                              onYes={() => props.run(() => leagues.replace(id(), k(), t.tableId, s.seat, by() === "bot" ? null : by()))}
                            />
                          </Show>
                        </span>
                      );
                    }}
                  </For>
                  <For each={t.seats.filter((s) => mayGoToReserve(t, s))}>{(s) => <ReserveSeat page={props.page} table={t} seat={s} keyOf={k()} run={props.run} />}</For>
                </div>
              </Show>
            </li>
          )}
        </For>
      </ul>
      <Show when={props.admin && !r().closedAt}>
        <p>
          <button onClick={() => props.run(() => leagues.extend(id(), k(), r().no, 2))}>{l().extend}</button>{" "}
          {/* The main button only once every table is decided: right after a start it is a plain one. */}
          <ConfirmButton
            label={l().closeRound}
            class={r().tables.every((x) => x.status !== "playing") ? "primary" : undefined}
            testid="close-round"
            question={adminWords().confirmClose(r().no)}
            onYes={() => props.run(() => leagues.closeRound(id(), k(), r().no))}
          />
        </p>
      </Show>
    </div>
  );
}
