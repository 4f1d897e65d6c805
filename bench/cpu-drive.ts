// bench/cpu.ts's table entry points, driven inside workerd (bench/cpu-worker.ts): the real Worker
// app and TableRoom on bench/cpu-edges.ts's edges (D1 in another process, the rest in memory). Each
// entry point's function sets up its next invocation (not measured) and returns it; bench/cpu.ts
// measures only the invocation, in a request of its own. The league's, players' and the other
// routes, the queue and the cron are in bench/cpu-league.ts.
import { TableRoom } from "../worker/table/room";
import { app } from "../worker/api/app";
import * as engine from "../worker/engine";
import { hashToken, newToken } from "../worker/base/secrets";
import type { TableRecord } from "../worker/table/model";
import { chooseAction, MemorySocket, rules } from "./room-drive";
import { env, logged, roomOf, type roomCtx } from "./cpu-edges";

export type Invocation = () => Promise<unknown>;

// --- tables -------------------------------------------------------------------------------------
let tableNo = 0;
export interface Table {
  id: string;
  tokens: string[];
  /** The table's object, made again if it was evicted (cpu-edges.ts's roomOf). */
  readonly room: TableRoom;
  readonly ctx: ReturnType<typeof roomCtx>;
}
const tableAt = (id: string, tokens: string[]): Table => ({
  id,
  tokens,
  get room() {
    return roomOf(id).room;
  },
  get ctx() {
    return roomOf(id).ctx;
  },
});
export async function newTable(bots: (string | null)[] = [null, null, null, null]): Promise<Table> {
  const n = tableNo++;
  const id = `t_cpu${String(n).padStart(13, "0")}`;
  const tokens = bots.map(() => newToken());
  const table: TableRecord = {
    id,
    version: 0,
    state: engine.createGame(rules, { seed: `cpu-${n}`, v: 2 }),
    seats: await Promise.all(tokens.map(async (t, seat) => ({ seat, name: "ABCD"[seat], bot: bots[seat], tokenHash: await hashToken(t) }))),
  };
  const t = tableAt(id, tokens);
  if (!(await t.room.start(table)).ok) throw new Error("start failed");
  return t;
}
/** The object's table as it holds it (room-core.ts), loaded from D1 if the object was evicted. */
export const roomTable = async (id: string) => (await (roomOf(id).room as unknown as { core: { load(): Promise<TableRecord | null> } }).core.load())!;
export const tableOf = (t: Table) => roomTable(t.id);
export const over = async (t: Table) => (await tableOf(t)).state.phase === "over";
const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
/** A request through the Worker's routes; any answer but `allowed` statuses and 2xx stops the bench. */
export const http = async (path: string, token: string | null, init: RequestInit = {}, allowed: number[] = []) => {
  // What the route leaves to run after its answer (waitUntil) is its invocation's too: awaited here.
  const later: Promise<unknown>[] = [];
  const ctx = { waitUntil: (p: Promise<unknown>) => void later.push(p), passThroughOnException: () => undefined, props: {} };
  const res = await app.fetch(new Request(`http://bench${path}`, { ...init, headers: { ...(token ? auth(token) : {}), "Content-Type": "application/json", ...(init.headers ?? {}) } }), env as never, ctx as never);
  const text = await res.text();
  await Promise.all(later);
  if (res.status >= 300 && !allowed.includes(res.status)) throw new Error(`${path}: ${res.status} ${text}${res.status >= 500 ? ` (log: ${logged.slice(-3).join(" | ")})` : ""}`);
  return text;
};
/** The seat to act and a random legal action of its own view. */
async function nextMove(t: Table) {
  const table = await tableOf(t);
  const seat = table.state.toAct[0];
  return { seat, version: table.version, action: chooseAction(engine.viewFor(table.state, seat)) };
}
/** One move made outside any measurement (the object's own method, as a socket would). */
export async function move(t: Table) {
  const m = await nextMove(t);
  const h = await hashToken(t.tokens[m.seat]);
  const r = await t.room.submitAction(h, m.version, m.action);
  if (!r.ok) throw new Error(`move refused: ${r.code}`);
}
async function withSockets(t: Table, changes: boolean) {
  for (let seat = 0; seat < 4; seat++) {
    const ws = new MemorySocket();
    t.ctx.acceptWebSocket(ws);
    ws.serializeAttachment({ seat: null, tokenHash: "", since: Date.now() });
    await t.room.webSocketMessage(ws as never, JSON.stringify({ type: "auth", token: t.tokens[seat], ...(changes ? { changes: true } : {}) }));
  }
}
/** The alarm as the runtime runs it (once the object asked for one). */
const alarm = (t: Table): Invocation => () => t.room.alarm();

// --- entry points -------------------------------------------------------------------------------
/**
 * A game of four people walked a move at a time; `at` makes the invocation for the table as it
 * stands. `selfMoving`: the invocation itself makes the move (else one is made before the next).
 */
function walker(at: (t: Table) => Promise<Invocation>, setup: (t: Table) => Promise<void> = async () => undefined, selfMoving = false) {
  let t: Table | null = null;
  let fresh = true;
  return async (): Promise<Invocation> => {
    if (t && !fresh && !selfMoving && !(await over(t))) await move(t);
    if (!t || (await over(t))) {
      t = await newTable();
      await setup(t);
    }
    fresh = false;
    return at(t);
  };
}

