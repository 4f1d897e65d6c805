// The settings page's last messages: when, which table, which channel, and how each went (shown
// or opened on the device, sent again by the next channel, delivered, failed).
import { For, Show } from "solid-js";
import type { OutboxEntry } from "../api/players";
import { deliveryWords } from "../i18n/delivery";

type Words = ReturnType<typeof deliveryWords>;

/** The one word for how a message went, the device's confirmation first. */
export function stateOf(o: OutboxEntry, w: Words): { word: string; tone: "good" | "bad" | "plain" } {
  if (o.openedAt !== null) return { word: w.opened, tone: "good" };
  if (o.shownAt !== null) return { word: w.shown, tone: "good" };
  if (o.escalatedAt !== null) return { word: w.notSeen, tone: "bad" };
  const word = w.status[o.status] ?? o.status;
  return { word, tone: o.status === "failed" || o.status === "dead" ? "bad" : "plain" };
}

/** What followed or preceded: this message went again by the next channel, or is that second sending. */
const noteOf = (o: OutboxEntry, w: Words): string | null => (o.escalatedAt !== null ? w.escalated : o.resent ? w.resent : null);

function tableOf(o: OutboxEntry, w: Words): string {
  const tables = o.message.tables;
  if (o.kind === "test") return w.test;
  if (tables.length > 1) return w.digest(tables.length);
  const others = tables[0]?.others;
  return others?.length ? w.table(others) : o.message.title;
}

export function SentLog(props: { entries: OutboxEntry[]; timeZone?: string }) {
  const w = deliveryWords;
  return (
    <section class="sent-log" data-testid="sent-log">
      <h3>{w().last}</h3>
      <Show when={props.entries.length} fallback={<p>{w().none}</p>}>
        <ol>
          <For each={props.entries}>
            {(o) => {
              const state = () => stateOf(o, w());
              return (
                <li>
                  <span class="when">
                    <span>{w().at(o.createdAt, props.timeZone)}</span> · <span>{w().channel[o.channel] ?? o.channel}</span>
                  </span>
                  <strong class={`state ${state().tone}`} title={o.error ?? undefined}>
                    {state().word}
                  </strong>
                  <span class="which">
                    {tableOf(o, w())}
                    <Show when={noteOf(o, w())}>{(note) => <em> · {note()}</em>}</Show>
                  </span>
                </li>
              );
            }}
          </For>
        </ol>
      </Show>
    </section>
  );
}

/** The time after which an unseen turn message goes by the next channel; null = never. */
export function ResendAfter(props: { value: number | null; choices: readonly number[]; onSave: (minutes: number | null) => void }) {
  const w = deliveryWords;
  return (
    <div class="resend">
      <label>
        {w().resend}
        <select data-testid="resend-after" value={props.value === null ? "never" : String(props.value)} onChange={(e) => props.onSave(e.currentTarget.value === "never" ? null : Number(e.currentTarget.value))}>
          <For each={props.choices}>{(m) => <option value={String(m)}>{w().after(m)}</option>}</For>
          <option value="never">{w().never}</option>
        </select>
      </label>
      <p class="help">{w().resendHelp}</p>
    </div>
  );
}
