// The API view of a table for one seat: the engine's `viewFor` (all a seat may know) plus the
// table's id, version, seat names, the correspondence clock and whether hints are allowed.
import { viewFor, type View } from "../engine";
import type { TableRecord } from "./store";
import { clockView, type ClockView } from "../deadlines/table-clock";
import { hintsAllowed } from "../deadlines/options";

export type ApiView = Omit<View, "players"> & {
  id: string;
  version: number;
  players: (View["players"][number] & { name: string; bot: string | null })[];
  /** When the decision now awaited runs out (ISO), or null. */
  deadline: string | null;
  /** Correspondence details: time per decision, reminder, seats taken over or on vacation. */
  clock: ClockView | null;
  /** Whether this table allows hints (GET /api/tables/:id/hint); the client shows its button. */
  hints: boolean;
  /** Only in the first view of a visit (a read, a socket's first message): the version this seat
   * had seen before, where "since you were here" starts. */
  seen?: number;
};

export function apiView(table: TableRecord, seat: number): ApiView {
  const { players, ...rest } = viewFor(table.state, seat);
  const clock = clockView(table);
  return {
    id: table.id,
    version: table.version,
    ...rest,
    players: players.map((p) => ({ ...p, name: table.seats[p.seat]?.name ?? "", bot: table.seats[p.seat]?.bot ?? null })),
    deadline: clock?.deadline ?? null,
    clock,
    hints: hintsAllowed(table.live),
  };
}
