// The host changes the table's clock (time per decision, what a time-out does) while the game
// runs; the server applies it from the next decision on, so nobody's running time changes.
import { createSignal, Show } from "solid-js";
import * as host from "../api/host";
import { errorText } from "../i18n";
import { hostWords } from "../i18n/host-words";
import type { OnTimeout } from "../logic/clock-choices";
import { createRunner } from "../store/runner";
import { ClockFields } from "./ClockFields";

export function HostClock(props: { id: string; hostKey: string; clock: { hours: number; onTimeout: string } | null }) {
  const w = () => hostWords();
  const [hours, setHours] = createSignal(props.clock?.hours ?? 0);
  const [onTimeout, setOnTimeout] = createSignal<OnTimeout>((props.clock?.onTimeout as OnTimeout) ?? "botOnce");
  const { message, setMessage, busy, run } = createRunner((e) => errorText(e, w().errors));
  const save = (e: Event) => {
    e.preventDefault();
    void run(() => host.setClock(props.id, props.hostKey, hours() ? { hours: hours(), onTimeout: onTimeout() } : null), w().clockSaved);
  };
  return (
    <form class="host-clock" data-testid="host-clock" onSubmit={save}>
      <h2>{w().clockTitle}</h2>
      <ClockFields hours={hours()} onTimeout={onTimeout()} setHours={(h) => (setHours(h), setMessage(null))} setOnTimeout={(o) => (setOnTimeout(o), setMessage(null))} />
      <button type="submit" disabled={busy()}>
        {w().clockSave}
      </button>
      <Show when={message()}>
        <p role="status">{message()}</p>
      </Show>
    </form>
  );
}
