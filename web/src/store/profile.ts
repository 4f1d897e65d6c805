// The settings page's store of the player's profile and outbox, with the calls that change them.
import { createResource } from "solid-js";
import * as players from "../api/players";
import { playerKey, setPlayerKey, withKey } from "./player";

/** The player's profile and what was sent to them, with the calls that change them. */
export function createProfile(onProfile: (p: players.Profile) => void) {
  const key = playerKey;
  // A refused key is dropped by withKey: the page shows "no player" instead of waiting forever.
  const [profile, { refetch, mutate }] = createResource(key, async () => {
    try {
      const p = await withKey(players.me);
      onProfile(p);
      // The server's push key changed since this device subscribed: subscribe anew (best effort).
      if (p.vapidPublicKey) void withKey((k) => players.renewPush(k, p.vapidPublicKey!)).catch(() => false);
      return p;
    } catch {
      return undefined;
    }
  });
  const [outbox, { refetch: refetchOutbox }] = createResource(key, () => withKey(players.outbox).catch(() => []));
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
      return r;
    },
    reload,
    update: async (patch: Parameters<typeof players.update>[1]) => void mutate(await withKey((k) => players.update(k, patch))),
    addChannel: async (channel: players.NewChannel) => (await withKey((k) => players.addChannel(k, channel)), reload()),
    removeChannel: async (id: number) => (await withKey((k) => players.removeChannel(k, id)), reload()),
    /** The test message is queued; its outcome shows in the outbox a little later. */
    testChannel: async (id: number) => (await withKey((k) => players.testChannel(k, id)), setTimeout(refetchOutbox, 3000)),
    enablePush: async (vapidPublicKey: string) => (await withKey((k) => players.enablePush(k, vapidPublicKey)), reload()),
    startVacation: async (days: number) => void mutate(await withKey((k) => players.startVacation(k, days))),
    endVacation: async () => void mutate(await withKey((k) => players.endVacation(k))),
  };
}
