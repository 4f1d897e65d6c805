// D1 reads and writes of divisions: who plays in which division in a season (league_divisions).
import { and, eq } from "drizzle-orm";
import { db } from "../db/handle";
import * as schema from "../db/schema";

export type DivisionRow = typeof schema.leagueDivisions.$inferSelect;

export async function divisionsOf(d1: D1Database, leagueId: string, season: number): Promise<DivisionRow[]> {
  return db(d1)
    .select()
    .from(schema.leagueDivisions)
    .where(and(eq(schema.leagueDivisions.leagueId, leagueId), eq(schema.leagueDivisions.season, season)))
    .orderBy(schema.leagueDivisions.division);
}

/** Place members in a season's divisions; a member placed already keeps their place (a second writer changes nothing). */
export async function placeMembers(d1: D1Database, rows: DivisionRow[]): Promise<void> {
  const q = db(d1);
  // D1 caps bound parameters per statement: insert in slices.
  for (let i = 0; i < rows.length; i += 20) {
    await q.insert(schema.leagueDivisions).values(rows.slice(i, i + 20)).onConflictDoNothing();
  }
}
