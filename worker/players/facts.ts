// What a table's Durable Object needs to know about its seats' players and its own options
// (clock, hints): one D1 batch when the table is loaded (and again when a player's settings change).
import { eq } from "drizzle-orm";
import { db } from "../db/handle";
import * as schema from "../db/schema";
import type { Pause } from "../deadlines/clock";
import { DEFAULT_TABLE_OPTIONS, type TableOptions } from "../deadlines/options";
import { onVacation, vacationPauses } from "../deadlines/vacation";
import { timeNow } from "../base/clock";

export interface SeatPlayer {
  playerId: string;
  autoPlay: boolean;
  pauses: Pause[];
  /** On vacation at load time (for the table's display). */
  vacationUntil: number | null;
}

export async function loadTableFacts(d1: D1Database, tableId: string, now = timeNow()): Promise<{ options: TableOptions; players: (SeatPlayer | null)[] }> {
  const q = db(d1);
  const [opts, rows] = await q.batch([
    q.select().from(schema.tableOptions).where(eq(schema.tableOptions.tableId, tableId)),
    q
      .select({
        seat: schema.playerSeats.seat,
        playerId: schema.players.id,
        autoPlay: schema.players.autoPlay,
        vacationFrom: schema.players.vacationFrom,
        vacationUntil: schema.players.vacationUntil,
      })
      .from(schema.playerSeats)
      .innerJoin(schema.players, eq(schema.players.id, schema.playerSeats.playerId))
      .where(eq(schema.playerSeats.tableId, tableId)),
  ]);
  const o = opts[0];
  const options: TableOptions = o ? { decisionMs: o.decisionMs, onTimeout: o.onTimeout, autoPlay: o.autoPlay, hints: o.hints } : DEFAULT_TABLE_OPTIONS;
  const players: (SeatPlayer | null)[] = [];
  for (const r of rows) {
    players[r.seat] = {
      playerId: r.playerId,
      autoPlay: r.autoPlay,
      pauses: vacationPauses(r),
      vacationUntil: onVacation({ ...r, vacationYear: null, vacationDaysUsed: 0 }, now) ? r.vacationUntil : null,
    };
  }
  return { options, players };
}

export async function saveTableOptions(d1: D1Database, tableId: string, o: TableOptions): Promise<void> {
  await db(d1).insert(schema.tableOptions).values({ tableId, ...o }).onConflictDoNothing();
}

/** The host changed the table's options (its clock): written whole, a row made if there was none. */
export async function replaceTableOptions(d1: D1Database, tableId: string, o: TableOptions): Promise<void> {
  await db(d1).insert(schema.tableOptions).values({ tableId, ...o }).onConflictDoUpdate({ target: schema.tableOptions.tableId, set: { decisionMs: o.decisionMs, onTimeout: o.onTimeout, autoPlay: o.autoPlay, hints: o.hints } });
}
