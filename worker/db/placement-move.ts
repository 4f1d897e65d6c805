// A table's rows copied from one tables' database to another (a slot range moving, README "Past
// one database"): read every row of its three tables, write them in one batch (a transaction:
// all or nothing), read them back and compare, and only then delete them from the source. Run by
// the table's own object (worker/table/room-move.ts), in its queue, so nothing writes the rows
// meanwhile. Every database has the one schema, so the columns are the source's own.
import type { TableDb } from "./placement";

type Row = Record<string, unknown>;

export interface TableRows {
  table: Row;
  seats: Row[];
  actions: Row[];
}

/** D1 caps a statement's bound parameters at 100: rows per insert for a table of `columns` columns. */
const rowsPerInsert = (columns: number): number => Math.max(1, Math.floor(100 / columns));

/** Every row of `tableId` in `d1` (seats by seat, actions by version), or null without its table row. */
export async function readRows(d1: TableDb, tableId: string): Promise<TableRows | null> {
  const [tables, seats, actions] = await d1.batch<Row>([
    d1.prepare("SELECT * FROM tables WHERE id = ?").bind(tableId),
    d1.prepare("SELECT * FROM seats WHERE table_id = ? ORDER BY seat").bind(tableId),
    d1.prepare("SELECT * FROM actions WHERE table_id = ? ORDER BY version").bind(tableId),
  ]);
  const table = tables.results[0];
  return table ? { table, seats: seats.results, actions: actions.results } : null;
}

function inserts(d1: TableDb, name: string, rows: Row[]): D1PreparedStatement[] {
  if (!rows.length) return [];
  const columns = Object.keys(rows[0]);
  const per = rowsPerInsert(columns.length);
  const out: D1PreparedStatement[] = [];
  for (let i = 0; i < rows.length; i += per) {
    const slice = rows.slice(i, i + per);
    const values = slice.map(() => `(${columns.map(() => "?").join(", ")})`).join(", ");
    out.push(d1.prepare(`INSERT INTO "${name}" (${columns.map((c) => `"${c}"`).join(", ")}) VALUES ${values}`).bind(...slice.flatMap((r) => columns.map((c) => r[c]))));
  }
  return out;
}

/** Write `rows` into `d1` in one transaction (a table already there refuses it whole). */
export async function writeRows(d1: TableDb, rows: TableRows): Promise<void> {
  await d1.batch([...inserts(d1, "tables", [rows.table]), ...inserts(d1, "seats", rows.seats), ...inserts(d1, "actions", rows.actions)]);
}

/** Whether two reads of a table's rows are the same, column by column. */
export const sameRows = (a: TableRows, b: TableRows): boolean => JSON.stringify(a) === JSON.stringify(b);

/** Every row of `tableId` out of `d1`, in one transaction. */
export async function deleteRows(d1: TableDb, tableId: string): Promise<void> {
  await d1.batch([
    d1.prepare("DELETE FROM actions WHERE table_id = ?").bind(tableId),
    d1.prepare("DELETE FROM seats WHERE table_id = ?").bind(tableId),
    d1.prepare("DELETE FROM tables WHERE id = ?").bind(tableId),
  ]);
}

/** Up to `limit` table ids of `d1` after `after`, in id order (a scan of a range's tables, a page at a time). */
export async function tableIdsAfter(d1: TableDb, after: string, limit: number): Promise<string[]> {
  const { results } = await d1.prepare("SELECT id FROM tables WHERE id > ? ORDER BY id LIMIT ?").bind(after, limit).all<{ id: string }>();
  return results.map((r) => r.id);
}
