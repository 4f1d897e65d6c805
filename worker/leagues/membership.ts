// Who belongs to a league: joining through the invite, leaving or being removed (their seats at
// running tables go to bots), a ban, and undoing a removal within a minute.
import type { Env } from "../base/env";
import { raise } from "../base/failure";
import { hashToken, newToken, sameHash } from "../base/secrets";
import { playerByKeyHash } from "../players/store";
import { addressKey, ban, isBanned } from "./bans";
import { handOver, releaseSeats, type HeldSeat } from "./games";
import { feedFor, newMemberId } from "./keys";
import { logAndNotify } from "./news";
import { runningTables } from "./state";
import * as store from "./store";
import type { LeagueRow, MemberRow } from "./store";
import { timeNow } from "../base/clock";

/** Members per league: the seating plans every pair, and a club is not a city. */
export const MAX_MEMBERS = 100;

/** A removal by the admin can be undone this long (its seats come back while their games run). */
export const UNDO_MS = 60_000;

export interface JoinInput {
  invite: string;
  name: string;
  /** A name's skeleton (look-alikes share it): the new member's, and older members' without one stored. */
  skeleton: (name: string) => string;
  /** The bearer key the request came with, unless it is the league's admin key. */
  bearerKey: string | null;
  /** Whether the caller is a member already. */
  isMember: boolean;
  address: string | undefined;
}

/**
 * Join through the invite: with a bearer key the member joins with their player (the player's
 * key is the member's key); without one a member key is made and answered once.
 */
export async function join(d1: D1Database, league: LeagueRow, members: MemberRow[], input: JoinInput) {
  if (!sameHash(league.inviteHash, await hashToken(input.invite))) raise(403, "INVALID_INVITE", "This invite does not open this league.");
  if (input.isMember) raise(409, "ALREADY_MEMBER", "You are a member of this league already.");
  const active = members.filter((m) => m.status === "active");
  if (active.length >= MAX_MEMBERS) raise(409, "LEAGUE_FULL", `A league has at most ${MAX_MEMBERS} members.`);
  const nameKey = input.skeleton(input.name);
  if (active.some((m) => (m.nameKey ?? input.skeleton(m.name)) === nameKey)) raise(409, "NAME_TAKEN", "A member of this league has that name already.");
  let key: string | null = null;
  let keyHash: string;
  let playerId: string | null = null;
  if (input.bearerKey) {
    keyHash = await hashToken(input.bearerKey);
    const player = await playerByKeyHash(d1, keyHash);
    if (!player) return raise(401, "UNAUTHORIZED", "This key is neither a player's nor a member's.");
    playerId = player.id;
  } else {
    key = newToken();
    keyHash = await hashToken(key);
  }
  const joinAddress = await addressKey(league.id, input.address);
  if (await isBanned(d1, league.id, { playerId, nameKey, address: joinAddress })) raise(403, "BANNED", "The league's admin has banned you from this league.");
  const member: MemberRow = {
    id: newMemberId(),
    leagueId: league.id,
    name: input.name,
    keyHash,
    feedHash: await hashToken(await feedFor(key ?? input.bearerKey!)),
    playerId,
    status: "active",
    joinedAt: timeNow(),
    removedAt: null,
    nameKey,
    joinAddress,
    reserve: false,
  };
  // A removed member's key stays in the table (their results keep it): they cannot rejoin with it.
  const joined = await store.insertMember(d1, member, MAX_MEMBERS);
  if (joined === "full") raise(409, "LEAGUE_FULL", `A league has at most ${MAX_MEMBERS} members.`);
  if (joined === "name") raise(409, "NAME_TAKEN", "A member of this league has that name already.");
  if (joined === "member") raise(409, "ALREADY_MEMBER", "This key has been a member of this league already.");
  await logAndNotify(d1, league, member.joinedAt, null, [store.noticeRow(league, null, "joined", { member: member.id, name: member.name }, member.joinedAt)]);
  return { member, key };
}

/**
 * Mark a member removed, then hand every seat they hold at a running table to a bot (a game that
 * has ended is recorded first, so its result stays theirs; standings list them as removed). In this
 * order a round being started at the same moment cannot keep them: it checks the members again
 * once its tables are in D1 (rounds.ts). Called again, it hands over what is left.
 */
