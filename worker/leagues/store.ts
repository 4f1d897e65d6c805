// Every D1 read and write of leagues. The games themselves stay in the table server's tables;
// here live who sat where, the rounds and the outcomes copied from finished games.
import { and, desc, eq, inArray, isNull, or } from "drizzle-orm";
import { db } from "../db/handle";
import * as schema from "../db/schema";
import { inSlices } from "../db/slices";
import type { TableResult } from "./standings";
import type { SeatedTable } from "./seating";
import { openLinkOrNull, sealLink } from "../base/link-crypto";

export type LeagueRow = typeof schema.leagues.$inferSelect;
export type MemberRow = typeof schema.leagueMembers.$inferSelect;
export type RoundRow = typeof schema.leagueRounds.$inferSelect;
export type LeagueTableRow = typeof schema.leagueTables.$inferSelect;
export type NoticeRow = typeof schema.leagueNotices.$inferSelect;

/** What a result row holds per seat. */
export interface StoredSeatResult {
  member: string | null;
  points: number;
  place: number;
  /** The member is a reserve who took the seat over (worker/leagues/reserves.ts). */
  tookOver?: TakenOver;
}

/** A reserve took a seat over: from whom (null: a bot held it) and at which hand. */
export interface TakenOver {
  from: string | null;
  fromName: string;
  hand: number;
  at: number;
}

/** A key refused the row (drizzle wraps D1's error: look along the causes). */
function isUnique(e: unknown): boolean {
  for (let x: unknown = e; x; x = (x as { cause?: unknown }).cause) if (String(x).includes("UNIQUE constraint failed")) return true;
  return false;
}

export async function insertLeague(d1: D1Database, l: LeagueRow): Promise<void> {
  await db(d1).insert(schema.leagues).values(l);
}

export async function leagueById(d1: D1Database, id: string): Promise<LeagueRow | null> {
  return (await db(d1).select().from(schema.leagues).where(eq(schema.leagues.id, id)))[0] ?? null;
}

export async function updateLeague(d1: D1Database, id: string, patch: Partial<LeagueRow>): Promise<void> {
  await db(d1).update(schema.leagues).set(patch).where(eq(schema.leagues.id, id));
}

/** Swap the admin key's hashes, only if the key is still the one that asked; false otherwise. */
export async function replaceAdminKey(d1: D1Database, id: string, oldHash: string, patch: Pick<LeagueRow, "adminHash" | "adminFeedHash" | "inviteHash">): Promise<boolean> {
  const r = await db(d1).update(schema.leagues).set(patch).where(and(eq(schema.leagues.id, id), eq(schema.leagues.adminHash, oldHash)));
  return (r.meta?.changes ?? 0) === 1;
}

export async function membersOf(d1: D1Database, leagueId: string): Promise<MemberRow[]> {
  return db(d1).select().from(schema.leagueMembers).where(eq(schema.leagueMembers.leagueId, leagueId)).orderBy(schema.leagueMembers.joinedAt);
}

export type JoinOutcome = "ok" | "full" | "member" | "name";

/**
 * Insert a member, in one statement that also checks the cap (so concurrent joins cannot pass it
 * together); the keys refuse a second membership of a key and a second active look-alike name.
 */
export async function insertMember(d1: D1Database, m: MemberRow, cap: number): Promise<JoinOutcome> {
  try {
    const r = await d1
      .prepare(
        `INSERT INTO league_members (id, league_id, name, key_hash, feed_hash, player_id, status, joined_at, removed_at, name_key, join_address)
         SELECT ?, ?, ?, ?, ?, ?, 'active', ?, NULL, ?, ?
         WHERE (SELECT count(*) FROM league_members WHERE league_id = ? AND status = 'active') < ?`,
      )
      .bind(m.id, m.leagueId, m.name, m.keyHash, m.feedHash, m.playerId, m.joinedAt, m.nameKey, m.joinAddress, m.leagueId, cap)
      .run();
    return (r.meta.changes ?? 0) === 1 ? "ok" : "full";
  } catch (e) {
    if (!isUnique(e)) throw e;
    return String(e).includes("name_key") || String((e as { cause?: unknown }).cause).includes("name_key") ? "name" : "member";
  }
}

