// How a table ends and begins again, as pure rules on its record: who plays a seat its player
// left, who still counts as a person, the end by agreement, and the rematch's seats and dealer.
import { nextSeat, type GameState } from "../engine";
import { STAND_IN_BOT } from "./bot-turns";
import type { EndProposal, SeatRecord, TableEnd, TableRecord } from "./model";

/** The level that plays a seat its player left: the table's own bots' level, else the stand-in. */
export function standInLevel(table: TableRecord): string {
  return table.seats.find((s) => s.bot)?.bot ?? STAND_IN_BOT;
}

/** Whether the game is over: played to its end, or ended before it (by agreement or by its league). */
export const gameDone = (table: TableRecord): boolean => table.state.phase === "over" || !!table.ended;

/** Seats a person plays (not a bot from the start, not left): the ones an end needs to agree. */
export const personSeats = (table: TableRecord): number[] => table.seats.filter((s) => !s.bot && !s.leftBot).map((s) => s.seat);

/** The proposal still standing at this version, or null (it lapses with the next move). */
export function standingProposal(table: TableRecord): EndProposal | null {
  const p = table.live?.proposal ?? null;
  return p && p.version === table.version && !gameDone(table) ? p : null;
}

/**
 * A seat proposes (or agrees to) ending the game: the same outcome as the standing proposal is
 * agreement, another outcome replaces it. Returns the proposal and whether everyone agreed.
 */
export function agree(table: TableRecord, seat: number, outcome: TableEnd["outcome"]): { proposal: EndProposal; all: boolean } {
  const p = standingProposal(table);
  const proposal: EndProposal =
    p && p.outcome === outcome ? { ...p, agreed: p.agreed.includes(seat) ? p.agreed : [...p.agreed, seat] } : { version: table.version, by: seat, outcome, agreed: [seat] };
  return { proposal, all: personSeats(table).every((s) => proposal.agreed.includes(s)) };
}

/**
 * The end as it stands: scored, the seats with the fewest points win (points count down). A seat
 * whose player left gave the game up: it wins only if every seat still in the game was left.
 */
export function endAsItStands(table: Pick<TableRecord, "state" | "seats">, outcome: TableEnd["outcome"], at: number, by?: "league"): TableEnd {
  const { state } = table;
  const mark = by ? { by } : {};
  if (outcome === "annul") return { outcome, at, winners: [], ...mark };
  const left = new Set(table.seats.filter((s) => s.leftBot).map((s) => s.seat));
  const still = state.points.map((p, seat) => ({ p, seat })).filter((x) => !state.out[x.seat]);
  const stayed = still.filter((x) => !left.has(x.seat));
  const inGame = stayed.length ? stayed : still;
  const best = Math.min(...inGame.map((x) => x.p));
  return { outcome, at, winners: inGame.filter((x) => x.p === best).map((x) => x.seat), ...mark };
}

/** The rematch deals from the seat after the last hand's dealer ("the next dealer deals"). */
export const rematchDealer = (state: GameState): number => nextSeat(state.dealer, state.rules.players);

/** The rematch's seats: the same names and bots (a seat whose player left is a person's again), no tokens yet. */
export const rematchSeats = (seats: SeatRecord[]): SeatRecord[] => seats.map((s) => ({ seat: s.seat, name: s.name, bot: s.bot, tokenHash: null, leftBot: null }));
