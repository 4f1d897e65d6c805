// bench/cpu.ts's Worker: the entry points of bench/cpu-drive.ts and bench/cpu-league.ts inside
// workerd. GET /seed?step=N builds the data a step at a time ("done" at the end); then GET /line
// opens a WebSocket to bench/cpu.ts over which the rest goes: "prep" sets up an entry's next
// invocation (not measured), "run" runs it, alone, while bench/cpu.ts reads workerd's CPU from
// outside (inside a request its clocks stand still), and answers the D1 calls it made, the rows
// they read and wrote and the queue messages sent; "run" with nothing prepared is the harness's own cost.
import { TableRoom } from "../worker/table/room";
import { ENTRIES } from "./cpu-drive";
import { MORE_ENTRIES, COUNTS } from "./cpu-league";
import { seedStep } from "./cpu-seed";
import { answered, calls, env, flushHeld, init, measured, roomCounts, seeding, tableCalls, threadNs, useLine } from "./cpu-edges";
import { onMemoryEdges } from "./room-drive";

onMemoryEdges(TableRoom);
const all: Record<string, () => Promise<() => Promise<unknown>>> = {
  ...ENTRIES,
  ...MORE_ENTRIES,
  __d1: async () => () => (env.DB as D1Database).prepare("SELECT 1 WHERE 0").all(),
  __mark: async () => () => threadNs(),
  // A full collection of this isolate, timed as an invocation (V8's gc(): bench/cpu.ts starts workerd with --expose-gc).
  __gc: async () => async () => (globalThis as { gc?: () => void }).gc?.(),
};

let pending: (() => Promise<unknown>) | null = null;

/** Sets up `name`'s next invocation (not measured). */
async function prep(name: string) {
  const entry = all[name];
  if (!entry) throw new Error(`no such entry: ${name}`);
  // The hourly and daily creation quotas (worker/api/quota.ts) count every address as one
  // here: the bench's hundreds of tables and sign-in mails would hit them, not a person.
  await (env.DB as D1Database).prepare("DELETE FROM write_counts").run();
  pending = await entry();
}
/** Runs the invocation set up last (none: the harness alone), and says what it used. */
async function run() {
  const invocation = pending;
  pending = null;
  Object.assign(calls, { d1: 0, rowsRead: 0, rowsWritten: 0, queued: 0 });
  tableCalls.length = 0;
  measured.on = true;
  try {
    if (invocation) await invocation();
  } finally {
    measured.on = false;
  }
  return { ...calls, tableCalls };
}
/** A message of bench/cpu.ts on the line: a question ({t, id}: prep, run, stats) or an answer to one of ours. */
async function onLine(ws: WebSocket, m: { t: string; id: number; entry?: string }) {
  if (m.t === "d1" || m.t === "ns") return answered(m);
  try {
    const result = m.t === "prep" ? await prep(m.entry!) : m.t === "run" ? await run() : roomCounts();
    ws.send(JSON.stringify({ t: "done", id: m.id, result }));
  } catch (e) {
    ws.send(JSON.stringify({ t: "failed", id: m.id, error: String((e as Error).stack ?? e) }));
  }
}

export default {
  async fetch(req: Request, workerEnv: { D1_HOST: string; BIG_HOST: string; ROOMS_KEPT: string }): Promise<Response> {
    init(workerEnv.D1_HOST, workerEnv.BIG_HOST, workerEnv.ROOMS_KEPT || undefined);
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
      if (u.pathname === "/entries") return Response.json(Object.keys({ ...ENTRIES, ...MORE_ENTRIES }).map((name) => ({ name, count: COUNTS[name] })));
      if (u.pathname === "/line") {
        // Everything after the seeding runs in this one request, whose objects (the line itself)
        // workerd lets no other request use.
        const [client, server] = Object.values(new WebSocketPair());
        server.accept();
        useLine(server);
        server.addEventListener("message", (e) => void onLine(server, JSON.parse(e.data as string)));
        return new Response(null, { status: 101, webSocket: client });
      }
      return new Response("ok");
    } catch (e) {
      return new Response(String((e as Error).stack ?? e), { status: 500 });
    }
  },
};
