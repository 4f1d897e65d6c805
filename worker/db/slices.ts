// Reading many rows by id in slices: D1 binds at most 100 values a statement, so every list of ids
// is read 50 at a time. `eachSlice` also groups table ids by the database their ids pick
// (placement.ts), since a table's rows live there and never join the directory's.
import { byDatabase, type PlacementEnv, type TableDb } from "./placement";

export const SLICE = 50;

/** `read` once per slice of `ids`, the rows put together in order. */
export async function inSlices<I, T>(ids: readonly I[], read: (ids: I[]) => Promise<T[]>): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < ids.length; i += SLICE) out.push(...(await read(ids.slice(i, i + SLICE))));
  return out;
}

/** `read` once per database and slice of the tables' ids there. */
export async function eachSlice<T>(env: PlacementEnv, tableIds: Iterable<string>, read: (d1: TableDb, ids: string[]) => Promise<T[]>): Promise<T[]> {
  const out: T[] = [];
  for (const [d1, ids] of byDatabase(env, tableIds)) out.push(...(await inSlices(ids, (part) => read(d1, part))));
  return out;
}
