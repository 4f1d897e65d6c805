// "Since you were here": what the others did since this seat last had the table in front of it,
// told from the public story in the player's language; dismissed with one tap.
import { createResource, createSignal, For, Show } from "solid-js";
import type { TableView } from "../api/tables";
import { readStory, type Story, type StoryItem } from "../api/history";
import { t } from "../i18n";
import "../history.css";

/** Stories asked for ahead of the recap's drawing (preloadRecap), by table, seat token and version. */
const early = new Map<string, Promise<Story | null>>();
const storyKey = (tableId: string, token: string, from: number) => `${tableId} ${token} ${from}`;

/** Asks for the recap's story now; the recap drawn later uses this answer (once). Settles, never fails. */
export function preloadRecap(tableId: string, token: string, from: number): Promise<unknown> {
  const key = storyKey(tableId, token, from);
  if (!early.has(key)) early.set(key, readStory(tableId, token, from).catch(() => null));
  return early.get(key)!;
}

function storyFrom(tableId: string, token: string, from: number): Promise<Story | null> {
  const key = storyKey(tableId, token, from);
  const got = early.get(key);
  early.delete(key);
  return got ?? readStory(tableId, token, from).catch(() => null);
}

/** At most this many lines; older ones are summed up as "…". */
const MAX_LINES = 40;

/** The recap's lines: others' moves and what followed from them, not the seat's own. */
export function recapItems(items: StoryItem[], you: number, from: number, to: number): StoryItem[] {
  return items.filter((i) => i.version > from && i.version <= to && !("seat" in i && i.seat === you && i.kind !== "trick"));
}

export function Recap(props: { view: TableView; tableId: string; token: string; from: number; to: number }) {
  const [dismissed, setDismissed] = createSignal(false);
  const [story] = createResource(
    () => (props.from < props.to ? props.from : null),
    (from) => storyFrom(props.tableId, props.token, from),
  );
  const lines = () => recapItems(story()?.items ?? [], props.view.you, props.from, props.to);
  const names = () => props.view.players.map((p) => p.name);
  return (
    <Show when={!dismissed() && lines().length > 0}>
      <section class="recap" role="status" data-testid="recap" aria-label={t().history.sinceTitle}>
        <h2>{t().history.sinceTitle}</h2>
        <ol>
          <Show when={lines().length > MAX_LINES}>
            <li>…</li>
          </Show>
          <For each={lines().slice(-MAX_LINES)}>{(i) => <li data-kind={i.kind}>{t().history.line(i, names())}</li>}</For>
        </ol>
        <button type="button" onClick={() => setDismissed(true)} data-testid="recap-dismiss">
          {t().history.dismiss}
        </button>
      </section>
    </Show>
  );
}
