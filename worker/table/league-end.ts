// A league table ends before its end only by its league's admin (`…/decide`, ended.by "league"),
// never by agreement at the table: seats a bot plays are not asked, so a member left alone with
// bots could otherwise end a league game by themself, scored as it suits them (N4 of the probe).
import { eq } from "drizzle-orm";
import { db } from "../db/handle";
import * as schema from "../db/schema";
import { fail, type Failure } from "../base/failure";

/** The refusal of an end by agreement at a league table; null at any other table. */
export async function leagueEndRefused(d1: D1Database, tableId: string): Promise<Failure | null> {
  const rows = await db(d1).select({ id: schema.leagueTables.tableId }).from(schema.leagueTables).where(eq(schema.leagueTables.tableId, tableId)).limit(1);
  return rows.length ? fail(409, "LEAGUE_TABLE", "A league game ends early only by the league's admin (scored as it stands, or annulled): ask them on the league's board.") : null;
}