export async function updateMember(d1: D1Database, id: string, patch: Partial<MemberRow>): Promise<void> {
  await db(d1).update(schema.leagueMembers).set(patch).where(eq(schema.leagueMembers.id, id));
}

export async function roundsOf(d1: D1Database, leagueId: string): Promise<RoundRow[]> {
  return db(d1).select().from(schema.leagueRounds).where(eq(schema.leagueRounds.leagueId, leagueId)).orderBy(schema.leagueRounds.season, schema.leagueRounds.no);
}

/** Claim a round number (a round start claims it `starting`); false when that round exists already (a second start of it). */
export async function claimRound(d1: D1Database, r: RoundRow): Promise<boolean> {
  try {
    await db(d1).insert(schema.leagueRounds).values(r);
    return true;
  } catch (e) {
    if (isUnique(e)) return false;
    throw e;
  }
}

const sealOrNull = (link: string | null) => (link === null ? null : sealLink(link));

const roundKey = (leagueId: string, season: number, no: number) =>
  and(eq(schema.leagueRounds.leagueId, leagueId), eq(schema.leagueRounds.season, season), eq(schema.leagueRounds.no, no));

export async function dropRound(d1: D1Database, leagueId: string, season: number, no: number): Promise<void> {
  await db(d1).delete(schema.leagueRounds).where(roundKey(leagueId, season, no));
}

export async function updateRound(d1: D1Database, leagueId: string, season: number, no: number, patch: Partial<RoundRow>): Promise<void> {
  await db(d1).update(schema.leagueRounds).set(patch).where(roundKey(leagueId, season, no));
}

export interface NewLeagueTable {
  tableId: string;
  season: number;
  round: number;
  no: number;
  seats: SeatedTable;
  /** Each seat's link (its own token in the fragment), sealed; null for bots. */
  sealed: (string | null)[];
  /** The division seated at it (null: no divisions). */
  division?: number | null;
}

/**
 * A started round's tables, seats, notices and log entry, with its row no longer starting: one
 * batch, so a slice that fails leaves the round starting and nothing of it half written.
 */
export async function commitRound(d1: D1Database, leagueId: string, season: number, no: number, tables: NewLeagueTable[], notices: Omit<NoticeRow, "id">[], log: Omit<AdminLogRow, "id" | "undoneAt">): Promise<void> {
  const q = db(d1);
  const [first, ...rest] = [
    ...tables.map((t) => q.insert(schema.leagueTables).values({ tableId: t.tableId, leagueId, season: t.season, round: t.round, no: t.no, outcome: null, result: null, decidedAt: null, division: t.division ?? null })),
    ...tables.map((t) => q.insert(schema.leagueSeats).values(t.seats.map((memberId, seat) => ({ tableId: t.tableId, seat, memberId, link: t.sealed[seat] ?? null })))),
    ...noticeSlices(notices).map((part) => q.insert(schema.leagueNotices).values(part)),
    q.insert(schema.leagueAdminLog).values(log),
    q.update(schema.leagueRounds).set({ starting: false }).where(roundKey(leagueId, season, no)),
  ];
  await q.batch([first, ...rest]);
}

/**
 * Notices in parts of NOTICES_PER_INSERT rows: D1 binds at most 100 values per statement and a
 * notice row binds 5, so one insert for a league of 21 or more members failed (bench:cpu's 40).
 */
const NOTICES_PER_INSERT = 16;
const noticeSlices = <T>(rows: T[]): T[][] => Array.from({ length: Math.ceil(rows.length / NOTICES_PER_INSERT) }, (_, i) => rows.slice(i * NOTICES_PER_INSERT, (i + 1) * NOTICES_PER_INSERT));

