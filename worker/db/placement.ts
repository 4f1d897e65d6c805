// Which D1 database holds a table's rows (its table row, seats and action log): one function of
// the table's id, so that spreading tables over more databases later is configuration, not code.
// The id's hash picks one of 256 slots; `TABLE_DATABASES` (a wrangler var) names the D1 binding
// of each range of slots: unset or "DB" puts everything in DB, "DB:0-127 DB2:128-255" splits the
// tables in two. Giving a range to a new database means copying that range's rows first (README,
// "Past one database"); a table's id never changes, so neither does its slot.
export const SLOTS = 256;

/** The slot of a table id: FNV-1a over its characters (ids are random, so slots fill evenly). */
export function slotOf(tableId: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < tableId.length; i++) {
    h ^= tableId.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0) % SLOTS;
}

const parsed = new Map<string, string[]>();

/** The binding name of every slot, from a `TABLE_DATABASES` value; every slot exactly once. */
export function parsePlacement(spec: string | undefined): string[] {
  const key = (spec ?? "").trim() || "DB";
  const known = parsed.get(key);
  if (known) return known;
  const bySlot = new Array<string | undefined>(SLOTS);
  for (const part of key.split(/\s+/)) {
    const m = /^([A-Za-z_][A-Za-z0-9_]*)(?::(\d+)-(\d+))?$/.exec(part);
    if (!m) throw new Error(`TABLE_DATABASES: "${part}" is not BINDING or BINDING:FROM-TO`);
    const from = m[2] === undefined ? 0 : Number(m[2]);
    const to = m[3] === undefined ? SLOTS - 1 : Number(m[3]);
    if (from > to || to >= SLOTS) throw new Error(`TABLE_DATABASES: slots ${from}-${to} are not within 0-${SLOTS - 1}`);
    for (let s = from; s <= to; s++) {
      if (bySlot[s] !== undefined) throw new Error(`TABLE_DATABASES: slot ${s} is given twice`);
      bySlot[s] = m[1];
    }
  }
  const missing = bySlot.findIndex((b) => b === undefined);
  if (missing >= 0) throw new Error(`TABLE_DATABASES: slot ${missing} has no database`);
  const names = bySlot as string[];
  parsed.set(key, names);
  return names;
}

/** The binding name of the database that holds `tableId`. */
export const databaseNameFor = (tableId: string, spec: string | undefined): string => parsePlacement(spec)[slotOf(tableId)];

export interface PlacementEnv {
  DB: D1Database;
  TABLE_DATABASES?: string;
}

declare const tableRows: unique symbol;
/**
 * A D1 database that holds tables' rows (`tables`, `seats`, `actions`). Only this module makes
 * one, so a function over a table's rows cannot be handed `env.DB` (the directory: players,
 * leagues, notifications, hosts, links) by mistake: that does not compile.
 */
export type TableDb = D1Database & { readonly [tableRows]: true };

/** Every binding `TABLE_DATABASES` names, checked once per value: a name that is not bound is refused here, with its name. */
const checked = new WeakMap<object, string>();
function bindingsOf(env: PlacementEnv): Record<string, TableDb> {
  const all = env as unknown as Record<string, TableDb | undefined>;
  const spec = env.TABLE_DATABASES ?? "";
  if (checked.get(env) !== spec) {
    for (const name of new Set(parsePlacement(spec))) {
      const d1 = all[name];
      if (!d1 || typeof (d1 as Partial<D1Database>).prepare !== "function") throw new Error(`TABLE_DATABASES names ${name}, which is not a D1 binding of this Worker`);
    }
    checked.set(env, spec);
  }
  return all as Record<string, TableDb>;
}

/** The D1 database that holds `tableId`'s rows. */
export function tableDatabase(env: PlacementEnv, tableId: string): TableDb {
  return bindingsOf(env)[databaseNameFor(tableId, env.TABLE_DATABASES)];
}

/** Every database that holds tables, each once (a query by something other than a table id asks each). */
export function tableDatabases(env: PlacementEnv): TableDb[] {
  const all = bindingsOf(env);
  return [...new Set(parsePlacement(env.TABLE_DATABASES))].map((name) => all[name]);
}

/** Table ids grouped by the database that holds them: a query across tables runs once per database. */
export function byDatabase(env: PlacementEnv, tableIds: Iterable<string>): Map<TableDb, string[]> {
  const out = new Map<TableDb, string[]>();
  for (const id of new Set(tableIds)) {
    const d1 = tableDatabase(env, id);
    const ids = out.get(d1);
    if (ids) ids.push(id);
    else out.set(d1, [id]);
  }
  return out;
}
