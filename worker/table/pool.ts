// Duplicate deal pools (a league's duplicate round): every table of a pool has the same seed and
// so the same deals. A finished table must not show them while another table of its pool is still
// being played, so its reveal (seed, hands) and its record wait until every table of the pool has
// finished: its game is over, or the league decided it (scored as it stood, or annulled).
import { and, eq, isNull, ne, sql } from "drizzle-orm";
import { db } from "../db/handle";
import * as schema from "../db/schema";
import type { TableRecord } from "./model";

/** Whether every table of `pool` has finished (one query; an index on `tables.pool`). */
export async function poolFinished(d1: D1Database, pool: string): Promise<boolean> {
  const rows = await db(d1)
    .select({ n: sql<number>`count(*)` })
    .from(schema.tables)
    .leftJoin(schema.leagueTables, eq(schema.leagueTables.tableId, schema.tables.id))
    .where(and(eq(schema.tables.pool, pool), ne(schema.tables.phase, "over"), isNull(schema.leagueTables.outcome)));
  return (rows[0]?.n ?? 0) === 0;
}

/**
 * Whether the table may show what its game dealt (reveal, record): always, unless it is in a pool
 * that is still being played. A pool that has finished stays finished, so the answer is kept.
 */
export async function mayReveal(d1: D1Database, table: TableRecord): Promise<boolean> {
  if (!table.pool || table.poolDone) return true;
  if (table.state.phase !== "over") return false;
  table.poolDone = await poolFinished(d1, table.pool);
  return table.poolDone;
}
