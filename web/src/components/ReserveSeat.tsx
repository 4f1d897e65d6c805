// The admin's choice of a reserve for a seat whose player left or timed out (a bot plays it for
// now): choosing only chooses; the seat changes hands after "Give" and its question.
import { createSignal, For, Show } from "solid-js";
import * as leagues from "../api/leagues";
import type { LeaguePage, LeagueTable } from "../api/leagues";
import { divisionWords } from "../i18n/league-divisions";
import { ConfirmButton } from "./Confirm";

type Seat = LeagueTable["seats"][number];

/** Seats a reserve may take: a bot holds it, its player left, or the table waits too long. */
export const mayGoToReserve = (t: LeagueTable, s: Seat) => s.member === null || s.left || t.overdue;

export function ReserveSeat(props: { page: LeaguePage; table: LeagueTable; seat: Seat; keyOf: string; run: (fn: () => Promise<unknown>) => void }) {
  const d = () => divisionWords();
  const [by, setBy] = createSignal("");
  const reserves = () => props.page.members.filter((m) => m.status === "active" && m.reserve && !props.table.seats.some((x) => x.member === m.id));
  const byName = () => reserves().find((m) => m.id === by())?.name ?? "";
  return (
    <Show when={reserves().length}>
      <span class="replace" data-testid="reserve-seat">
        <label>
          {d().giveToReserve(props.seat.name)}{" "}
          <select value={by()} onChange={(e) => setBy(e.currentTarget.value)}>
            <option value="">–</option>
            <For each={reserves()}>{(m) => <option value={m.id}>{m.name}</option>}</For>
          </select>
        </label>{" "}
        <Show when={by()}>
          <ConfirmButton
            label={d().give}
            testid="give-reserve"
            question={d().confirmReserve(props.seat.name, byName())}
            onYes={() => props.run(() => leagues.seatReserve(props.page.league.id, props.keyOf, props.table.tableId, props.seat.seat, by()))}
          />
        </Show>
      </span>
    </Show>
  );
}
