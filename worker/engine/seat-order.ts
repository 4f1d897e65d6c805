// The seat order, written once: play goes clockwise, seat s + 1 after seat s, seat 0 after the
// last. The engine, the bots and the client's display all take it from here.

/** The seat after `seat`, clockwise, at a table of `players` (not %: this runs per card played). */
export const nextSeat = (seat: number, players: number): number => (seat + 1 === players ? 0 : seat + 1);

/** Seats clockwise after `from` (`from` + 1 first, `from` itself last) for which `keep` holds. */
export function seatsClockwise(players: number, from: number, keep: (seat: number) => boolean): number[] {
  const seats: number[] = [];
  for (let i = 0, s = from; i < players; i++) {
    s = nextSeat(s, players);
    if (keep(s)) seats.push(s);
  }
  return seats;
}
