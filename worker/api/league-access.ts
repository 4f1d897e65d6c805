// Who is asking a league route: decided by the key in `Authorization: Bearer …` (the admin key, a
// member's key: a league member key or their player key, or none: a guest, who sees a public league
// only). Feeds fetched by calendar apps carry a read-only `?feed=` key instead.
import type { Context } from "hono";
import type { Env } from "../base/env";
import { raise } from "../base/failure";
import { hashToken, sameHash } from "../base/secrets";
import { LEAGUE_ID } from "../leagues/keys";
import * as store from "../leagues/store";
import type { LeagueRow, MemberRow } from "../leagues/store";
import { bearer } from "./guard";
import { limitToken } from "./rate-limit";
import { PLAYER_KEY } from "../players/keys";
import { playerByKeyHash } from "../players/store";

type Ctx = Context<{ Bindings: Env }>;

export type Role = { kind: "admin"; key: string } | { kind: "member"; key: string; member: MemberRow } | { kind: "guest" };

export interface Loaded {
  league: LeagueRow;
  members: MemberRow[];
  role: Role;
}

/** The league and the caller's role; a private league does not exist for guests. */
export async function loadLeague(c: Ctx, opts: { guestsOk?: boolean } = {}): Promise<Loaded> {
  const id = c.req.param("id") ?? "";
  if (!LEAGUE_ID.test(id)) return raise(404, "NOT_FOUND", "There is no such league.");
  const key = bearer(c);
  let hash: string | null = null;
  if (key) {
    if (key.length > 200) raise(401, "UNAUTHORIZED", "This key does not open this league.");
    hash = await hashToken(key);
    await limitToken(c, hash);
  }
  const league = await store.leagueById(c.env.DB, id);
  if (!league) return raise(404, "NOT_FOUND", "There is no such league.");
  const members = await store.membersOf(c.env.DB, id);
  let role: Role = { kind: "guest" };
  if (key && hash) {
    if (sameHash(league.adminHash, hash)) role = { kind: "admin", key };
    else {
      // Every active member is compared, so the time taken does not tell which one matched.
      let found: MemberRow | null = null;
      for (const m of members) if (m.status === "active" && sameHash(m.keyHash, hash)) found = m;
      // A member who joined with their player: any device of theirs (each has its own key).
      if (!found && PLAYER_KEY.test(key)) {
        const player = await playerByKeyHash(c.env.DB, hash);
        found = (player && members.find((m) => m.status === "active" && m.playerId === player.id)) || null;
      }
      if (found) role = { kind: "member", key, member: found };
      // Anyone may look at a public league, whatever key their browser sends along.
      else if (!opts.guestsOk && league.visibility === "private") raise(401, "UNAUTHORIZED", "This key does not open this league.");
    }
  }
  if (role.kind === "guest" && league.visibility === "private" && !opts.guestsOk) raise(404, "NOT_FOUND", "There is no such league.");
  return { league, members, role };
}

export async function loadAdmin(c: Ctx): Promise<Loaded & { role: { kind: "admin"; key: string } }> {
  const l = await loadLeague(c);
  if (l.role.kind !== "admin") raise(403, "FORBIDDEN", "Only the league's admin may do this.");
  return l as Loaded & { role: { kind: "admin"; key: string } };
}

/** Feeds (CSV, calendar) open with `?feed=` or a bearer key; public leagues need neither. */
export async function loadFeed(c: Ctx): Promise<Loaded> {
  const feed = c.req.query("feed");
  if (!feed) return loadLeague(c);
  const l = await loadLeague(c, { guestsOk: true });
  if (feed.length > 100) raise(401, "UNAUTHORIZED", "This feed key does not open this league.");
  const hash = await hashToken(feed);
  let ok = sameHash(l.league.adminFeedHash, hash);
  for (const m of l.members) if (m.status === "active" && sameHash(m.feedHash, hash)) ok = true;
  if (!ok && l.league.visibility === "private") raise(404, "NOT_FOUND", "There is no such league.");
  return l;
}