/** Finished games of four people: the first alarm archives, the next ones work out the analysis. */
function finished(kind: "archive" | "slice" | "record" | "analysis") {
  let t: Table | null = null;
  let archived = false;
  let lastWhere = "";
  const play = async () => {
    const g = await newTable();
    while (!(await over(g))) await move(g);
    return g;
  };
  return async (): Promise<Invocation> => {
    if (kind === "archive") {
      const g = await play();
      return alarm(g);
    }
    if (!t || (kind === "slice" && (await t.ctx.storage.get("analysed")))) {
      t = await play();
      archived = false;
    }
    if (!archived) {
      await t.room.alarm(); // archives
      archived = true;
      if (kind !== "slice") while (!(await t.ctx.storage.get("analysed"))) await t.room.alarm();
    }
    const seat = 0;
    if (kind === "slice") {
      // Each slice must get on (the alarm swallows errors: it retries later).
      const where = JSON.stringify((await t.ctx.storage.get("analysisProgress")) ?? null);
      if (where === lastWhere) throw new Error("an analysis slice did not get on");
      lastWhere = where;
      return alarm(t);
    }
    return () => http(`/api/tables/${t!.id}/${kind}`, t!.tokens[seat]);
  };
}

/** A person and three bots of `level`: each alarm is one bot's move. */
function botTurns(level: string) {
  let t: Table | null = null;
  let last = -1;
  return async (): Promise<Invocation> => {
    if (t && !(await over(t)) && (await tableOf(t)).version === last) throw new Error("a bot turn made no move");
    for (;;) {
      if (!t || (await over(t))) {
        t = await newTable([null, level, level, level]);
        await http(`/api/tables/${t.id}`, t.tokens[0]); // bots play once a person has opened the table
      }
      const table = await tableOf(t);
      last = table.version;
      if (table.state.toAct.length && table.seats[table.state.toAct[0]].bot) return alarm(t);
      await move(t);
    }
  };
}

export const ENTRIES: Record<string, () => Promise<Invocation>> = {
  "HTTP POST /api/tables": async () => async () =>
    app.fetch(
      new Request("http://bench/api/tables", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ rules: { preset: "standard", players: 4 }, seats: [{ name: "A" }, { name: "B" }, { name: "C" }, { name: "D" }], autoPlay: false }) }),
      env as never,
    ),
  "HTTP GET /api/tables/:id (view)": walker(async (t) => {
    const { seat } = await nextMove(t);
    return () => http(`/api/tables/${t.id}`, t.tokens[seat]);
  }),
  "HTTP POST /api/tables/:id/actions": walker(async (t) => {
    const m = await nextMove(t);
    return () => http(`/api/tables/${t.id}/actions`, t.tokens[m.seat], { method: "POST", body: JSON.stringify({ version: m.version, action: m.action }) });
  }, undefined, true),
  "HTTP GET /api/tables/:id/story": walker(async (t) => () => http(`/api/tables/${t.id}/story?from=0`, t.tokens[0])),
  "HTTP GET /api/tables/:id/hint": walker(async (t) => {
    const { seat } = await nextMove(t);
    return () => http(`/api/tables/${t.id}/hint`, t.tokens[seat], {}, [409]); /* a cut needs no hint */
  }),
  "HTTP GET /api/tables/:id/record": finished("record"),
  "HTTP GET /api/tables/:id/analysis": finished("analysis"),
  "socket auth": walker(async (t) => {
    const ws = new MemorySocket();
    t.ctx.acceptWebSocket(ws);
    ws.serializeAttachment({ seat: null, tokenHash: "", since: Date.now() });
    return () => t.room.webSocketMessage(ws as never, JSON.stringify({ type: "auth", token: t.tokens[1], changes: true }));
  }),
  "socket action (4 sockets taking changes)": walker(
    async (t) => {
      const m = await nextMove(t);
      return () => t.room.webSocketMessage(t.ctx.sockets[m.seat] as never, JSON.stringify({ type: "action", version: m.version, action: m.action }));
    },
    (t) => withSockets(t, true),
    true,
  ),
  "socket action (4 sockets taking whole views)": walker(
    async (t) => {
      const m = await nextMove(t);
      return () => t.room.webSocketMessage(t.ctx.sockets[m.seat] as never, JSON.stringify({ type: "action", version: m.version, action: m.action }));
    },
    (t) => withSockets(t, false),
    true,
  ),
  "socket message refused (stale version)": walker(
    async (t) => {
      const m = await nextMove(t);
      return () => t.room.webSocketMessage(t.ctx.sockets[m.seat] as never, JSON.stringify({ type: "action", version: m.version + 5, action: m.action }));
    },
    (t) => withSockets(t, true),
  ),
  "alarm: bot turn (strong)": botTurns("strong"),
  "alarm: bot turn (normal)": botTurns("normal"),
  "alarm: archive": finished("archive"),
  "alarm: analysis slice": finished("slice"),
};
