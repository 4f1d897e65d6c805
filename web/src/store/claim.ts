// Making and finding this browser's player: a sign-in key checked before it is kept, the player
// made silently at the first click that needs one, a seat opened here linked to it. Loaded by the
// pages that need it (the table page on the side), not with the table page itself.
import * as players from "../api/players";
import * as signInApi from "../api/sign-in";
import type { SignedIn } from "../api/sign-in";
import { ApiError } from "../api/request";
import { playerKey, setNotice, setPlayerKey, withKey } from "./player";
import { settings } from "./settings";

const LINK_TOKEN = /^sl_[A-Za-z0-9_-]{32}$/;
const MAIL_TOKEN = /^m_[A-Za-z0-9_-]{32}$/;

/** This device's own key, from whatever signed it in. */
export function adopt(r: SignedIn): void {
  setPlayerKey(r.key);
  setNotice({ kind: "signedIn", name: r.name });
}

/**
 * A sign-in link opened here: one another device made, or an e-mailed one (each used once). Only what the server accepts is kept; anything else leaves a notice.
 */
export async function signIn(secret: string): Promise<boolean> {
  const mail = MAIL_TOKEN.test(secret);
  if (!mail && !LINK_TOKEN.test(secret)) {
    setNotice({ kind: "badLink" });
    return false;
  }
  try {
    adopt(mail ? await signInApi.withMail(secret) : await signInApi.withLink(secret));
    return true;
  } catch (e) {
    setNotice({ kind: e instanceof ApiError && e.status === 0 ? "offline" : mail ? "spentMail" : "badLink" });
    return false;
  }
}

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

