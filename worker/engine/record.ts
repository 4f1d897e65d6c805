// The game record `muli-record/1`: a whole game as a scenario file (SCENARIOS.md) plus names,
// every deal and the result, so that any real game can be replayed, checked or become a test.
// Built by replaying the seed and the action log: the deals are watched as the engine makes them.
import { applyInPlace } from "./apply";
import { createGame } from "./game";
import type { Action, Deal, GameState, HandRecord, Rejection, Rules } from "./types";

export const RECORD_FORMAT = "muli-record/1";

/** One action as the record (and a scenario file) writes it: the seat beside the action's fields. */
export type RecordAction = { seat: number } & Action;

export interface GameRecord {
  format: typeof RECORD_FORMAT;
  /**
   * Dealing version (GameState.v). Absent: version 1, one generator from the seed deals every hand
   * (every record made before the cut). 2: each deal is cut, its generator seeded from SHA-256 of
   * seed, deal number and cut; the cuts are `cut` actions and each deal's `cut`.
   */
  v?: 2;
  /** The table's id (informative; a replay does not need it). */
  table: string | null;
  /** Every option resolved, so the record does not depend on what a preset means later. */
  rules: Rules;
  /** Seat names, seat 0 first. */
  players: string[];
  /** The bot level of each seat, or null for a person. */
  bots: (string | null)[];
  /** The first dealer, the start points and stake. */
  dealer: number;
  points: number[];
  stake: number;
  /** The shuffle seed: every deal below follows from it (public once the game is over). */
  seed: string;
  /** SHA-256 (lowercase hex) of `seed`, as every view of the game showed it; written by the server. */
  commitment?: string;
  /** Every deal of the game in order, redeals included. */
  deals: Deal[];
  actions: RecordAction[];
  /** When each action was accepted (milliseconds since 1970, UTC), one per action; may be absent. */
  times?: number[];
  result: { points: number[]; winners: number[] | null; handsPlayed: HandRecord[] };
}

export interface RecordSource {
  table?: string | null;
  /** Dealing version; 1 when absent. */
  v?: 1 | 2;
  rules: Rules;
  seed: string;
  /** As the game was created: omitted values are drawn from the seed exactly as then. */
  dealer?: number;
  points?: number[];
  stake?: number;
  players: string[];
  bots?: (string | null)[];
  actions: { seat: number; action: Action }[];
  times?: number[];
}

export type RecordResult =
  | { ok: true; record: GameRecord; state: GameState }
  | { ok: false; index: number; error: Rejection; /** The deals made before the refusal. */ deals: Deal[] };

/** Replay a game from its seed and log, collecting the deals; the final state comes along. */
export function buildRecord(src: RecordSource): RecordResult {
  const deals: Deal[] = [];
  const state = createGame(src.rules, {
    seed: src.seed,
    dealer: src.dealer,
    points: src.points,
    stake: src.stake,
    v: src.v,
    onDeal: (d) => deals.push(d),
  });
  const dealer = state.dealer;
  const points = state.points.slice();
  const stake = src.stake ?? 1;
  const actions: RecordAction[] = [];
  for (let i = 0; i < src.actions.length; i++) {
    const { seat, action } = src.actions[i];
    const error = applyInPlace(state, seat, action);
    if (error) return { ok: false, index: i, error, deals };
    actions.push({ seat, ...action });
  }
  const n = src.rules.players;
  const record: GameRecord = {
    format: RECORD_FORMAT,
    ...(src.v === 2 ? { v: 2 as const } : {}),
    table: src.table ?? null,
    rules: src.rules,
    players: src.players.slice(0, n),
    bots: src.bots ? src.bots.slice(0, n) : new Array(n).fill(null),
    dealer,
    points,
    stake,
    seed: src.seed,
    deals,
    actions,
    ...(src.times ? { times: src.times.slice() } : {}),
    result: { points: state.points.slice(), winners: state.winners, handsPlayed: state.handsPlayed },
  };
  return { ok: true, record, state };
}

/** A new game set up as the record's was, its deals scripted: apply `record.actions` to replay it. */
export function gameFromRecord(record: Pick<GameRecord, "rules" | "seed" | "dealer" | "points" | "stake" | "deals" | "v">): GameState {
  return createGame(record.rules, {
    v: record.v,
    seed: record.seed,
    dealer: record.dealer,
    points: record.points,
    stake: record.stake,
    deals: record.deals,
  });
}

/** The action part of a record entry (the seat apart). */
export function splitAction(a: RecordAction): { seat: number; action: Action } {
  const { seat, ...action } = a;
  return { seat, action: action as Action };
}
