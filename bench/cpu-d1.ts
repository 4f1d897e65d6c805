// bench/cpu.ts's database: a Worker of its own, in a workerd process of its own, that runs the
// statements bench/cpu-edges.ts's D1 sends it on a real local D1 (the Worker's migrations applied).
// So the D1 engine's CPU lands on this process, not on the one whose CPU bench/cpu.ts reads.
// POST /q {calls: [{sql, params, method, columnNames?}], batch?: true} answers each call's result.
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
    try {
      if (body.batch) return Response.json({ ok: true, results: await env.DB.batch(body.calls.map(stmt)) });
      const c = body.calls[0];
      const s = stmt(c);
      const result = c.method === "raw" ? await s.raw({ columnNames: !!c.columnNames } as { columnNames: true }) : c.method === "first" ? await s.first() : c.method === "run" ? await s.run() : await s.all();
      return Response.json({ ok: true, results: [result] });
    } catch (e) {
      return Response.json({ ok: false, error: String((e as Error).message ?? e) });
    }
  },
};
