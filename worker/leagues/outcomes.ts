// What the league copies from its games: the games behind its tables as the table server stored
// them, a seat's result from a game's state, and the outcome of every game that has ended since
// the league was last read (the table server needs to know nothing about leagues).
import { inArray, sql } from "drizzle-orm";
import { db } from "../db/handle";
import * as tableSchema from "../db/table-schema";
import type { PlacementEnv } from "../db/placement";
import { eachSlice } from "../db/slices";
import type { GameState } from "../engine";
import { placesFor } from "./standings";
import { decideTable, type LeagueTable, type StoredSeatResult, type TakenOver } from "./store";

/**
 * What the league reads of a game's state: the few fields it shows and scores from, picked out by
 * the database (json_extract), not the whole state (its deals, hands and log) parsed per request.
 */
export type GameGist = Pick<GameState, "phase" | "toAct" | "points" | "winners"> & { hands: number };

export interface GameRow {
  id: string;
  phase: string;
  version: number;
  updatedAt: number;
  state: GameGist;
  /** The game ended before its end (by agreement, or by the league): `TableEnd` as JSON, else null. */
  ended: string | null;
  seats: { seat: number; name: string; bot: string | null; leftBot: string | null }[];
}

/** The games behind some league tables, as the table server stored them. */
export async function gamesFor(env: PlacementEnv, tableIds: string[]): Promise<Map<string, GameRow>> {
  const out = new Map<string, GameRow>();
  // Each table's rows in the database its id picks; D1 caps bound parameters per statement: read in slices.
  await eachSlice(env, tableIds, async (d1, ids) => {
    const q = db(d1);
    const T = tableSchema.tables;
    const [rows, seats] = await q.batch([
      q
        .select({
          id: T.id,
          phase: T.phase,
          version: T.version,
          updatedAt: T.updatedAt,
          statePhase: sql<string>`json_extract(${T.state}, '$.phase')`,
          toAct: sql<string>`json_extract(${T.state}, '$.toAct')`,
          points: sql<string>`json_extract(${T.state}, '$.points')`,
          winners: sql<string | null>`json_extract(${T.state}, '$.winners')`,
          hands: sql<number>`json_array_length(${T.state}, '$.handsPlayed')`,
          ended: T.ended,
        })
        .from(T)
        .where(inArray(T.id, ids)),
      q.select({ tableId: tableSchema.seats.tableId, seat: tableSchema.seats.seat, name: tableSchema.seats.name, bot: tableSchema.seats.bot, leftBot: tableSchema.seats.leftBot }).from(tableSchema.seats).where(inArray(tableSchema.seats.tableId, ids)),
    ]);
    for (const r of rows) {
      const state: GameGist = { phase: r.statePhase as GameState["phase"], toAct: JSON.parse(r.toAct) as number[], points: JSON.parse(r.points) as number[], winners: r.winners === null ? null : (JSON.parse(r.winners) as number[]), hands: Number(r.hands) };
      out.set(r.id, { id: r.id, phase: r.phase, version: r.version, updatedAt: r.updatedAt, state, ended: r.ended, seats: [] });
    }
    for (const s of seats) out.get(s.tableId)?.seats.push({ seat: s.seat, name: s.name, bot: s.bot, leftBot: s.leftBot });
    return [];
  });
  for (const g of out.values()) g.seats.sort((a, b) => a.seat - b.seat);
  return out;
}

/**
 * Per seat: who held it, the game points and the place, from a game's state as it stands. The
 * whole seat's result counts for whoever holds it now, a reserve who took it over included (README).
 */
export function resultOf(state: Pick<GameState, "points" | "phase" | "winners">, holders: (string | null)[], takenOver: (TakenOver | null)[] = [], winners: number[] | null = state.phase === "over" ? state.winners : null): StoredSeatResult[] {
  const places = placesFor(state.points, winners);
  return state.points.map((points, seat) => {
    const member = holders[seat] ?? null;
    const o = takenOver[seat];
    return { member, points, place: places[seat], ...(o && member ? { tookOver: o } : {}) };
  });
}

/** How a game that is over counts for its league: played to its end, or ended before it. */
function outcomeOf(g: GameRow, t: LeagueTable): { outcome: "finished" | "scored" | "annulled"; result: StoredSeatResult[] | null; at: number } | null {
  if (g.phase === "over") return { outcome: "finished", result: resultOf(g.state, t.holders, t.takenOver), at: g.updatedAt };
  if (!g.ended) return null;
  // Ended at the table (only tables ended by agreement before league tables refused it, README
  // "Leagues"): the league counts it as the admin's decision would, so page, standings and the
  // round's closing agree with the table.
  const end = JSON.parse(g.ended) as { outcome: "score" | "annul"; at: number; winners: number[] };
  return end.outcome === "annul"
    ? { outcome: "annulled", result: null, at: end.at }
    : { outcome: "scored", result: resultOf(g.state, t.holders, t.takenOver, end.winners), at: end.at };
}

/**
 * Copy the outcome of every league table whose game has ended since we last looked. Done when
 * the league is read: the table server needs to know nothing about leagues. Answers the games
 * of the tables that are still running.
 */
export async function syncFinished(env: PlacementEnv, tables: LeagueTable[]): Promise<Map<string, GameRow>> {
  const d1 = env.DB;
  const open = tables.filter((t) => t.outcome === null);
  const games = await gamesFor(env, open.map((t) => t.tableId));
  for (const t of open) {
    const g = games.get(t.tableId);
    const o = g && outcomeOf(g, t);
    if (!o) continue;
    if (await decideTable(d1, t.tableId, o.outcome, o.result, o.at)) {
      Object.assign(t, { outcome: o.outcome, result: o.result && JSON.stringify(o.result), decidedAt: o.at });
    }
  }
  // The games of the tables still running: what the page shows of them (read once per request).
  for (const t of open) if (t.outcome !== null) games.delete(t.tableId);
  return games;
}

