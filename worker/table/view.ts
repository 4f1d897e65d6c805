// The API view of a table for one seat: the engine's `viewFor` (all a seat may know) plus the
// table's id, version, seat names, the correspondence clock and whether hints are allowed.
import { viewFor, type Rules, type View } from "../engine";
import type { TableRecord } from "./model";
import { clockView, type ClockView } from "./clock-view";
import { moveHintsAllowed } from "../deadlines/options";
import { sha256Hex } from "../base/secrets";
import { commitmentOf } from "./commitment";

export type ApiView = Omit<View, "players" | "reveal"> & {
  /** After the game: the seed and the hands (View.reveal); at a table of a duplicate pool still being
   * played elsewhere, `{ waiting: "pool" }` until every table of the pool has finished. */
  reveal?: NonNullable<View["reveal"]> | { waiting: "pool" };
  id: string;
  version: number;
  players: (View["players"][number] & { name: string; bot: string | null })[];
  /** When the decision now awaited runs out (ISO), or null. */
  deadline: string | null;
  /** Correspondence details: time per decision, reminder, seats taken over or on vacation. */
  clock: ClockView | null;
  /** Whether this table allows hints (GET /api/tables/:id/hint); the client shows its button. */
  hints: boolean;
  /** SHA-256 (lowercase hex) of the shuffle seed, the same in every view of the game. */
  commitment: string;
  /** The table's rules, every option resolved (public: the same for every seat), shown in words. */
  rules: Rules;
  /** Only in the first view of a visit (a read, a socket's first message): the version this seat
   * had seen before, where "since you were here" starts. */
  seen?: number;
};

/**
 * The view's ETag: its version (API.md) and a digest of the whole view, since a view also changes
 * without a move (a seat given to a bot or to someone else, the clock, away and vacation marks).
 */
export const viewTag = async (view: ApiView): Promise<string> => `"${view.version}.${(await sha256Hex(JSON.stringify(view))).slice(0, 16)}"`;

export function apiView(table: TableRecord, seat: number): ApiView {
  const { players, reveal, ...rest } = viewFor(table.state, seat);
  const clock = clockView(table);
  return {
    id: table.id,
    version: table.version,
    ...rest,
    players: players.map((p) => ({ ...p, name: table.seats[p.seat]?.name ?? "", bot: table.seats[p.seat]?.bot ?? null })),
    deadline: clock?.deadline ?? null,
    clock,
    hints: moveHintsAllowed(table.live),
    commitment: commitmentOf(table.state.seed),
    rules: table.state.rules,
    // A duplicate pool's deals are the same at its other tables: they wait until all have finished.
    ...(reveal ? { reveal: table.pool && !table.poolDone ? { waiting: "pool" as const } : reveal } : {}),
  };
}
