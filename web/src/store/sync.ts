// What this browser's player holds on the server, brought here: its seats ("My games" on every
// device the person signs in on) and the host keys of the tables it created.
import type { Profile } from "../api/players";
import * as players from "../api/players";
import { hosts } from "./hosts";
import { playerKey, withKey } from "./player";
import { seats } from "./seats";

/** Take the profile's seats and host links into this browser's lists. */
export function adoptProfile(p: Profile): void {
  seats.adopt(
    p.seats.flatMap((s) => {
      const token = s.link.split("#")[1];
      return token ? [{ id: s.table, token: decodeURIComponent(token), seat: s.seat, name: s.name }] : [];
    }),
  );
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
