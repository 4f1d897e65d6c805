// The player of this browser (correspondence play): a secret key in localStorage, carried to
// another device by the sign-in link (/signin#key). Seats this browser opens are linked to it, so
// turn messages can reach the player. `createProfile` is the settings page's store of the profile.
import { createResource, createSignal } from "solid-js";
import * as players from "../api/players";
import { load, save } from "./persist";

const KEY = "muli.player";

export const playerKey = (): string | null => load<string | null>(KEY, null);
const setPlayerKey = (key: string | null): void => save(KEY, key);

// A sign-in link opened here: keep the key, drop it from the address bar, go to the settings.
if (typeof location !== "undefined" && location.pathname === "/signin" && /^#pk_[\w-]+$/.test(location.hash)) {
  setPlayerKey(location.hash.slice(1));
  history.replaceState(null, "", "/settings");
}

export const signInLink = (key: string): string => `${location.origin}/signin#${key}`;

/** Opening a seat link links the seat to this browser's player (if there is one); best effort. */
export async function linkSeat(table: string, token: string): Promise<void> {
  const key = playerKey();
  if (!key) return;
  try {
    await players.linkSeat(key, table, token);
  } catch {
    // Offline or an old seat: the next opening tries again.
  }
}

/** The player's profile and what was sent to them, with the calls that change them. */
export function createProfile(onProfile: (p: players.Profile) => void) {
  const [key, setKey] = createSignal(playerKey());
  const [profile, { refetch, mutate }] = createResource(key, async (k) => {
    const p = await players.me(k);
    onProfile(p);
    return p;
  });
  const [outbox, { refetch: refetchOutbox }] = createResource(key, (k) => players.outbox(k));
  const k = () => key()!;
  const reload = async () => {
    await refetch();
    await refetchOutbox();
  };
  return {
    key,
    profile,
    outbox,
    async create(name: string, language: players.Lang) {
      const r = await players.create(name, language);
      setPlayerKey(r.key);
      setKey(r.key);
      return r;
    },
    reload,
    update: async (patch: Parameters<typeof players.update>[1]) => void mutate(await players.update(k(), patch)),
    addChannel: async (channel: players.NewChannel) => (await players.addChannel(k(), channel), reload()),
    removeChannel: async (id: number) => (await players.removeChannel(k(), id), reload()),
    /** The test message is queued; its outcome shows in the outbox a little later. */
    testChannel: async (id: number) => (await players.testChannel(k(), id), setTimeout(refetchOutbox, 3000)),
    enablePush: async (vapidPublicKey: string) => (await players.enablePush(k(), vapidPublicKey), reload()),
    startVacation: async (days: number) => void mutate(await players.startVacation(k(), days)),
    endVacation: async () => void mutate(await players.endVacation(k())),
  };
}
