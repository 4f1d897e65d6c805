// League secrets. The admin key, the member keys (or a member's player key) and what derives from
// them: only SHA-256 hashes are stored. The invite code and the calendar-feed keys are derived from
// a key, so the server can show them again to whoever presents that key without storing them.
import { base64url, randomBytes } from "../base/secrets";

export const newLeagueId = (): string => "l_" + base64url(randomBytes(12));
export const newMemberId = (): string => "m_" + base64url(randomBytes(9));
export const LEAGUE_ID = /^l_[A-Za-z0-9_-]{16}$/;

async function derive(purpose: string, key: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(`muli-league-${purpose}:${key}`));
  return base64url(new Uint8Array(digest)).slice(0, 32);
}

/**
 * The invite code of a league: a function of its admin key and of how often the admin has rotated
 * the invite (generation 0 is the first invite), so a rotated invite never comes back.
 */
export const inviteFor = (adminKey: string, generation = 0) => derive(generation === 0 ? "invite" : `invite-${generation}`, adminKey);
/** A read-only key for the calendar and CSV feeds (they are fetched without headers). */
export const feedFor = (key: string) => derive("feed", key);