export async function insertNotices(d1: D1Database, notices: Omit<NoticeRow, "id">[]): Promise<void> {
  const q = db(d1);
  const [first, ...rest] = noticeSlices(notices).map((part) => q.insert(schema.leagueNotices).values(part));
  if (first) await q.batch([first, ...rest]);
}

export async function noticesFor(d1: D1Database, leagueId: string, memberId: string | null, limit = 30): Promise<NoticeRow[]> {
  const who = memberId === null ? isNull(schema.leagueNotices.memberId) : or(isNull(schema.leagueNotices.memberId), eq(schema.leagueNotices.memberId, memberId));
  return db(d1)
    .select()
    .from(schema.leagueNotices)
    .where(and(eq(schema.leagueNotices.leagueId, leagueId), who))
    .orderBy(desc(schema.leagueNotices.at), desc(schema.leagueNotices.id))
    .limit(limit);
}

/**
 * The members who were ever given a seat at one of `tableIds` (when the round was seated, or a
 * seat was handed to them later): each such seat left them a notice naming the table.
 */
export async function everSeatedAt(d1: D1Database, leagueId: string, tableIds: string[]): Promise<Set<string>> {
  const rows = await inSlices(tableIds, async (ids) => {
    const { results } = await d1
      .prepare(
        `SELECT DISTINCT member_id AS m FROM league_notices WHERE league_id = ? AND member_id IS NOT NULL
         AND kind IN ('roundStarted', 'seatGiven') AND json_extract(data, '$.tableId') IN (${ids.map(() => "?").join(", ")})`,
      )
      .bind(leagueId, ...ids)
      .all<{ m: string }>();
    return results;
  });
  return new Set(rows.map((r) => r.m));
}

export interface LeagueTable extends LeagueTableRow {
  /** Seat holders in seat order (null = bot). */
  holders: (string | null)[];
  /** Each seat's sealed link (null: a bot, or a seat from before seats had links of their own). */
  sealedLinks: (string | null)[];
  /** Per seat: the reserve's takeover, if a reserve holds it. */
  takenOver: (TakenOver | null)[];
}

/** The season and round a table of the league was played in (null: no such table of the league). */
export async function roundOfTable(d1: D1Database, leagueId: string, tableId: string): Promise<{ season: number; round: number } | null> {
  const rows = await db(d1).select({ season: schema.leagueTables.season, round: schema.leagueTables.round }).from(schema.leagueTables).where(and(eq(schema.leagueTables.leagueId, leagueId), eq(schema.leagueTables.tableId, tableId)));
  return rows[0] ?? null;
}

/** The league's tables (`only`: of one season, or one round of it; `running`: those without an outcome yet). */
export async function tablesOf(d1: D1Database, leagueId: string, only?: { season: number; round?: number; running?: boolean }): Promise<LeagueTable[]> {
  const q = db(d1);
  const T = schema.leagueTables;
  const which = and(eq(T.leagueId, leagueId), only ? eq(T.season, only.season) : undefined, only?.round !== undefined ? eq(T.round, only.round) : undefined, only?.running ? isNull(T.outcome) : undefined);
  const [rows, seats] = await q.batch([
    q.select().from(T).where(which).orderBy(T.season, T.round, T.no),
    q
      .select({ tableId: schema.leagueSeats.tableId, seat: schema.leagueSeats.seat, memberId: schema.leagueSeats.memberId, link: schema.leagueSeats.link, takenOver: schema.leagueSeats.takenOver })
      .from(schema.leagueSeats)
      .innerJoin(T, eq(T.tableId, schema.leagueSeats.tableId))
      .where(which),
  ]);
  const holders = new Map<string, (string | null)[]>();
  const links = new Map<string, (string | null)[]>();
  const taken = new Map<string, (TakenOver | null)[]>();
  for (const s of seats) {
    const h = holders.get(s.tableId) ?? [];
    const l = links.get(s.tableId) ?? [];
    const o = taken.get(s.tableId) ?? [];
    h[s.seat] = s.memberId;
    l[s.seat] = s.link;
    o[s.seat] = s.takenOver ? (JSON.parse(s.takenOver) as TakenOver) : null;
    holders.set(s.tableId, h);
    links.set(s.tableId, l);
    taken.set(s.tableId, o);
  }
  return rows.map((r) => ({ ...r, holders: holders.get(r.tableId) ?? [], sealedLinks: links.get(r.tableId) ?? [], takenOver: Array.from(holders.get(r.tableId) ?? [], (_, i) => taken.get(r.tableId)?.[i] ?? null) }));
}

