// Which D1 database holds a table's rows (its table row, seats and action log): one function of
// the table's id, so that spreading tables over more databases is configuration, not code.
// The id's hash picks one of 256 slots; `TABLE_DATABASES` (a wrangler var) names the D1 binding
// of each range of slots: unset or "DB" puts everything in DB, "DB:0-127 DB2:128-255" splits the
// tables in two. A range given as "DB2>DB3:128-191" is moving from DB2 to DB3 while Muli runs
// (README, "Past one database"): each table of it is in DB3 once its object has copied it there
// (worker/table/room-move.ts), else still in DB2; readers ask DB2 first, then DB3, whose rows win.
// A table's id never changes, so neither does its slot.
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

/** Where a slot's tables are: `home`, or while the slot moves, `home` (the source) until each is copied to `to`. */
export interface SlotPlace {
  home: string;
  to?: string;
}

const parsed = new Map<string, SlotPlace[]>();

/** Every slot's place, from a `TABLE_DATABASES` value; every slot exactly once. */
export function parseSlots(spec: string | undefined): SlotPlace[] {
  const key = (spec ?? "").trim() || "DB";
  const known = parsed.get(key);
  if (known) return known;
  const bySlot = new Array<SlotPlace | undefined>(SLOTS);
  for (const part of key.split(/\s+/)) {
    const m = /^([A-Za-z_][A-Za-z0-9_]*)(?:>([A-Za-z_][A-Za-z0-9_]*))?(?::(\d+)-(\d+))?$/.exec(part);
    if (!m) throw new Error(`TABLE_DATABASES: "${part}" is not BINDING, BINDING:FROM-TO or SOURCE>TARGET:FROM-TO`);
    if (m[2] === m[1]) throw new Error(`TABLE_DATABASES: "${part}" moves a range to where it is`);
    const from = m[3] === undefined ? 0 : Number(m[3]);
    const to = m[4] === undefined ? SLOTS - 1 : Number(m[4]);
    if (from > to || to >= SLOTS) throw new Error(`TABLE_DATABASES: slots ${from}-${to} are not within 0-${SLOTS - 1}`);
    for (let s = from; s <= to; s++) {
      if (bySlot[s] !== undefined) throw new Error(`TABLE_DATABASES: slot ${s} is given twice`);
      bySlot[s] = m[2] ? { home: m[1], to: m[2] } : { home: m[1] };
    }
  }
  const missing = bySlot.findIndex((b) => b === undefined);
  if (missing >= 0) throw new Error(`TABLE_DATABASES: slot ${missing} has no database`);
  const places = bySlot as SlotPlace[];
  parsed.set(key, places);
  return places;
}

/** Every binding a `TABLE_DATABASES` value names (homes and moves' targets), each once. */
export const databaseNames = (spec: string | undefined): string[] => [...new Set(parseSlots(spec).flatMap((p) => (p.to ? [p.home, p.to] : [p.home])))];

/** The binding name of the database that holds `tableId` (while its slot moves: the source). */
export const databaseNameFor = (tableId: string, spec: string | undefined): string => parseSlots(spec)[slotOf(tableId)].home;

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
    for (const name of databaseNames(spec)) {
      const d1 = all[name];
      if (!d1 || typeof (d1 as Partial<D1Database>).prepare !== "function") throw new Error(`TABLE_DATABASES names ${name}, which is not a D1 binding of this Worker`);
    }
    checked.set(env, spec);
  }
  return all as Record<string, TableDb>;
}

/** The tables' database bound as `name`, which `TABLE_DATABASES` must name (an operator's move names them), else null. */
export function namedDatabase(env: PlacementEnv, name: string): TableDb | null {
  return databaseNames(env.TABLE_DATABASES).includes(name) ? bindingsOf(env)[name] : null;
}

/**
 * The D1 database that holds `tableId`'s rows when its slot is not moving. For a slot that moves,
 * the source: only the table's own object, which makes the move, knows for sure (see
 * placedDatabase); a reader uses readPlaced or byDatabase instead.
 */
export function tableDatabase(env: PlacementEnv, tableId: string): TableDb {
  return bindingsOf(env)[databaseNameFor(tableId, env.TABLE_DATABASES)];
}

/** The databases that may hold `tableId`'s rows, in the order a reader asks them: its home, then while its slot moves, the target. */
export function tableDatabasesOf(env: PlacementEnv, tableId: string): TableDb[] {
  const all = bindingsOf(env);
  const place = parseSlots(env.TABLE_DATABASES)[slotOf(tableId)];
  return place.to ? [all[place.home], all[place.to]] : [all[place.home]];
}

/** Whether `d1` has `tableId`'s table row (a moved table's row in its target is what says it moved). */
export async function hasTable(d1: TableDb, tableId: string): Promise<boolean> {
  return (await d1.prepare("SELECT 1 AS y FROM tables WHERE id = ?").bind(tableId).first()) !== null;
}

/**
 * The database that holds `tableId`'s rows now: while its slot moves, the target once it has the
 * table's row. Only where the rows cannot move meanwhile: in the table's object's queue (which
 * makes the move) or before its table exists.
 */
export async function placedDatabase(env: PlacementEnv, tableId: string): Promise<TableDb> {
  const [home, to] = tableDatabasesOf(env, tableId);
  return to && (await hasTable(to, tableId)) ? to : home;
}

/**
 * `read` of a table's rows where they are, from anywhere. While its slot moves: the source is read
 * first, then the target is asked whether it has the table (and read if so). Its object copies to
 * the target before it deletes from the source, so a table moved between the two reads is found in
 * the target, and one that is not in the target yet was still in the source when it was read.
 */
export async function readPlaced<T>(env: PlacementEnv, tableId: string, read: (d1: TableDb) => Promise<T>): Promise<T> {
  const [home, to] = tableDatabasesOf(env, tableId);
  const fromHome = await read(home);
  return to && (await hasTable(to, tableId)) ? read(to) : fromHome;
}

/** Every database that holds tables, each once: homes, then moves' targets (a query by something other than a table id asks each). */
export function tableDatabases(env: PlacementEnv): TableDb[] {
  const all = bindingsOf(env);
  return databaseNames(env.TABLE_DATABASES).map((name) => all[name]);
}

/**
 * Table ids grouped by the database that may hold them, in the order to read them: every home
 * first, then the targets of moving slots (whose ids are in both). A reader reads the groups one
 * after the other and lets a table's rows from a later group replace an earlier group's (the
 * order of readPlaced: a table moved meanwhile is found in its target).
 */
export function byDatabase(env: PlacementEnv, tableIds: Iterable<string>): [TableDb, string[]][] {
  const all = bindingsOf(env);
  const places = parseSlots(env.TABLE_DATABASES);
  const homes = new Map<string, string[]>();
  const targets = new Map<string, string[]>();
  const add = (m: Map<string, string[]>, name: string, id: string) => {
    const ids = m.get(name);
    if (ids) ids.push(id);
    else m.set(name, [id]);
  };
  for (const id of new Set(tableIds)) {
    const place = places[slotOf(id)];
    add(homes, place.home, id);
    if (place.to) add(targets, place.to, id);
  }
  return [...homes, ...targets].map(([name, ids]) => [all[name], ids]);
}

/** Of rows read group by group (byDatabase's order), each table's from the last group that had any. */
export function lastGroupWins<T>(groups: T[][], tableOf: (row: T) => string): T[] {
  const from = new Map<string, number>();
  groups.forEach((rows, g) => rows.forEach((r) => from.set(tableOf(r), g)));
  return groups.flatMap((rows, g) => rows.filter((r) => from.get(tableOf(r)) === g));
}
