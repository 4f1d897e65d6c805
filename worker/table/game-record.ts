// The game record of a finished table (GET /api/tables/:id/record; ended before its end too): rebuilt from the seed in the
// stored state and the action log in D1 by replaying them (the engine watches every deal).
import { asc, eq } from "drizzle-orm";
import { buildRecord, type Action, type GameRecord } from "../engine";
import * as tableSchema from "../db/table-schema";
import type { TableDb } from "../db/placement";
import { fail, type Failure } from "../base/failure";
import { db } from "../db/handle";
import type { TableEnd, TableRecord } from "./model";
import { commitmentOf } from "./commitment";
import { logEvent } from "../base/log";

/**
 * A table's record: muli-record/1, and for a game ended before its end (by agreement or by its
 * league) that end: the actions and result are the game as it stood then (no winners yet in the
 * engine's sense), `ended` says how it ended and who won.
 */
export type TableGameRecord = GameRecord & { ended?: TableEnd };

export interface LoggedAction {
  seat: number;
  action: Action;
  at: number;
}

/** The table's action log, oldest first. */
export async function loadLog(d1: TableDb, tableId: string): Promise<LoggedAction[]> {
  const rows = await db(d1)
    .select({ seat: tableSchema.actions.seat, action: tableSchema.actions.action, at: tableSchema.actions.at })
    .from(tableSchema.actions)
    .where(eq(tableSchema.actions.tableId, tableId))
    .orderBy(asc(tableSchema.actions.version));
  return rows.map((r) => ({ seat: r.seat, action: JSON.parse(r.action) as Action, at: r.at }));
}

/** The record of `table` from its log; a replay that does not reach the stored state is refused. */
export function recordOf(table: TableRecord, log: LoggedAction[]): { ok: true; record: TableGameRecord } | Failure {
  const built = buildRecord({
    table: table.id,
    v: table.state.v,
    rules: table.state.rules,
    seed: table.state.seed,
    players: table.seats.map((s) => s.name),
    bots: table.seats.map((s) => s.bot),
    actions: log.map(({ seat, action }) => ({ seat, action })),
    times: log.map((l) => l.at),
  });
  const same =
    built.ok &&
    log.length === table.version &&
    JSON.stringify(built.state.points) === JSON.stringify(table.state.points) &&
    JSON.stringify(built.state.winners) === JSON.stringify(table.state.winners);
  if (!built.ok || !same) {
    logEvent("error", "table.record_differs", { tableId: table.id, kind: built.ok ? "end differs" : built.error.code });
    return fail(500, "INTERNAL", "This game's record could not be rebuilt.");
  }
  return { ok: true, record: { ...built.record, commitment: commitmentOf(table.state.seed), ...(table.ended ? { ended: table.ended } : {}) } };
}
