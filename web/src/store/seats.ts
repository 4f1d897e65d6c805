// The seats this browser has opened ("My games"). The token is the seat's only key, so it lives
// here and in the link's fragment, never in a URL the server sees.
import { createRoot, createSignal } from "solid-js";
import { load, save } from "./persist";
import { linkSeat } from "./player";

export interface SeatEntry {
  id: string;
  token: string;
  /** Filled in once the table has been read. */
  seat?: number;
  name?: string;
  opened: number;
}

const KEY = "muli.seats";

function createSeats() {
  const [list, setList] = createSignal<SeatEntry[]>(load<SeatEntry[]>(KEY, []));
  const write = (next: SeatEntry[]) => {
    setList(next);
    save(KEY, next);
  };
  return {
    list,
    /** Remember (or refresh) a seat; the latest opened comes first. */
    remember(entry: Omit<SeatEntry, "opened">) {
      const rest = list().filter((e) => !(e.id === entry.id && e.token === entry.token));
      const old = list().find((e) => e.id === entry.id && e.token === entry.token);
      write([{ ...old, ...entry, opened: Date.now() }, ...rest]);
      if (!old) void linkSeat(entry.id, entry.token); // a new seat becomes this browser's player's
    },
    forget(id: string, token: string) {
      write(list().filter((e) => !(e.id === id && e.token === token)));
    },
    /** The token for a table opened without a fragment: the seat opened last. */
    tokenFor(id: string): string | undefined {
      return list().find((e) => e.id === id)?.token;
    },
  };
}

export const seats = createRoot(createSeats);
