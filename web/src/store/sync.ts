// What this browser's player holds on the server, brought here: its seats ("My games" on every
// device the person signs in on) and the host keys of the tables it created.
import { createRoot, createSignal } from "solid-js";
import type { Profile } from "../api/players";
import * as players from "../api/players";
import { hosts } from "./hosts";
import { playerKey, withKey } from "./player";
import { seats } from "./seats";

// Where the player's older finished seats go on (the profile brings the newest ones; null: none).
const [moreFinished, setMoreFinished] = createRoot(() => createSignal<string | null>(null));
export { moreFinished };

const adoptSeats = (list: Profile["seats"]) =>
  seats.adopt(
    list.flatMap((s) => {
      const token = s.link.split("#")[1];
      return token ? [{ id: s.table, token: decodeURIComponent(token), seat: s.seat, name: s.name }] : [];
    }),
  );

/** Take the profile's seats and host links into this browser's lists. */
export function adoptProfile(p: Profile): void {
  adoptSeats(p.seats);
  setMoreFinished(p.moreFinished);
  for (const h of p.hosted) {
    const key = h.link.split("#")[1];
    if (key) hosts.keep(h.table, decodeURIComponent(key));
  }
}

/** Fetch the profile (if this browser has a player) and adopt it; a refused key is dropped. */
export async function syncFromPlayer(): Promise<void> {
  if (!playerKey()) return;
  try {
    adoptProfile(await withKey(players.me));
  } catch {
    // offline or refused (withKey dropped the key and said so)
  }
}

/** "Show older finished games": the next page of the player's finished seats into this browser's list. */
export async function loadMoreFinished(): Promise<void> {
  const after = moreFinished();
  if (!after || !playerKey()) return;
  const page = await withKey((key) => players.finishedSeats(key, after));
  adoptSeats(page.seats);
  setMoreFinished(page.moreFinished);
}
