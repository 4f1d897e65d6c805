// The clock's two choices, as the create form and the host's page offer them: time per decision
// (or none) and what a time-out does (asked only when there is a time).
import { For, Show } from "solid-js";
import { lifecycleWords } from "../i18n/lifecycle";
import { CLOCK_HOURS, type OnTimeout } from "../logic/clock-choices";

export function ClockFields(props: { hours: number; onTimeout: OnTimeout; setHours: (h: number) => void; setOnTimeout: (o: OnTimeout) => void }) {
  const l = () => lifecycleWords();
  // A clock set through the API may be none of the choices: it is offered as it is.
  const choices = () => (CLOCK_HOURS.includes(props.hours) ? CLOCK_HOURS : [...CLOCK_HOURS.filter((h) => h), props.hours].sort((a, b) => a - b).concat(0));
  return (
    <div class="row clock-fields">
      <label>
        {l().clockLabel}
        <select name="clockHours" value={props.hours} onChange={(e) => props.setHours(Number(e.currentTarget.value))}>
          <For each={choices()}>{(h) => <option value={h}>{h ? l().hours(h) : l().clockNone}</option>}</For>
        </select>
      </label>
      <Show when={props.hours > 0}>
        <label>
          {l().onTimeoutLabel}
          <select name="onTimeout" value={props.onTimeout} onChange={(e) => props.setOnTimeout(e.currentTarget.value as OnTimeout)}>
            <option value="botOnce">{l().onTimeout.botOnce}</option>
            <option value="takeover">{l().onTimeout.takeover}</option>
          </select>
        </label>
      </Show>
    </div>
  );
}
