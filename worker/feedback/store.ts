// Rule wishes and problem reports from the client's settings page (POST /api/feedback).
import { db } from "../db/handle";
import * as schema from "../db/schema";

export async function insertFeedback(d1: D1Database, f: { kind: "rule" | "problem"; text: string; contact: string | null }): Promise<number> {
  const [row] = await db(d1).insert(schema.feedback).values(f).returning({ id: schema.feedback.id });
  return row.id;
}
