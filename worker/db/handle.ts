// The drizzle handle over the D1 binding (every store goes through it). Made without the schema:
// nothing here uses drizzle's relational queries, and given the schema, making a handle walks all
// of it (its relations), which cost more CPU than the query it was made for. A new handle per call,
// as before: one kept across requests could hold one request's I/O into another's.
import { drizzle, type DrizzleD1Database } from "drizzle-orm/d1";

export const db = (d1: D1Database): DrizzleD1Database => drizzle(d1);
