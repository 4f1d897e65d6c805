// Seating a round division by division: each division's members are seated among themselves,
// planned over the season from that division's own tables (seating.ts), and the tables numbered
// on through the divisions, top first.
import { SeatingError, tableShapes, type SeatingInput } from "./seating";
import type { DivisionRow } from "./division-store";
import type { LeagueTable } from "./store";

/** What one division (or the whole league, without divisions) is seated from: plain data. */
export interface SeatingTask {
  division: number | null;
  input: Omit<SeatingInput, "random">;
}

/**
 * `base`: the seating input as without divisions (all active members, the season's tables);
 * `divisions`: the season's placements (null: no divisions). Each task's table shapes are
 * checked here (SeatingError, naming the division), so a round that cannot be seated is refused
 * before anything is planned.
 */
export function seatingTasks(base: Omit<SeatingInput, "random">, tables: LeagueTable[], divisions: DivisionRow[] | null): SeatingTask[] {
  const tasks: SeatingTask[] = [];
  if (!divisions) tasks.push({ division: null, input: base });
  else {
    const active = new Set(base.members);
    const count = Math.max(0, ...divisions.map((r) => r.division));
    for (let d = 1; d <= count; d++) {
      const members = divisions.filter((r) => r.division === d && active.has(r.memberId)).map((r) => r.memberId);
      if (!members.length) continue;
      const own = tables.filter((t) => t.division === d);
      tasks.push({ division: d, input: { ...base, members, history: own.map((t) => t.holders), roundsPlayed: new Set(own.map((t) => t.round)).size, seed: `${base.seed ?? ""}:${d}` } });
    }
  }
  for (const t of tasks) {
    try {
      tableShapes(new Set(t.input.members).size, t.input.tableSize, t.input.allowBots, t.input.maxSeats);
    } catch (e) {
      if (e instanceof SeatingError && t.division !== null) throw new SeatingError(`Division ${t.division}: ${e.message}`);
      throw e;
    }
  }
  return tasks;
}
