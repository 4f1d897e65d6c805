// bench/cpu.ts's database: a Worker of its own, in a workerd process of its own, that runs the
// statements bench/cpu-edges.ts's D1 sends it on a real local D1 (the Worker's migrations applied).
// So the D1 engine's CPU lands on this process, not on the one whose CPU bench/cpu.ts reads.
// POST /q {calls: [{sql, params, method, columnNames?}], batch?: true} answers each call's result,
// and the rows the statements read and wrote as local D1 counts them (its `meta`; for `first` the
// statement runs as `all`, whose first row it is; a `raw` SELECT runs once more as `all` for its
// count, a `raw` write with RETURNING counts the rows it returned).
interface Call {
  sql: string;
  params: unknown[];
  method: "all" | "raw" | "first" | "run";
  columnNames?: boolean;
}

export default {
  async fetch(req: Request, env: { DB: D1Database }): Promise<Response> {
    if (req.method !== "POST") return new Response("ok");
    const body = (await req.json()) as { calls: Call[]; batch?: boolean };
    const stmt = (c: Call) => env.DB.prepare(c.sql).bind(...c.params);
    const rows = { rowsRead: 0, rowsWritten: 0 };
    const count = (r: D1Result) => {
      rows.rowsRead += r.meta?.rows_read ?? 0;
      rows.rowsWritten += r.meta?.rows_written ?? 0;
      return r;
    };
    try {
      if (body.batch) return Response.json({ ok: true, results: (await env.DB.batch(body.calls.map(stmt))).map(count), ...rows });
      const c = body.calls[0];
      const s = stmt(c);
      let result: unknown;
      if (c.method === "raw") {
        const raw = await s.raw({ columnNames: !!c.columnNames } as { columnNames: true });
        if (/^\s*(select|with)\b/i.test(c.sql)) count(await s.all());
        else rows.rowsWritten += Math.max(0, raw.length - (c.columnNames ? 1 : 0));
        result = raw;
      } else if (c.method === "first") result = count(await s.all()).results[0] ?? null;
      else result = count(c.method === "run" ? await s.run() : await s.all());
      return Response.json({ ok: true, results: [result], ...rows });
    } catch (e) {
      return Response.json({ ok: false, error: String((e as Error).message ?? e) });
    }
  },
};
