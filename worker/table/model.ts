// A table as the Durable Object holds it: what D1 stores (version, state, seats) plus the
// correspondence facts the object loads beside it (options, clock, takeovers, linked players).
import type { GameState } from "../engine";
import type { Clock } from "../deadlines/clock";
import type { AnswerTimes } from "../deadlines/answers";
import type { TableOptions } from "../deadlines/options";
import type { SeatPlayer } from "../players/facts";

export interface SeatRecord {
  seat: number;
  name: string;
  tokenHash: string | null;
  bot: string | null;
  /** The bot level that plays the seat since its player left (POST /leave); absent or null: not left. */
  leftBot?: string | null;
  /** Someone else took the seat over (a league's reserve): whose it was and the hand they began at. */
  tookOver?: TookOver | null;
}

/** "Anna took over from Bert at hand 5" (hand: 1-based, the hand in play when they took over). */
export interface TookOver {
  from: string;
  hand: number;
}

/** A game ended before its end (scored as it stood, or annulled): by agreement of every person at
 * the table, or by its league's admin deciding the table (`by: "league"`). */
export interface TableEnd {
  outcome: "score" | "annul";
  at: number;
  /** Scored: the seats with the fewest points (they count down); annulled: nobody. */
  winners: number[];
  /** Present when the league decided the table (absent: the table agreed). */
  by?: "league";
}

/** A proposal to end the game; it lapses with the next move (its `version` is the table's then). */
export interface EndProposal {
  version: number;
  by: number;
  outcome: TableEnd["outcome"];
  /** Seats that agreed so far (the proposer first). */
  agreed: number[];
}

/** Correspondence facts of a loaded table (kept on its record, shared by its successors). */
export interface TableLive {
  options: TableOptions;
  clock: Clock | null;
  /** Seats a bot plays until their player returns. */
  away: number[];
  players: (SeatPlayer | null)[];
  /** A proposal to end the game by agreement (the object's storage; lapses with the next move). */
  proposal?: EndProposal | null;
  /** Timeouts in a row per seat, while its player does not act: the second one takes the seat over. */
  strikes?: Record<number, number>;
  /** Each seat's real answer times (forced moves are timed like them: worker/deadlines/answers.ts). */
  answers?: Record<number, AnswerTimes>;
}

export interface TableRecord {
  id: string;
  version: number;
  state: GameState;
  seats: SeatRecord[];
  /** The rematch's table id, once a seat asked to play again. */
  rematch?: string | null;
  /** Set when the game was ended by agreement before its end. */
  ended?: TableEnd | null;
  /** Correspondence play (clock, takeovers, linked players), set by the Durable Object. */
  live?: TableLive;
  /** A duplicate deal pool the table belongs to (a league's duplicate round; see table/pool.ts). */
  pool?: string;
  /** Set by the Durable Object once every table of the pool has finished: the reveal may show. */
  poolDone?: boolean;
}
