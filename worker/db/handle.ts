// The drizzle handle over the D1 binding, with the whole schema (every store goes through it).
import { drizzle, type DrizzleD1Database } from "drizzle-orm/d1";
import * as schema from "./schema";

export const db = (d1: D1Database): DrizzleD1Database<typeof schema> => drizzle(d1, { schema });
