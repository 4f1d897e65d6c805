// Duplicate deal pools (a league's duplicate round): every table of a pool has the same seed and
// so the same deals. A finished table must not show them while another table of its pool is still
// being played, so its reveal (seed, hands) and its record wait until every table of the pool has
// finished: its game is over, ended by agreement, or the league decided it (scored as it stood, or
// annulled).
import { and, eq, inArray, isNotNull, isNull, ne } from "drizzle-orm";
import { db } from "../db/handle";
import * as schema from "../db/schema";
import * as tableSchema from "../db/table-schema";
import { readPlaced, tableDatabases, type PlacementEnv } from "../db/placement";
import { gameDone } from "./lifecycle";
import type { TableRecord } from "./model";

/**
 * Whether every table of `pool` has finished. A pool's tables may lie in several databases (their
 * ids pick them): each database answers which of its tables of the pool are still running (an
 * index on `tables.pool`), then the directory says whether the league decided those.
 */
export async function poolFinished(env: PlacementEnv, pool: string): Promise<boolean> {
  // A set: while a slot range moves, a table's rows may be in two databases for a moment.
  const found = new Set<string>();
  for (const d1 of tableDatabases(env)) {
    const rows = await db(d1)
      .select({ id: tableSchema.tables.id })
      .from(tableSchema.tables)
      .where(and(eq(tableSchema.tables.pool, pool), ne(tableSchema.tables.phase, "over"), isNull(tableSchema.tables.ended)));
    for (const r of rows) found.add(r.id);
  }
  const running = [...found];
  for (let i = 0; i < running.length; i += 50) {
    const ids = running.slice(i, i + 50);
    const decided = await db(env.DB).select({ id: schema.leagueTables.tableId }).from(schema.leagueTables).where(and(inArray(schema.leagueTables.tableId, ids), isNotNull(schema.leagueTables.outcome)));
    if (decided.length < ids.length) return false;
  }
  return true;
}

/**
 * Whether the table may show what its game dealt (reveal, record): always, unless it is in a pool
 * that is still being played. A pool that has finished stays finished, so the answer is kept.
 */
export async function mayReveal(env: PlacementEnv, table: TableRecord): Promise<boolean> {
  if (!table.pool || table.poolDone) return true;
  if (!gameDone(table)) return false;
  table.poolDone = await poolFinished(env, table.pool);
  return table.poolDone;
}

/** The ids of the tables of the pool `tableId` belongs to, from every database (none if it is in no pool). */
async function poolTablesOf(env: PlacementEnv, tableId: string): Promise<{ pool: string; ids: string[] } | null> {
  const rows = await readPlaced(env, tableId, (d1) => db(d1).select({ pool: tableSchema.tables.pool }).from(tableSchema.tables).where(eq(tableSchema.tables.id, tableId)));
  const pool = rows[0]?.pool;
  if (!pool) return null;
  const ids = new Set<string>();
  for (const d1 of tableDatabases(env)) for (const r of await db(d1).select({ id: tableSchema.tables.id }).from(tableSchema.tables).where(eq(tableSchema.tables.pool, pool))) ids.add(r.id);
  return { pool, ids: [...ids] };
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
export async function announcePoolEnd(env: PlacementEnv, tableId: string, door: (id: string) => PoolDoor): Promise<boolean> {
  const of = await poolTablesOf(env, tableId);
  if (!of || !(await poolFinished(env, of.pool))) return false;
  await Promise.all(of.ids.filter((id) => id !== tableId).map((id) => door(id).poolFinished()));
  return true;
}
