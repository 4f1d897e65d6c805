// The seats this browser has opened ("My games"). The token is the seat's only key, so it lives
// here and in the link's fragment, never in a URL the server sees. Seats are also kept by this
// browser's player (store/player.ts), so another device signed in as the same player gets them.
import { createRoot, createSignal } from "solid-js";
import { load, save } from "./persist";

export interface SeatEntry {
  id: string;
  token: string;
  /** Filled in once the table has been read. */
  seat?: number;
  name?: string;
  opened: number;
  /** The seat is this browser's player's (so it follows them to their other devices). */
  linked?: boolean;
}

const KEY = "muli.seats";
/** Seats forgotten here, which the player's list must not bring back unasked. */
const FORGOTTEN = "muli.forgotten";

const same = (a: { id: string; token: string }, b: { id: string; token: string }) => a.id === b.id && a.token === b.token;

function createSeats() {
  const [list, setList] = createSignal<SeatEntry[]>(load<SeatEntry[]>(KEY, []));
  const [forgotten, setForgotten] = createSignal<{ id: string; token: string }[]>(load(FORGOTTEN, []));
  const write = (next: SeatEntry[]) => {
    setList(next);
    save(KEY, next);
  };
  const writeForgotten = (next: { id: string; token: string }[]) => {
    setForgotten(next);
    save(FORGOTTEN, next);
  };
  return {
    list,
    forgotten,
    /** Remember (or refresh) a seat; the latest opened comes first. */
    remember(entry: Omit<SeatEntry, "opened">) {
      const rest = list().filter((e) => !same(e, entry));
      const old = list().find((e) => same(e, entry));
      write([{ ...old, ...entry, opened: Date.now() }, ...rest]);
      if (forgotten().some((f) => same(f, entry))) writeForgotten(forgotten().filter((f) => !same(f, entry)));
    },
    /** Seats the player holds (signed in on another device): added unless forgotten here. */
    adopt(entries: Omit<SeatEntry, "opened">[]) {
      const fresh = entries.filter((e) => !list().some((x) => same(x, e)) && !forgotten().some((f) => same(f, e)));
      if (fresh.length) write([...list(), ...fresh.map((e) => ({ ...e, opened: 0, linked: true }))]);
    },
    forget(id: string, token: string) {
      write(list().filter((e) => !same(e, { id, token })));
      writeForgotten([...forgotten().filter((f) => !same(f, { id, token })), { id, token }]);
    },
    /** "Show forgotten games": the player's seats come back on the next look. */
    unforget() {
      writeForgotten([]);
    },
    /** The token for a table opened without a fragment: the seat opened last. */
    tokenFor(id: string): string | undefined {
      return list().find((e) => e.id === id)?.token;
    },
    entry(id: string, token: string): SeatEntry | undefined {
      return list().find((e) => same(e, { id, token }));
    },
  };
}

export const seats = createRoot(createSeats);
