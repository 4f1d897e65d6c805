// Every D1 read and write of a table. One action = one D1 batch (a transaction) of two
// statements, both conditioned on the version the action was applied to: the log row is
// appended only if the table is still at that version, then the table moves on. A second writer
// with the same version finds the condition false (and the (table_id, version) key taken), so
// exactly one wins and nothing is half-written.
import { and, eq } from "drizzle-orm";
import type { Action, GameState } from "../engine";
import { db } from "../db/handle";
import * as tableSchema from "../db/table-schema";
import type { TableDb } from "../db/placement";
import type { SeatRecord, TableEnd, TableRecord, TookOver } from "./model";
import { timeNow } from "../base/clock";

const rowsWritten = (results: unknown[]): number =>
  results.reduce<number>((n, r) => n + ((r as D1Result).meta?.rows_written ?? 0), 0);

export async function insertTable(d1: TableDb, t: TableRecord, now = timeNow()): Promise<void> {
  const q = db(d1);
  await q.batch([
    q.insert(tableSchema.tables).values({
      id: t.id,
      rules: JSON.stringify(t.state.rules),
      state: JSON.stringify(t.state),
      version: t.version,
      phase: t.state.phase,
      pool: t.pool ?? null,
      createdAt: now,
      updatedAt: now,
    }),
    q.insert(tableSchema.seats).values(t.seats.map((s) => ({ tableId: t.id, ...s, tookOver: s.tookOver ? JSON.stringify(s.tookOver) : null }))),
  ]);
}

/** A seat given to someone else (a league replacing a member), left, or given a new token. */
export async function updateSeat(d1: TableDb, tableId: string, s: SeatRecord): Promise<void> {
  await db(d1)
    .update(tableSchema.seats)
    .set({ name: s.name, tokenHash: s.tokenHash, bot: s.bot, leftBot: s.leftBot ?? null, tookOver: s.tookOver ? JSON.stringify(s.tookOver) : null })
    .where(and(eq(tableSchema.seats.tableId, tableId), eq(tableSchema.seats.seat, s.seat)));
}

/** The rematch's table id, written once: a second writer finds it set and changes nothing. */
export async function setRematch(d1: TableDb, id: string, rematch: string): Promise<boolean> {
  const r = await d1.prepare("UPDATE tables SET rematch = ? WHERE id = ? AND rematch IS NULL").bind(rematch, id).run();
  return (r.meta.changes ?? 0) === 1;
}

/** The game ended by agreement at `version` (only if the table is still there and not ended). */
export async function setEnded(d1: TableDb, id: string, version: number, end: TableEnd): Promise<boolean> {
  const r = await d1
    .prepare("UPDATE tables SET ended = ?, updated_at = ? WHERE id = ? AND version = ? AND ended IS NULL")
    .bind(JSON.stringify(end), end.at, id, version)
    .run();
  return (r.meta.changes ?? 0) === 1;
}

/** What says whether a cached table is still D1's (room-core.ts, after a restore): null if the row is gone. */
export async function tableMark(d1: TableDb, id: string): Promise<{ version: number; ended: boolean; rematch: string | null } | null> {
  const row = await d1.prepare("SELECT version, ended IS NOT NULL AS ended, rematch FROM tables WHERE id = ?").bind(id).first<{ version: number; ended: number; rematch: string | null }>();
  return row ? { version: row.version, ended: row.ended === 1, rematch: row.rematch } : null;
}

export async function loadTable(d1: TableDb, id: string): Promise<TableRecord | null> {
  const q = db(d1);
  const [rows, seatRows] = await q.batch([
    q.select({ version: tableSchema.tables.version, state: tableSchema.tables.state, rematch: tableSchema.tables.rematch, ended: tableSchema.tables.ended, pool: tableSchema.tables.pool }).from(tableSchema.tables).where(eq(tableSchema.tables.id, id)),
    q.select().from(tableSchema.seats).where(eq(tableSchema.seats.tableId, id)).orderBy(tableSchema.seats.seat),
  ]);
  const row = rows[0];
  if (!row) return null;
  return {
    id,
    version: row.version,
    state: JSON.parse(row.state) as GameState,
    seats: seatRows.map(({ seat, name, tokenHash, bot, leftBot, tookOver }) => ({ seat, name, tokenHash, bot, leftBot, tookOver: tookOver ? (JSON.parse(tookOver) as TookOver) : null })),
    rematch: row.rematch,
    ended: row.ended ? (JSON.parse(row.ended) as TableEnd) : null,
    ...(row.pool ? { pool: row.pool } : {}),
  };
}

export type AppendResult = { ok: true; rowsWritten: number } | { ok: false };

// The two statements of every action, written out once: drizzle's query builder cost more CPU
// per action than the rest of the write (bench/room.ts). The same SQL it built.
const APPEND_SQL =
  'insert into "actions" ("table_id", "version", "seat", "action", "at") select ?1, ?2, ?3, ?4, ?5 from "tables" where "tables"."id" = ?1 and "tables"."version" = ?6';
const MOVE_ON_SQL = 'update "tables" set "state" = ?1, "version" = ?2, "phase" = ?3, "updated_at" = ?4 where "tables"."id" = ?5 and "tables"."version" = ?6';

/** Append `action` (which took the table from `prev` to `prev + 1`) and store the new state. */
export async function appendAction(
  d1: TableDb,
  id: string,
  prev: number,
  seat: number,
  action: Action,
  state: GameState,
  now = timeNow(),
): Promise<AppendResult> {
  let results: D1Result[];
  try {
    results = await d1.batch([
      d1.prepare(APPEND_SQL).bind(id, prev + 1, seat, JSON.stringify(action), now, prev),
      d1.prepare(MOVE_ON_SQL).bind(JSON.stringify(state), prev + 1, state.phase, now, id, prev),
    ]);
  } catch (e) {
    // The log's primary key refused a second row for this version: another writer won.
    if (String(e).includes("UNIQUE constraint failed")) return { ok: false };
    throw e;
  }
  const updated = results[1].meta?.changes ?? 0;
  return updated === 1 ? { ok: true, rowsWritten: rowsWritten(results) } : { ok: false };
}
