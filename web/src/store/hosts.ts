// Host keys this browser holds (the tables it created, or whose host link it opened), by table.
// The key also stays with the host's player on the server (GET /api/players/me → hosted), so a
// new device signed in as that player gets them back.
import { createRoot, createSignal } from "solid-js";
import { load, save } from "./persist";

const KEY = "muli.hosts";

function createHosts() {
  const [list, setList] = createSignal<{ id: string; key: string }[]>(load(KEY, []));
  return {
    list,
    keep(id: string, key: string) {
      if (list().some((h) => h.id === id && h.key === key)) return;
      const next = [{ id, key }, ...list().filter((h) => h.id !== id)];
      setList(next);
      save(KEY, next);
    },
    keyFor: (id: string): string | undefined => list().find((h) => h.id === id)?.key,
  };
}

export const hosts = createRoot(createHosts);
