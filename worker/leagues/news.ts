// What an admin action leaves behind: its entry in the admin log (shown to the admin and the
// members) and the league's notices (news on the page, some for one member only). One door, so
// that every action writes both the same way.
import * as store from "./store";
import type { LeagueRow, NoticeRow } from "./store";

export interface LogEntry {
  action: string;
  data: Record<string, unknown>;
  /** The end of the time to undo it (a removal by the admin), else none. */
  undoUntil?: number | null;
}

/** Log `entry` (if any) and add `notices`, at `at`; the log entry's id, or null without one. */
export async function logAndNotify(d1: D1Database, league: LeagueRow, at: number, entry: LogEntry | null, notices: Omit<NoticeRow, "id">[] = []): Promise<number | null> {
  const id = entry ? await store.logAdmin(d1, { leagueId: league.id, action: entry.action, data: JSON.stringify(entry.data), at, undoUntil: entry.undoUntil ?? null }) : null;
  await store.insertNotices(d1, notices);
  return id;
}
