// The player of this browser (correspondence play): a secret key in localStorage, carried to
// another device by the sign-in link (/signin#key). It is made silently at the first click that
// needs it (creating a table, opening a seat link, joining a league), so seats belong to a person,
// not to a browser. A key that does not open a player (mistyped, cut off, revoked) is dropped,
// with a notice, and every page goes on working without it. `createProfile` is the settings
// page's store of the profile.
import { createRoot, createSignal } from "solid-js";
import * as players from "../api/players";
import { ApiError } from "../api/request";
import { load, save } from "./persist";

const KEY = "muli.player";

export type PlayerNotice = { kind: "badLink" | "spentMail" | "revoked" | "offline" } | { kind: "signedIn"; name: string };

const state = createRoot(() => {
  const [key, setKey] = createSignal<string | null>(load<string | null>(KEY, null));
  const [notice, setNotice] = createSignal<PlayerNotice | null>(null);
  return { key, setKey, notice, setNotice };
});

export const playerKey = state.key;
export const playerNotice = state.notice;
export const dismissNotice = (): void => void state.setNotice(null);

export const setNotice = (n: PlayerNotice | null): void => void state.setNotice(n);

export function setPlayerKey(key: string | null): void {
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

/**
 * A sign-in link opened here (/signin#key): its key, taken out of the address bar before the
 * router reads the path (this module loads first), so the settings page opens; store/claim.ts
 * checks it before it is kept.
 */
export const signInFromAddress: string | null = (() => {
  if (location.pathname !== "/signin") return null;
  const key = decodeURIComponent(location.hash.slice(1));
  history.replaceState(null, "", "/settings");
  return key;
})();
