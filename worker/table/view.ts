// The API view of a table for one seat: the engine's `viewFor` (all a seat may know) plus the
// table's id, version, seat names, the correspondence clock and whether hints are allowed.
import { viewFor, type Rules, type View } from "../engine";
import type { TableRecord } from "./model";
import { clockView, type ClockView } from "./clock-view";
import { moveHintsAllowed } from "../deadlines/options";
import { sha256Hex } from "../base/secrets";
import { commitmentOf } from "./commitment";
import { standingProposal } from "./lifecycle";
import type { EndProposal, TableEnd } from "./model";

export type ApiView = Omit<View, "players"> & {
  id: string;
  version: number;
  /** `bot`: the level playing the seat (from the start, or since its player left: `left`). */
  players: (View["players"][number] & { name: string; bot: string | null; left: boolean })[];
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
  /** The table of "Play again" once a seat asked for it (API.md additions), else null. */
  rematch: string | null;
  /** The game was ended by agreement (then `phase` is "over" and `winners` the end's). */
  ended: TableEnd | null;
  /** A proposal to end the game, standing until the next move. */
  proposal: EndProposal | null;
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
  const { players, ...rest } = viewFor(table.state, seat);
  const clock = clockView(table);
  const ended = table.ended ?? null;
  // Ended by agreement: nothing more to do, whatever hand was in play.
  if (ended) Object.assign(rest, { phase: "over", legal: [], toAct: [], winners: ended.winners });
  return {
    id: table.id,
    version: table.version,
    ...rest,
    players: players.map((p) => {
      const s = table.seats[p.seat];
      return { ...p, name: s?.name ?? "", bot: s?.bot ?? s?.leftBot ?? null, left: !!s?.leftBot };
    }),
    deadline: clock?.deadline ?? null,
    clock,
    hints: moveHintsAllowed(table.live),
    commitment: commitmentOf(table.state.seed),
    rules: table.state.rules,
    rematch: table.rematch ?? null,
    ended,
    proposal: standingProposal(table),
  };
}
