// The drizzle handle over the D1 binding, with the whole schema (every store goes through it).
// One handle per binding: making one walks the whole schema (its relations), which cost more CPU
// than the query it was made for.
import { drizzle, type DrizzleD1Database } from "drizzle-orm/d1";
import * as schema from "./schema";

const handles = new WeakMap<D1Database, DrizzleD1Database<typeof schema>>();

export function db(d1: D1Database): DrizzleD1Database<typeof schema> {
  let q = handles.get(d1);
  if (!q) handles.set(d1, (q = drizzle(d1, { schema })));
  return q;
}
