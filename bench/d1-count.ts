// Counts what code does to a D1 database: round trips (a statement run alone, or a batch), those
// that write (any INSERT, UPDATE or DELETE in them), rows changed (D1's `changes`) and rows written
// (D1's `rows_written`, which also counts index entries: what D1 bills). Used by `npm run bench:d1`
// (directory writes per turn message) and by test/api/notify-writes.test.ts, which asserts them.
// Every write goes through `.all()` so that its meta can be read (`.first()` and `.raw()` have none).

export interface D1Counts {
  roundTrips: number;
  writeRoundTrips: number;
  rowsChanged: number;
  rowsWritten: number;
  /** The writing statements, in order ("UPDATE notices"), to say what the figures are made of. */
  writes: string[];
}

const WRITE = /^\s*(INSERT|UPDATE|DELETE|REPLACE)\b/i;
/** "UPDATE notices", "INSERT outbox": the verb and the table a writing statement names. */
const whatWrites = (sql: string): string => {
  const m = /^\s*(insert\s+into|update|delete\s+from|replace\s+into)\s+[`"]?(\w+)/i.exec(sql);
  return m ? `${m[1].split(/\s+/)[0].toUpperCase()} ${m[2]}` : sql.trim().slice(0, 20);
};
const INNER = Symbol("inner statement");

type Counted = D1PreparedStatement & { [INNER]: D1PreparedStatement; sql: string };

export const noCounts = (): D1Counts => ({ roundTrips: 0, writeRoundTrips: 0, rowsChanged: 0, rowsWritten: 0, writes: [] });

/** `d1` with every call counted into `counts` (reset it by assigning `noCounts()` fields, or read a difference). */
export function countingD1<T extends D1Database>(d1: T, counts: D1Counts = noCounts()): { d1: T; counts: D1Counts } {
  const tally = (sqls: string[], results: D1Result[]) => {
    counts.roundTrips++;
    const writing = sqls.map((s) => WRITE.test(s));
    if (writing.some(Boolean)) counts.writeRoundTrips++;
    results.forEach((r, i) => {
      if (!writing[i]) return;
      counts.rowsChanged += r.meta?.changes ?? 0;
      counts.rowsWritten += r.meta?.rows_written ?? 0;
      counts.writes.push(whatWrites(sqls[i]));
    });
  };
  const wrap = (inner: D1PreparedStatement, sql: string): Counted => {
    const all = async <R,>() => {
      const r = await inner.all<R>();
      tally([sql], [r]);
      return r;
    };
    const stmt = {
      [INNER]: inner,
      sql,
      bind: (...values: unknown[]) => wrap(inner.bind(...values), sql),
      all,
      run: all,
      async first(column?: string) {
        const row = (await all<Record<string, unknown>>()).results[0] ?? null;
        return column === undefined || row === null ? row : row[column];
      },
      async raw(options?: { columnNames?: boolean }) {
        // A read keeps its own arrays (a join may repeat a column's name); a write needs its meta.
        if (!WRITE.test(sql)) {
          counts.roundTrips++;
          return inner.raw(options as { columnNames: true });
        }
        const { results } = await all<Record<string, unknown>>();
        const rows = results.map((r) => Object.values(r));
        return options?.columnNames ? [Object.keys(results[0] ?? {}), ...rows] : rows;
      },
    };
    return stmt as unknown as Counted;
  };
  const counted = new Proxy(d1, {
    get(target, prop, receiver) {
      if (prop === "prepare") return (sql: string) => wrap(target.prepare(sql), sql);
      if (prop === "batch")
        return async (statements: Counted[]) => {
          const results = await target.batch(statements.map((s) => s[INNER]));
          tally(
            statements.map((s) => s.sql),
            results,
          );
          return results;
        };
      const v = Reflect.get(target, prop, receiver);
      return typeof v === "function" ? v.bind(target) : v;
    },
  });
  return { d1: counted, counts };
}
