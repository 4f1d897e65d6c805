// "Your turn" across every table this browser holds: the count the header and the tab's title
// show. Read from each seat's view (the same read "My games" makes) when the app starts, once a
// minute while the tab is shown, and whenever it is shown again.
import { createRoot, createSignal, onCleanup, untrack } from "solid-js";
import * as tables from "../api/tables";
import { seats } from "./seats";

const EVERY_MS = 60_000;

function createTurns() {
  const [waiting, setWaiting] = createSignal<string[]>([]);
  let busy = false;
  const refresh = async () => {
    if (busy || (typeof document !== "undefined" && document.visibilityState === "hidden")) return;
    busy = true;
    try {
      const views = await Promise.all(seats.list().map((e) => tables.read(e.id, e.token).then((r) => r.view, () => null)));
      setWaiting(views.flatMap((v) => (v && v.phase !== "over" && v.toAct.includes(v.you) ? [v.id] : [])));
    } finally {
      busy = false;
    }
  };
  if (typeof window !== "undefined") {
    void refresh();
    const timer = setInterval(() => void refresh(), EVERY_MS);
    const onShow = () => void refresh();
    document.addEventListener("visibilitychange", onShow);
    onCleanup(() => (clearInterval(timer), document.removeEventListener("visibilitychange", onShow)));
  }
  return {
    count: () => waiting().length,
    refresh,
    /** A table's own page knows better (its socket): it says whether it is your turn there. */
    set(tableId: string, yours: boolean) {
      if (untrack(waiting).includes(tableId) === yours) return; // unchanged: no new value, no loop
      const rest = untrack(waiting).filter((id) => id !== tableId);
      setWaiting(yours ? [...rest, tableId] : rest);
    },
  };
}

export const turns = createRoot(createTurns);
