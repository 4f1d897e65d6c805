// Duplicate deal pools (a league's duplicate round): every table of a pool has the same seed and
// so the same deals. A finished table must not show them while another table of its pool is still
// being played, so its reveal (seed, hands) and its record wait until every table of the pool has
// finished: its game is over, ended by agreement, or the league decided it (scored as it stood, or
// annulled).
import { and, eq, isNull, ne, sql } from "drizzle-orm";
import { db } from "../db/handle";
import * as schema from "../db/schema";
import { gameDone } from "./lifecycle";
import type { TableRecord } from "./model";

/** Whether every table of `pool` has finished (one query; an index on `tables.pool`). */
export async function poolFinished(d1: D1Database, pool: string): Promise<boolean> {
  const rows = await db(d1)
    .select({ n: sql<number>`count(*)` })
    .from(schema.tables)
    .leftJoin(schema.leagueTables, eq(schema.leagueTables.tableId, schema.tables.id))
    .where(and(eq(schema.tables.pool, pool), ne(schema.tables.phase, "over"), isNull(schema.tables.ended), isNull(schema.leagueTables.outcome)));
  return (rows[0]?.n ?? 0) === 0;
}

/**
 * Whether the table may show what its game dealt (reveal, record): always, unless it is in a pool
 * that is still being played. A pool that has finished stays finished, so the answer is kept.
 */
export async function mayReveal(d1: D1Database, table: TableRecord): Promise<boolean> {
  if (!table.pool || table.poolDone) return true;
  if (!gameDone(table)) return false;
  table.poolDone = await poolFinished(d1, table.pool);
  return table.poolDone;
}

/** The ids of the tables of the pool `tableId` belongs to (none if it is in no pool). */
async function poolTablesOf(d1: D1Database, tableId: string): Promise<{ pool: string; ids: string[] } | null> {
  const rows = await db(d1).select({ pool: schema.tables.pool }).from(schema.tables).where(eq(schema.tables.id, tableId));
  const pool = rows[0]?.pool;
  if (!pool) return null;
  const ids = await db(d1).select({ id: schema.tables.id }).from(schema.tables).where(eq(schema.tables.pool, pool));
  return { pool, ids: ids.map((r) => r.id) };
}

/** A table of a pool, told that its pool has finished (its Durable Object: TableRoom.poolFinished). */
export interface PoolDoor {
  poolFinished(): Promise<unknown>;
}

/**
 * Once the pool of `tableId` has finished, tell each of its other tables: one that finished earlier
 * waits with `{ waiting: "pool" }` in its cached views and on its sockets, and must show its reveal
 * now, not at its next read. Called by the table whose end finished the pool, and by a league
 * deciding a table (which may finish a pool too). Whether the pool has finished is D1's answer,
 * so two tables ending at once both ask after their own write, and the later of them tells.
 */
export async function announcePoolEnd(d1: D1Database, tableId: string, door: (id: string) => PoolDoor): Promise<boolean> {
  const of = await poolTablesOf(d1, tableId);
  if (!of || !(await poolFinished(d1, of.pool))) return false;
  await Promise.all(of.ids.filter((id) => id !== tableId).map((id) => door(id).poolFinished()));
  return true;
}
