// The league's admin log (every admin action, newest first) and, for the admin, the undo of a
// removal while its minute lasts.
import { adminWords } from "../i18n/league-admin";
import { createSignal, For, onCleanup, Show } from "solid-js";
import * as leagues from "../api/leagues";
import type { LeaguePage } from "../api/leagues";

type Entry = NonNullable<LeaguePage["adminLog"]>[number];

export function UndoBar(props: { page: LeaguePage; keyOf: string; run: (fn: () => Promise<unknown>) => void }) {
  // The page's clock and this browser's may differ: count from the server's `now`.
  const skew = props.page.now - Date.now();
  const [now, setNow] = createSignal(Date.now() + skew);
  const timer = setInterval(() => setNow(Date.now() + skew), 1000);
  onCleanup(() => clearInterval(timer));
  const open = () => (props.page.adminLog ?? []).filter((e) => e.undoUntil !== null && e.undoUntil > now());
  return (
    <For each={open()}>
      {(e) => (
        <p class="notice undo" role="status" data-testid="undo-bar">
          {adminWords().logEntry(e.action, e.data)}{" "}
          <button type="button" data-testid="undo" onClick={() => props.run(() => leagues.undo(props.page.league.id, props.keyOf, e.id))}>
            {adminWords().undo(Math.min(60, Math.ceil(((e.undoUntil ?? 0) - now()) / 1000)))}
          </button>
        </p>
      )}
    </For>
  );
}

export function AdminLog(props: { log: Entry[] }) {
  return (
    <Show when={props.log.length}>
      <details class="admin-log" data-testid="admin-log">
        <summary>{adminWords().adminLog(props.log.length)}</summary>
        <ul>
          <For each={props.log}>
            {(e) => (
              <li classList={{ undone: e.undone }}>
                <span class="help">{adminWords().when(e.at)}</span> {adminWords().logEntry(e.action, e.data)}
                <Show when={e.undone}> ({adminWords().undone})</Show>
              </li>
            )}
          </For>
        </ul>
      </details>
    </Show>
  );
}
