// bench/cpu.ts's Worker: the entry points of bench/cpu-drive.ts inside workerd. GET /prep?entry=E
// sets up E's next invocation (not measured); GET /run runs it, alone in its request, while
// bench/cpu.ts reads workerd's CPU from outside (inside a request its clocks stand still);
// GET /run with nothing prepared is the harness's own cost.
import { TableRoom } from "../worker/table/room";
import { ENTRIES } from "./cpu-drive";

// As bench/room-worker.ts: the object on memory edges gets a base class that keeps what it is given.
class MemoryObjectBase {
  constructor(
    readonly ctx: unknown,
    readonly env: unknown,
  ) {}
}
Object.setPrototypeOf(TableRoom, MemoryObjectBase);
Object.setPrototypeOf(TableRoom.prototype, MemoryObjectBase.prototype);

let pending: (() => Promise<unknown>) | null = null;

export default {
  async fetch(req: Request): Promise<Response> {
    const u = new URL(req.url);
    if (u.pathname === "/spin") {
      let x = 0;
      for (let i = 0; i < 5e7; i++) x = (x + i * 7) % 1000003;
      return new Response(String(x));
    }
    if (u.pathname === "/entries") return Response.json(Object.keys(ENTRIES));
    if (u.pathname === "/prep") {
      const entry = ENTRIES[u.searchParams.get("entry") ?? ""];
      if (!entry) return new Response("no such entry", { status: 400 });
      pending = await entry();
      return new Response("ready");
    }
    if (u.pathname === "/run") {
      const run = pending;
      pending = null;
      if (run) await run();
      return new Response("ran");
    }
    return new Response("ok");
  },
};