/** The seat's link, opened (null for a bot seat, an old seat without one, or one that does not open). */
export async function seatLinkOf(t: LeagueTable, seat: number): Promise<string | null> {
  const sealed = t.sealedLinks[seat];
  return sealed ? openLinkOrNull(sealed, `${t.tableId}:${seat}`) : null;
}

/** A new holder of a seat (`takenOver`: a reserve's takeover; any other handover clears it). */
export async function setSeatHolder(d1: D1Database, tableId: string, seat: number, memberId: string | null, link: string | null, takenOver: TakenOver | null = null): Promise<void> {
  await db(d1)
    .update(schema.leagueSeats)
    .set({ memberId, link: await sealOrNull(link), takenOver: takenOver && JSON.stringify(takenOver) })
    .where(and(eq(schema.leagueSeats.tableId, tableId), eq(schema.leagueSeats.seat, seat)));
}

/** Record an outcome unless the table has one already; false if it had. */
export async function decideTable(
  d1: D1Database,
  tableId: string,
  outcome: "finished" | "scored" | "annulled",
  result: StoredSeatResult[] | null,
  at: number,
): Promise<boolean> {
  const r = await db(d1)
    .update(schema.leagueTables)
    .set({ outcome, result: result && JSON.stringify(result), decidedAt: at })
    .where(and(eq(schema.leagueTables.tableId, tableId), isNull(schema.leagueTables.outcome)));
  return (r.meta?.changes ?? 0) === 1;
}

/** The outcomes that count for standings (annulled and running tables do not). */
export function resultsOf(tables: LeagueTable[]): TableResult[] {
  return tables
    .filter((t) => (t.outcome === "finished" || t.outcome === "scored") && t.result)
    .map((t) => ({
      tableId: t.tableId,
      season: t.season,
      round: t.round,
      at: t.decidedAt ?? 0,
      how: t.outcome as "finished" | "scored",
      seats: JSON.parse(t.result!) as StoredSeatResult[],
    }));
}

/** A league notice row (what the page lists, newest first). */
export const noticeRow = (league: LeagueRow, memberId: string | null, kind: string, data: unknown, at: number): Omit<NoticeRow, "id"> => ({
  leagueId: league.id,
  memberId,
  kind,
  data: JSON.stringify(data),
  at,
});

// ---- a player's leagues, the admin log ------------------------------------------------------

export type AdminLogRow = typeof schema.leagueAdminLog.$inferSelect;

/** Keep a league's admin key (sealed) for the player who made the league. */
export async function keepAdminKey(d1: D1Database, leagueId: string, playerId: string, adminKey: string, at: number): Promise<void> {
  await db(d1)
    .insert(schema.leagueAdmins)
    .values({ leagueId, playerId, adminKey: await sealLink(adminKey), at })
    .onConflictDoUpdate({ target: [schema.leagueAdmins.leagueId, schema.leagueAdmins.playerId], set: { adminKey: await sealLink(adminKey) } });
}

/** The admin key was replaced: whoever keeps it (the creating player) keeps the new one. */
export async function resealAdminKey(d1: D1Database, leagueId: string, adminKey: string): Promise<void> {
  await db(d1).update(schema.leagueAdmins).set({ adminKey: await sealLink(adminKey) }).where(eq(schema.leagueAdmins.leagueId, leagueId));
}

