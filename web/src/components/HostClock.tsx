// The host changes the table's clock (time per decision, what a time-out does) while the game
// runs; the server applies it from the next decision on, so nobody's running time changes.
import { createSignal, For, Show } from "solid-js";
import * as host from "../api/host";
import { errorText } from "../i18n";
import { hostWords } from "../i18n/host-words";
import { lifecycleTexts } from "../i18n/lifecycle";
import { CLOCK_HOURS, type OnTimeout } from "../logic/clock-choices";

export function HostClock(props: { id: string; hostKey: string; clock: { hours: number; onTimeout: string } | null }) {
  const w = () => hostWords();
  const l = () => lifecycleTexts();
  const [hours, setHours] = createSignal(props.clock?.hours ?? 0);
  const [onTimeout, setOnTimeout] = createSignal<OnTimeout>((props.clock?.onTimeout as OnTimeout) ?? "botOnce");
  const [busy, setBusy] = createSignal(false);
  const [message, setMessage] = createSignal("");
  // A clock set through the API may be none of the form's choices: it is offered as it is.
  const choices = () => (CLOCK_HOURS.includes(hours()) ? CLOCK_HOURS : [...CLOCK_HOURS.slice(0, -1), hours(), 0].sort((a, b) => (a || 1e9) - (b || 1e9)));
  const save = async (e: Event) => {
    e.preventDefault();
    setBusy(true);
    try {
      await host.setClock(props.id, props.hostKey, hours() ? { hours: hours(), onTimeout: onTimeout() } : null);
      setMessage(w().clockSaved);
    } catch (err) {
      setMessage(errorText(err, w().errors));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form class="host-clock" data-testid="host-clock" onSubmit={save}>
      <h2>{w().clockTitle}</h2>
      <div class="row clock-fields">
        <label>
          {l().clockLabel}
          <select name="clockHours" value={hours()} onChange={(e) => (setHours(Number(e.currentTarget.value)), setMessage(""))}>
            <For each={choices()}>{(h) => <option value={h}>{h ? l().hours(h) : l().clockNone}</option>}</For>
          </select>
        </label>
        <Show when={hours() > 0}>
          <label>
            {l().onTimeoutLabel}
            <select name="onTimeout" value={onTimeout()} onChange={(e) => (setOnTimeout(e.currentTarget.value as OnTimeout), setMessage(""))}>
              <option value="botOnce">{l().onTimeout.botOnce}</option>
              <option value="takeover">{l().onTimeout.takeover}</option>
            </select>
          </label>
        </Show>
      </div>
      <button type="submit" disabled={busy()}>
        {w().clockSave}
      </button>
      <Show when={message()}>
        <p role="status">{message()}</p>
      </Show>
    </form>
  );
}
