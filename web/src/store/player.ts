// The player of this browser (correspondence play): a secret key in localStorage, carried to
// another device by the sign-in link (/signin#key). It is made silently at the first click that
// needs it (creating a table, opening a seat link, joining a league), so seats belong to a person,
// not to a browser. A key that does not open a player (mistyped, cut off, revoked) is dropped,
// with a notice, and every page goes on working without it. `createProfile` is the settings
// page's store of the profile.
import { createResource, createRoot, createSignal } from "solid-js";
import * as players from "../api/players";
import { ApiError } from "../api/request";
import { load, save } from "./persist";
import { settings } from "./settings";

const KEY = "muli.player";
const PLAYER_KEY = /^pk_[A-Za-z0-9_-]{32}$/;

export type PlayerNotice = { kind: "badLink" | "revoked" | "offline" } | { kind: "signedIn"; name: string };

const state = createRoot(() => {
  const [key, setKey] = createSignal<string | null>(load<string | null>(KEY, null));
  const [notice, setNotice] = createSignal<PlayerNotice | null>(null);
  return { key, setKey, notice, setNotice };
});

export const playerKey = state.key;
export const playerNotice = state.notice;
export const dismissNotice = (): void => void state.setNotice(null);

function setPlayerKey(key: string | null): void {
  save(KEY, key);
  state.setKey(key);
}

/** The server said this key opens nothing (any more): forget it, say so. */
export function dropKey(kind: "badLink" | "revoked" = "revoked"): void {
  setPlayerKey(null);
  state.setNotice({ kind });
}

/** A call with the key that may find it refused: a 401 drops it (the caller gets the error too). */
export async function withKey<T>(fn: (key: string) => Promise<T>): Promise<T> {
  const key = playerKey();
  if (!key) throw new ApiError(401, "UNAUTHORIZED", "no player");
  try {
    return await fn(key);
  } catch (e) {
    if (e instanceof ApiError && e.status === 401 && playerKey() === key) dropKey("revoked");
    throw e;
  }
}

/** A sign-in key (from a link, a passkey, an e-mail): kept only once the server says it opens a player. */
export async function signIn(key: string): Promise<boolean> {
  if (!PLAYER_KEY.test(key)) {
    state.setNotice({ kind: "badLink" });
    return false;
  }
  try {
    const p = await players.me(key);
    setPlayerKey(key);
    state.setNotice({ kind: "signedIn", name: p.name });
    return true;
  } catch (e) {
    state.setNotice({ kind: e instanceof ApiError && e.status === 0 ? "offline" : "badLink" });
    return false;
  }
}

// A sign-in link opened here: check the key, drop it from the address bar, go to the settings.
if (typeof location !== "undefined" && location.pathname === "/signin") {
  const key = decodeURIComponent(location.hash.slice(1));
  history.replaceState(null, "", "/settings");
  void signIn(key);
}

export const signInLink = (key: string): string => `${location.origin}/signin#${key}`;

let making: Promise<string | null> | null = null;

/** This browser's player, made silently (with `name`) if it has none; null when offline. */
export function ensurePlayer(name: string): Promise<string | null> {
  const key = playerKey();
  if (key) return Promise.resolve(key);
  making ??= players
    .create(name.trim().slice(0, 40) || "Muli", settings.lang())
    .then((r) => (setPlayerKey(r.key), r.key))
    .catch(() => null)
    .finally(() => (making = null));
  return making;
}

/**
 * Opening a seat link makes the seat this browser's player's (the player made with the seat's
 * name if there is none). Best effort: offline, the next opening tries again.
 */
export async function claimSeat(table: string, token: string, name: string): Promise<boolean> {
  if (!(await ensurePlayer(name))) return false;
  try {
    await withKey((k) => players.linkSeat(k, table, token));
    return true;
  } catch {
    return false;
  }
}

/** The player's profile and what was sent to them, with the calls that change them. */
export function createProfile(onProfile: (p: players.Profile) => void) {
  const key = playerKey;
  // A refused key is dropped by withKey: the page shows "no player" instead of waiting forever.
  const [profile, { refetch, mutate }] = createResource(key, async () => {
    try {
      const p = await withKey(players.me);
      onProfile(p);
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
