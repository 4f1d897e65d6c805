// A finished game's record goes to R2 (object storage) and its action log leaves D1, which keeps
// only what lists and leagues read (the table row with its final state, the seats). Done by the
// table's alarm once the game is over; a record is read from R2 when asked for, rebuilt from D1
// while it is not archived yet. Safe to run twice: the object is written before the rows go, and
// a second run finds the object and only deletes what is left. Both run in the table's object's
// queue, which is where a moving slot's table moves (placedDatabase), so its rows stay put meanwhile.
import { eq } from "drizzle-orm";
import * as tableSchema from "../db/table-schema";
import type { Failure } from "../base/failure";
import { db } from "../db/handle";
import { placedDatabase, type PlacementEnv } from "../db/placement";
import { loadLog, recordOf, type TableGameRecord } from "./game-record";
import type { TableRecord } from "./model";

export const recordKey = (tableId: string): string => `records/${tableId}.json`;

export async function archivedRecord(bucket: R2Bucket, tableId: string): Promise<TableGameRecord | null> {
  const obj = await bucket.get(recordKey(tableId));
  return obj ? ((await obj.json()) as TableGameRecord) : null;
}

/** The record of a finished table: from R2 if archived, else rebuilt from the log in D1. */
export async function recordFor(env: PlacementEnv & { RECORDS: R2Bucket }, table: TableRecord): Promise<{ ok: true; record: TableGameRecord } | Failure> {
  const archived = await archivedRecord(env.RECORDS, table.id);
  if (archived) return { ok: true, record: archived };
  return recordOf(table, await loadLog(await placedDatabase(env, table.id), table.id));
}

/** Archive a finished table: the record into R2, then its action rows out of D1. Returns the record's size. */
export async function archiveGame(env: PlacementEnv & { RECORDS: R2Bucket }, table: TableRecord): Promise<{ ok: true; bytes: number } | Failure> {
  const head = await env.RECORDS.head(recordKey(table.id));
  let bytes = head?.size ?? 0;
  if (!head) {
    const r = recordOf(table, await loadLog(await placedDatabase(env, table.id), table.id));
    if (!r.ok) return r;
    const body = JSON.stringify(r.record);
    await env.RECORDS.put(recordKey(table.id), body, { httpMetadata: { contentType: "application/json" } });
    bytes = body.length;
  }
  await db(await placedDatabase(env, table.id)).delete(tableSchema.actions).where(eq(tableSchema.actions.tableId, table.id));
  return { ok: true, bytes };
}