/**
 * The leagues a player belongs to (active memberships) or keeps the admin key of. (Two reads and
 * no join: D1 answers columns by name, and a league's and a member's `name` would collide.)
 */
export async function leaguesOfPlayer(d1: D1Database, playerId: string) {
  const q = db(d1);
  const [members, admins] = await q.batch([
    q.select().from(schema.leagueMembers).where(and(eq(schema.leagueMembers.playerId, playerId), eq(schema.leagueMembers.status, "active"))),
    q.select().from(schema.leagueAdmins).where(eq(schema.leagueAdmins.playerId, playerId)),
  ]);
  const ids = [...new Set([...members.map((m) => m.leagueId), ...admins.map((a) => a.leagueId)])];
  const leagues = new Map((await inSlices(ids, (part) => q.select().from(schema.leagues).where(inArray(schema.leagues.id, part)))).map((l) => [l.id, l]));
  return {
    memberships: members.flatMap((member) => (leagues.has(member.leagueId) ? [{ league: leagues.get(member.leagueId)!, member }] : [])),
    admins: admins.flatMap((a) => (leagues.has(a.leagueId) ? [{ league: leagues.get(a.leagueId)!, sealed: a.adminKey }] : [])),
  };
}

/** The seats members hold at a season's tables, by member: [table id, outcome]. */
export async function seatsOfMembers(d1: D1Database, memberIds: string[]): Promise<{ memberId: string; tableId: string; leagueId: string; outcome: string | null }[]> {
  if (!memberIds.length) return [];
  const q = db(d1);
  const rows = await inSlices(memberIds, (part) =>
    q
      .select({ memberId: schema.leagueSeats.memberId, tableId: schema.leagueSeats.tableId, leagueId: schema.leagueTables.leagueId, outcome: schema.leagueTables.outcome })
      .from(schema.leagueSeats)
      .innerJoin(schema.leagueTables, eq(schema.leagueTables.tableId, schema.leagueSeats.tableId))
      .where(inArray(schema.leagueSeats.memberId, part)),
  );
  return rows.flatMap((r) => (r.memberId ? [{ ...r, memberId: r.memberId }] : []));
}

export async function logAdmin(d1: D1Database, row: Omit<AdminLogRow, "id" | "undoneAt">): Promise<number> {
  const [r] = await db(d1).insert(schema.leagueAdminLog).values(row).returning({ id: schema.leagueAdminLog.id });
  return r.id;
}

export async function adminLogOf(d1: D1Database, leagueId: string, limit = 50): Promise<AdminLogRow[]> {
  return db(d1).select().from(schema.leagueAdminLog).where(eq(schema.leagueAdminLog.leagueId, leagueId)).orderBy(desc(schema.leagueAdminLog.id)).limit(limit);
}

export async function adminLogEntry(d1: D1Database, leagueId: string, id: number): Promise<AdminLogRow | null> {
  return (await db(d1).select().from(schema.leagueAdminLog).where(and(eq(schema.leagueAdminLog.leagueId, leagueId), eq(schema.leagueAdminLog.id, id))))[0] ?? null;
}

/** Mark an entry undone, once: false when it was undone already (a second undo does nothing). */
export async function markUndone(d1: D1Database, id: number, at: number): Promise<boolean> {
  const r = await db(d1).update(schema.leagueAdminLog).set({ undoneAt: at }).where(and(eq(schema.leagueAdminLog.id, id), isNull(schema.leagueAdminLog.undoneAt)));
  return (r.meta?.changes ?? 0) === 1;
}

/** A removed member active again (an undone removal); false when their name is taken meanwhile. */
export async function reactivateMember(d1: D1Database, id: string): Promise<boolean> {
  try {
    await db(d1).update(schema.leagueMembers).set({ status: "active", removedAt: null }).where(eq(schema.leagueMembers.id, id));
    return true;
  } catch (e) {
    if (isUnique(e)) return false;
    throw e;
  }
}