async function removeMember(env: Env, league: LeagueRow, target: MemberRow, origin: string): Promise<HeldSeat[]> {
  if (target.status === "active") await store.updateMember(env.DB, target.id, { status: "removed", removedAt: timeNow() });
  return releaseSeats(env, league, await runningTables(env, league.id, league.season), target.id, origin);
}

/** A member leaves, or the admin (`byAdmin`) removes them; the admin's removal can be undone for a minute. */
export async function remove(env: Env, league: LeagueRow, target: MemberRow, byAdmin: boolean, origin: string) {
  const wasActive = target.status === "active";
  const released = await removeMember(env, league, target, origin);
  if (!wasActive && released.length === 0) raise(409, "ALREADY_REMOVED", "This member has left the league already.");
  const now = timeNow();
  const data = { member: target.id, name: target.name, seats: released };
  const until = byAdmin && wasActive ? now + UNDO_MS : null;
  const entry = await logAndNotify(env.DB, league, now, byAdmin ? { action: "memberRemoved", data, undoUntil: until } : null, wasActive ? [store.noticeRow(league, null, "memberRemoved", data, now)] : []);
  return { member: target.id, status: "removed" as const, seats: released, undo: until !== null && entry !== null ? { entry, until } : null };
}

/**
 * A ban removes the member and refuses their coming back: with their player, under their name (or
 * a look-alike), or from the address they joined from. A new invite keeps out the rest.
 */
export async function banMember(env: Env, league: LeagueRow, target: MemberRow, nameKey: string, origin: string) {
  const released = await removeMember(env, league, target, origin);
  const now = timeNow();
  await ban(env.DB, league.id, target.id, { playerId: target.playerId, nameKey, address: target.joinAddress }, now);
  const data = { member: target.id, name: target.name, seats: released };
  await logAndNotify(env.DB, league, now, { action: "memberBanned", data }, [store.noticeRow(league, null, "memberBanned", data, now)]);
  return { member: target.id, status: "removed" as const, banned: true, seats: released };
}

/**
 * Undo a removal within UNDO_MS: the member is active again and gets back every seat of theirs a
 * bot still holds at a running table (with a new link: the old one stays shut). Seats given to
 * someone else meanwhile, and games that ended, stay as they are. Undone once only.
 */
export async function undoRemoval(env: Env, league: LeagueRow, members: MemberRow[], entryId: number, origin: string) {
  const entry = Number.isInteger(entryId) && entryId > 0 ? await store.adminLogEntry(env.DB, league.id, entryId) : null;
  if (!entry) return raise(404, "NOT_FOUND", "There is no such entry in this league's admin log.");
  if (entry.action !== "memberRemoved" || entry.undoUntil === null) raise(409, "NOT_UNDOABLE", "This action cannot be undone.");
  if (entry.undoneAt !== null) raise(409, "ALREADY_UNDONE", "This has been undone already.");
  const now = timeNow();
  if (now > entry.undoUntil!) raise(409, "UNDO_EXPIRED", "The time to undo this has run out.");
  const data = JSON.parse(entry.data) as { member: string; name: string; seats: HeldSeat[] };
  const target = members.find((m) => m.id === data.member);
  if (!target) return raise(404, "NOT_FOUND", "There is no such member in this league.");
  if (target.status === "active") raise(409, "ALREADY_UNDONE", "This member is back already.");
  if (!(await store.reactivateMember(env.DB, target.id))) raise(409, "NAME_TAKEN", "A member of this league has that name now.");
  if (!(await store.markUndone(env.DB, entry.id, now))) raise(409, "ALREADY_UNDONE", "This has been undone already.");
  const back = { ...target, status: "active" as const, removedAt: null };
  const tables = await runningTables(env, league.id, league.season);
  const returned: HeldSeat[] = [];
  for (const s of data.seats) {
    const t = tables.find((x) => x.tableId === s.tableId);
    if (!t || t.outcome !== null || t.holders[s.seat] !== null) continue;
    await handOver(env, t.tableId, s.seat, back, league.botLevel, origin);
    returned.push(s);
  }
  await logAndNotify(env.DB, league, now, { action: "removalUndone", data: { entry: entry.id, member: target.id, name: target.name, seats: returned } }, [
    store.noticeRow(league, null, "memberBack", { member: target.id, name: target.name }, now),
  ]);
  return { member: target.id, status: "active" as const, seats: returned };
}
