// A table as the Durable Object holds it: what D1 stores (version, state, seats) plus the
// correspondence facts the object loads beside it (options, clock, takeovers, linked players).
import type { GameState } from "../engine";
import type { Clock } from "../deadlines/clock";
import type { TableOptions } from "../deadlines/options";
import type { SeatPlayer } from "../players/facts";

export interface SeatRecord {
  seat: number;
  name: string;
  tokenHash: string | null;
  bot: string | null;
}

/** Correspondence facts of a loaded table (kept on its record, shared by its successors). */
export interface TableLive {
  options: TableOptions;
  clock: Clock | null;
  /** Seats a bot plays until their player returns. */
  away: number[];
  players: (SeatPlayer | null)[];
}

export interface TableRecord {
  id: string;
  version: number;
  state: GameState;
  seats: SeatRecord[];
  /** Correspondence play (clock, takeovers, linked players), set by the Durable Object. */
  live?: TableLive;
  /** A duplicate deal pool the table belongs to (a league's duplicate round; see table/pool.ts). */
  pool?: string;
  /** Set by the Durable Object once every table of the pool has finished: the reveal may show. */
  poolDone?: boolean;
}
