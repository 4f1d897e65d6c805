// The score against the field for a league page: the season's duplicate pools that have finished
// (every table over or decided by the admin), each finished or scored table's deals replayed from
// its seed and log (annulled tables do not count), then compared (duplicate.ts). A running pool
// adds nothing: its results would tell of deals still being played.
import { inArray } from "drizzle-orm";
import { splitAction, type GameState } from "../engine";
import { db } from "../db/handle";
import * as tableSchema from "../db/table-schema";
import { readPlaced, type PlacementEnv } from "../db/placement";
import { eachSlice } from "../db/slices";
import { loadLog } from "../table/game-record";
import { archivedRecord } from "../table/archive";
import { boardsOf, fieldScores, type FieldScore, type PoolTable } from "./duplicate";
import type { LeagueTable, RoundRow } from "./store";

export async function fieldOf(env: PlacementEnv & { RECORDS: R2Bucket }, tables: LeagueTable[], rounds: RoundRow[], season: number): Promise<FieldScore[]> {
  const duplicate = new Set(rounds.filter((r) => r.season === season && r.duplicate).map((r) => r.no));
  const mine = tables.filter((t) => t.season === season && duplicate.has(t.round));
  if (!mine.length) return [];
  // Each table's row in the database its id picks, in slices (D1 caps bound parameters).
  const rows = await eachSlice(env, mine.map((t) => t.tableId), (d1, ids) =>
    db(d1).select({ id: tableSchema.tables.id, pool: tableSchema.tables.pool, phase: tableSchema.tables.phase, state: tableSchema.tables.state }).from(tableSchema.tables).where(inArray(tableSchema.tables.id, ids)),
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  const pools = new Map<string, LeagueTable[]>();
  for (const t of mine) {
    const pool = byId.get(t.tableId)?.pool;
    if (pool) pools.set(pool, [...(pools.get(pool) ?? []), t]);
  }
  const compared: PoolTable[][] = [];
  for (const list of pools.values()) {
    if (!list.every((t) => t.outcome !== null || byId.get(t.tableId)?.phase === "over")) continue;
    const counted = list.filter((t) => t.outcome === "finished" || t.outcome === "scored" || (t.outcome === null && byId.get(t.tableId)?.phase === "over"));
    const pool: PoolTable[] = [];
    for (const t of counted) {
      const state = JSON.parse(byId.get(t.tableId)!.state) as GameState;
      // A finished game's log is archived with its record (R2) and leaves D1.
      const archived = await archivedRecord(env.RECORDS, t.tableId);
      const log = archived ? archived.actions.map(splitAction) : await readPlaced(env, t.tableId, (d1) => loadLog(d1, t.tableId));
      pool.push({ holders: t.holders, boards: boardsOf(state.rules, state.seed, log) });
    }
    compared.push(pool);
  }
  return fieldScores(compared);
}
