// What the directory's readers (a player's seats, hosted tables, the notifier) need of many
// tables' own rows: each table's rows live in the database its id picks (worker/db/placement.ts),
// so the ids are grouped by database and each group is read there, in slices (D1 caps the bound
// parameters of a statement). Never a join between the directory and a table's rows.
import { inArray } from "drizzle-orm";
import { db } from "../db/handle";
import * as tableSchema from "../db/table-schema";
import { byDatabase, lastGroupWins, type PlacementEnv, type TableDb } from "../db/placement";
import { inSlices } from "../db/slices";

/** `read` over each database's ids in slices; a table whose slot moves takes its rows from the last database that had them (placement.ts). */
async function eachSlice<T extends { tableId: string }>(env: PlacementEnv, tableIds: Iterable<string>, read: (d1: TableDb, ids: string[]) => Promise<T[]>): Promise<T[]> {
  const groups: T[][] = [];
  for (const [d1, ids] of byDatabase(env, tableIds)) groups.push(await inSlices(ids, (part) => read(d1, part)));
  return lastGroupWins(groups, (r) => r.tableId);
}

/** Each table's version and phase, by id (a table whose row is gone is missing); a game ended by agreement or by its league is "over". */
export async function tableMarksOf(env: PlacementEnv, tableIds: Iterable<string>): Promise<Map<string, { version: number; phase: string }>> {
  const rows = await eachSlice(env, tableIds, (d1, ids) =>
    db(d1)
      .select({ tableId: tableSchema.tables.id, version: tableSchema.tables.version, phase: tableSchema.tables.phase, ended: tableSchema.tables.ended })
      .from(tableSchema.tables)
      .where(inArray(tableSchema.tables.id, ids)),
  );
  return new Map(rows.map((r) => [r.tableId, { version: r.version, phase: r.ended ? "over" : r.phase }]));
}

/** Each table's phase, by id ("over" once ended before its end too, as its view says). */
export async function phasesOf(env: PlacementEnv, tableIds: Iterable<string>): Promise<Map<string, string>> {
  return new Map([...(await tableMarksOf(env, tableIds))].map(([id, m]) => [id, m.phase]));
}

/** The seats' names at these tables. */
export function seatNamesOf(env: PlacementEnv, tableIds: Iterable<string>): Promise<{ tableId: string; seat: number; name: string }[]> {
  return eachSlice(env, tableIds, (d1, ids) =>
    db(d1).select({ tableId: tableSchema.seats.tableId, seat: tableSchema.seats.seat, name: tableSchema.seats.name }).from(tableSchema.seats).where(inArray(tableSchema.seats.tableId, ids)),
  );
}
