// D1 reads and writes of a table's host (API.md additions: the table's host) and of every human
// seat's current link. Links carry secrets, so only their sealed form is stored; they are opened
// for the host's page, never logged.
import { and, desc, eq, max } from "drizzle-orm";
import { db } from "../db/handle";
import * as schema from "../db/schema";
import * as tableSchema from "../db/table-schema";
import { readPlaced, type PlacementEnv } from "../db/placement";
import { phasesOf } from "../players/table-rows";
import { openLinkOrNull, sealLink } from "../base/link-crypto";
import { hashToken, newToken, sameHash } from "../base/secrets";
import { timeNow } from "../base/clock";

/** 192 random bits; the prefix lets a client (and a person) tell a host key from a seat token. */
export const newHostKey = (): string => "hk_" + newToken();
export const HOST_KEY = /^hk_[A-Za-z0-9_-]{32}$/;

/** The host page's link: the key in the fragment, which browsers never send. */
export const hostLink = (origin: string, tableId: string, key: string): string => `${origin}/t/${tableId}/host#${key}`;
export const seatLink = (origin: string, tableId: string, token: string): string => `${origin}/t/${tableId}#${token}`;

export interface NewHost {
  tableId: string;
  key: string;
  link: string;
  playerId: string | null;
  seats: { seat: number; link: string }[];
}

/** The host and the seats' first links, in one batch. */
export async function insertHost(d1: D1Database, h: NewHost, now = timeNow()): Promise<void> {
  const q = db(d1);
  const links = await Promise.all(h.seats.map(async (s) => ({ tableId: h.tableId, seat: s.seat, link: await sealLink(s.link), issuedAt: now })));
  const host = q.insert(schema.tableHosts).values({ tableId: h.tableId, keyHash: await hashToken(h.key), link: await sealLink(h.link), playerId: h.playerId, createdAt: now });
  if (links.length) await q.batch([host, q.insert(schema.seatLinks).values(links)]);
  else await host;
}

/** Whether `keyHash` is this table's host key (constant time); null when the table has no host. */
export async function hostFor(d1: D1Database, tableId: string, keyHash: string): Promise<{ playerId: string | null } | null> {
  const row = await hostOf(d1, tableId);
  if (!row || !sameHash(row.keyHash, keyHash)) return null;
  return { playerId: row.playerId };
}

/** A table's host (its key's hash and the player who made it), or null for a table from before hosts. */
export async function hostOf(d1: D1Database, tableId: string): Promise<{ keyHash: string; playerId: string | null } | null> {
  const row = (await db(d1).select({ keyHash: schema.tableHosts.keyHash, playerId: schema.tableHosts.playerId }).from(schema.tableHosts).where(eq(schema.tableHosts.tableId, tableId)))[0];
  return row ?? null;
}

/** The seats' current links, opened (a link that does not open comes back null, logged). */
export async function seatLinksOf(d1: D1Database, tableId: string): Promise<Map<number, string | null>> {
  const rows = await db(d1).select().from(schema.seatLinks).where(eq(schema.seatLinks.tableId, tableId));
  const opened = await Promise.all(rows.map(async (r) => [r.seat, await openLinkOrNull(r.link, `${tableId}:${r.seat}`)] as const));
  return new Map(opened);
}

/** A seat's new link; null: the seat has none any more (a bot plays it). */
export async function setSeatLink(d1: D1Database, tableId: string, seat: number, link: string | null, now = timeNow()): Promise<void> {
  const q = db(d1);
  if (link === null) {
    await q.delete(schema.seatLinks).where(and(eq(schema.seatLinks.tableId, tableId), eq(schema.seatLinks.seat, seat)));
    return;
  }
  const sealed = await sealLink(link);
  await q
    .insert(schema.seatLinks)
    .values({ tableId, seat, link: sealed, issuedAt: now })
    .onConflictDoUpdate({ target: [schema.seatLinks.tableId, schema.seatLinks.seat], set: { link: sealed, issuedAt: now } });
}

/** When each seat last acted (its newest logged action), by seat: from the table's own database. */
export async function lastActed(env: PlacementEnv, tableId: string): Promise<Map<number, number>> {
  const rows = await readPlaced(env, tableId, (d1) =>
    db(d1)
      .select({ seat: tableSchema.actions.seat, at: max(tableSchema.actions.at) })
      .from(tableSchema.actions)
      .where(eq(tableSchema.actions.tableId, tableId))
      .groupBy(tableSchema.actions.seat),
  );
  return new Map(rows.filter((r) => r.at !== null).map((r) => [r.seat, r.at!]));
}

/** The tables a player hosts, newest first, with their host links opened; each phase from its table's database. */
export async function hostedBy(env: PlacementEnv, playerId: string, limit = 50) {
  const rows = await db(env.DB)
    .select({ table: schema.tableHosts.tableId, link: schema.tableHosts.link, createdAt: schema.tableHosts.createdAt })
    .from(schema.tableHosts)
    .where(eq(schema.tableHosts.playerId, playerId))
    .orderBy(desc(schema.tableHosts.createdAt))
    .limit(limit);
  const phase = await phasesOf(env, rows.map((r) => r.table));
  const kept = rows.filter((r) => phase.has(r.table)); // a table whose row is gone is not listed
  return Promise.all(kept.map(async (r) => ({ table: r.table, phase: phase.get(r.table)!, link: (await openLinkOrNull(r.link, `${r.table}:host`)) ?? "" })));
}
