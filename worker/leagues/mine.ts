// "My leagues": the leagues a player belongs to (joined with their player) or made (their admin key
// kept sealed for them), so every device the player signs in on finds them, and which of their
// tables are league tables ("My games" marks them).
import { openLinkOrNull } from "../base/link-crypto";
import * as store from "./store";

export interface MyLeague {
  id: string;
  name: string;
  season: number;
  /** The player's membership, if they joined (their player key is the member's key). */
  member: string | null;
  /** The league's admin key, for the player who made the league. */
  adminKey: string | null;
  /** The league tables the player holds a seat at, the running ones first. */
  tables: { tableId: string; running: boolean }[];
}

/** At most this many tables per league are listed (the newest rounds' are what "My games" holds). */
const TABLES_PER_LEAGUE = 200;

export async function myLeagues(d1: D1Database, playerId: string): Promise<MyLeague[]> {
  const { memberships, admins } = await store.leaguesOfPlayer(d1, playerId);
  const out = new Map<string, MyLeague>();
  const entry = (l: store.LeagueRow): MyLeague => {
    let e = out.get(l.id);
    if (!e) out.set(l.id, (e = { id: l.id, name: l.name, season: l.season, member: null, adminKey: null, tables: [] }));
    return e;
  };
  for (const { league, member } of memberships) entry(league).member = member.id;
  for (const { league, sealed } of admins) entry(league).adminKey = await openLinkOrNull(sealed, `admin key of ${league.id}`);
  const seats = await store.seatsOfMembers(d1, memberships.map((m) => m.member.id));
  for (const s of seats) out.get(s.leagueId)?.tables.push({ tableId: s.tableId, running: s.outcome === null });
  for (const e of out.values()) {
    e.tables.sort((a, b) => Number(b.running) - Number(a.running));
    e.tables = e.tables.slice(0, TABLES_PER_LEAGUE);
  }
  return [...out.values()].sort((a, b) => a.name.localeCompare(b.name));
}
