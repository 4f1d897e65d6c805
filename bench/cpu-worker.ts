// bench/cpu.ts's Worker: the entry points of bench/cpu-drive.ts and bench/cpu-league.ts inside
// workerd. GET /seed?step=N builds the data a step at a time ("done" at the end); GET
// /prep?entry=E sets up E's next invocation (not measured); GET /run runs it, alone in its request,
// while bench/cpu.ts reads workerd's CPU from outside (inside a request its clocks stand still),
// and answers the D1 calls it made, the rows they read and wrote and the queue messages sent; GET /run with nothing prepared is the harness's own cost.
import { TableRoom } from "../worker/table/room";
import { ENTRIES } from "./cpu-drive";
import { MORE_ENTRIES, COUNTS } from "./cpu-league";
import { seedStep } from "./cpu-seed";
import { calls, env, flushHeld, init, measured, roomCounts, seeding, tableCalls, threadNs } from "./cpu-edges";
import { onMemoryEdges } from "./room-drive";

onMemoryEdges(TableRoom);
const all: Record<string, () => Promise<() => Promise<unknown>>> = {
  ...ENTRIES,
  ...MORE_ENTRIES,
  __d1: async () => () => (env.DB as D1Database).prepare("SELECT 1 WHERE 0").all(),
  __mark: async () => () => threadNs(),
};

let pending: (() => Promise<unknown>) | null = null;

export default {
  async fetch(req: Request, workerEnv: { D1_HOST: string; NS_HOST: string; ROOMS_KEPT: string }): Promise<Response> {
    init(workerEnv.D1_HOST, workerEnv.NS_HOST, workerEnv.ROOMS_KEPT || undefined);
    const u = new URL(req.url);
    try {
      if (u.pathname === "/spin") {
        let x = 0;
        for (let i = 0; i < 5e7; i++) x = (x + i * 7) % 1000003;
        return new Response(String(x));
      }
      if (u.pathname === "/seed") {
        // Writes held and sent in batches (bench/cpu-edges.ts), all of them before the step answers.
        seeding.on = true;
        try {
          return new Response(await seedStep(Number(u.searchParams.get("step")), u.searchParams.has("small")));
        } finally {
          seeding.on = false;
          await flushHeld();
        }
      }
      if (u.pathname === "/stats") return Response.json(roomCounts());
      if (u.pathname === "/entries") return Response.json(Object.keys({ ...ENTRIES, ...MORE_ENTRIES }).map((name) => ({ name, count: COUNTS[name] })));
      if (u.pathname === "/prep") {
        const entry = all[u.searchParams.get("entry") ?? ""];
        if (!entry) return new Response("no such entry", { status: 400 });
        // The hourly and daily creation quotas (worker/api/quota.ts) count every address as one
        // here: the bench's hundreds of tables and sign-in mails would hit them, not a person.
        await (env.DB as D1Database).prepare("DELETE FROM write_counts").run();
        pending = await entry();
        return new Response("ready");
      }
      if (u.pathname === "/run") {
        const run = pending;
        pending = null;
        Object.assign(calls, { d1: 0, rowsRead: 0, rowsWritten: 0, queued: 0 });
        tableCalls.length = 0;
        measured.on = true;
        try {
          if (run) await run();
        } finally {
          measured.on = false;
        }
        return Response.json({ ...calls, tableCalls });
      }
      return new Response("ok");
    } catch (e) {
      return new Response(String((e as Error).stack ?? e), { status: 500 });
    }
  },
};
