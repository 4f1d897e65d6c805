// bench/cpu.ts's entry points, driven inside workerd (bench/cpu-worker.ts) on memory edges as
// bench:room drives the table object (bench/room-drive.ts): the real Worker app and TableRoom; a
// D1 that answers at once and keeps only each table's action log (what the record and the archive
// read back); R2 and the object's storage as Maps; sockets that keep what they are sent; rate
// limits that say yes. Each entry point's `next()` sets up its next invocation (not measured) and
// returns it; bench/cpu.ts measures only the invocation, in a request of its own.
import { TableRoom } from "../worker/table/room";
import { app } from "../worker/api/app";
import * as engine from "../worker/engine";
import { hashToken, newToken } from "../worker/base/secrets";
import type { TableRecord } from "../worker/table/model";
import { chooseAction, MemorySocket, MemoryStorage, rules } from "./room-drive";

type Invocation = () => Promise<unknown>;

// --- the edges ----------------------------------------------------------------------------------
/** Each table's action log, as D1 keeps it: [seat, action JSON, at]. */
const logs = new Map<string, unknown[][]>();
const okResult = { results: [], success: true, meta: { changes: 1, rows_written: 2, last_row_id: 0, duration: 0 } };
function memoryD1() {
  const prepare = (sql: string) => {
    let params: unknown[] = [];
    const log = () => (/from "actions"/.test(sql) && /^select/i.test(sql) ? (logs.get(String(params[0])) ?? []) : []);
    const s = {
      sql,
      bind: (...p: unknown[]) => ((params = p), s),
      params: () => params,
      all: async () => ({ ...okResult, results: [] }),
      raw: async () => log().map((r) => [...r]),
      first: async () => null,
      run: async () => {
        if (/^delete from "actions"/i.test(sql)) logs.delete(String(params[0]));
        return okResult;
      },
    };
    return s;
  };
  return {
    prepare,
    batch: async (stmts: ReturnType<typeof prepare>[]) => {
      for (const st of stmts) {
        if (/^insert into "actions"/.test(st.sql)) {
          const [id, , seat, action, at] = st.params();
          logs.set(String(id), [...(logs.get(String(id)) ?? []), [seat, action, at]]);
        }
      }
      return stmts.map(() => okResult);
    },
  };
}

function memoryR2() {
  const map = new Map<string, string>();
  const obj = (text: string) => ({ size: text.length, text: async () => text, json: async () => JSON.parse(text) });
  return {
    get: async (key: string) => (map.has(key) ? obj(map.get(key)!) : null),
    head: async (key: string) => (map.has(key) ? { size: map.get(key)!.length } : null),
    put: async (key: string, body: string) => void map.set(key, body),
    delete: async (key: string) => void map.delete(key),
  };
}

const rooms = new Map<string, { room: TableRoom; ctx: ReturnType<typeof roomCtx> }>();
const limit = { limit: async () => ({ success: true }) };
const env: Record<string, unknown> = { DB: memoryD1(), RECORDS: memoryR2(), RL_TOKEN: limit, RL_ADDRESS: limit };
function roomCtx(id: string) {
  const sockets: MemorySocket[] = [];
  return {
    id: { name: id },
    storage: new MemoryStorage(),
    sockets,
    blockConcurrencyWhile: (fn: () => Promise<unknown>) => fn(),
    waitUntil: () => undefined,
    setWebSocketAutoResponse: () => undefined,
    getWebSockets: () => sockets.filter((s) => s.readyState === 1),
    acceptWebSocket: (ws: MemorySocket) => void sockets.push(ws),
  };
}
function roomOf(id: string) {
  let r = rooms.get(id);
  if (!r) {
    const ctx = roomCtx(id);
    r = { room: new TableRoom(ctx as never, env as never), ctx };
    rooms.set(id, r);
  }
  return r;
}
env.TABLES = { getByName: (id: string) => roomOf(id).room };

// --- tables -------------------------------------------------------------------------------------
let tableNo = 0;
interface Table {
  id: string;
  tokens: string[];
  room: TableRoom;
  ctx: ReturnType<typeof roomCtx>;
}
async function newTable(bots: (string | null)[] = [null, null, null, null]): Promise<Table> {
  const n = tableNo++;
  const id = `t_cpu${String(n).padStart(13, "0")}`;
  const tokens = bots.map(() => newToken());
  const table: TableRecord = {
    id,
    version: 0,
    state: engine.createGame(rules, { seed: `cpu-${n}`, v: 2 }),
    seats: await Promise.all(tokens.map(async (t, seat) => ({ seat, name: "ABCD"[seat], bot: bots[seat], tokenHash: await hashToken(t) }))),
  };
  const { room, ctx } = roomOf(id);
  if (!(await room.start(table)).ok) throw new Error("start failed");
  return { id, tokens, room, ctx };
}
/** The object's table as it holds it (room-core.ts). */
const tableOf = (t: Table) => (t.room as unknown as { core: { table: TableRecord } }).core.table;
const over = (t: Table) => tableOf(t).state.phase === "over";
const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
/** A request through the Worker's routes; any answer but `allowed` statuses and 2xx stops the bench. */
const http = async (path: string, token: string, init: RequestInit = {}, allowed: number[] = []) => {
  const res = await app.fetch(new Request(`http://bench${path}`, { ...init, headers: { ...auth(token), "Content-Type": "application/json", ...(init.headers ?? {}) } }), env as never);
  const text = await res.text();
  if (res.status >= 300 && !allowed.includes(res.status)) throw new Error(`${path}: ${res.status} ${text}`);
  return text;
};
/** The seat to act and a random legal action of its own view. */
function nextMove(t: Table) {
  const table = tableOf(t);
  const seat = table.state.toAct[0];
  return { seat, version: table.version, action: chooseAction(engine.viewFor(table.state, seat)) };
}
/** One move made outside any measurement (the object's own method, as a socket would). */
async function move(t: Table) {
  const m = nextMove(t);
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
    if (t && !fresh && !selfMoving && !over(t)) await move(t);
    if (!t || over(t)) {
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
    while (!over(g)) await move(g);
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
    if (t && !over(t) && tableOf(t).version === last) throw new Error("a bot turn made no move");
    for (;;) {
      if (!t || over(t)) {
        t = await newTable([null, level, level, level]);
        await http(`/api/tables/${t.id}`, t.tokens[0]); // bots play once a person has opened the table
      }
      const table = tableOf(t);
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
  "HTTP GET /api/tables/:id (view)": walker(async (t) => () => http(`/api/tables/${t.id}`, t.tokens[nextMove(t).seat])),
  "HTTP POST /api/tables/:id/actions": walker(async (t) => {
    const m = nextMove(t);
    return () => http(`/api/tables/${t.id}/actions`, t.tokens[m.seat], { method: "POST", body: JSON.stringify({ version: m.version, action: m.action }) });
  }, undefined, true),
  "HTTP GET /api/tables/:id/story": walker(async (t) => () => http(`/api/tables/${t.id}/story?from=0`, t.tokens[0])),
  "HTTP GET /api/tables/:id/hint": walker(async (t) => () => http(`/api/tables/${t.id}/hint`, t.tokens[nextMove(t).seat], {}, [409]) /* a cut needs no hint */),
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
      const m = nextMove(t);
      return () => t.room.webSocketMessage(t.ctx.sockets[m.seat] as never, JSON.stringify({ type: "action", version: m.version, action: m.action }));
    },
    (t) => withSockets(t, true),
    true,
  ),
  "socket action (4 sockets taking whole views)": walker(
    async (t) => {
      const m = nextMove(t);
      return () => t.room.webSocketMessage(t.ctx.sockets[m.seat] as never, JSON.stringify({ type: "action", version: m.version, action: m.action }));
    },
    (t) => withSockets(t, false),
    true,
  ),
  "socket message refused (stale version)": walker(
    async (t) => {
      const m = nextMove(t);
      return () => t.room.webSocketMessage(t.ctx.sockets[m.seat] as never, JSON.stringify({ type: "action", version: m.version + 5, action: m.action }));
    },
    (t) => withSockets(t, true),
  ),
  "alarm: bot turn (strong)": botTurns("strong"),
  "alarm: bot turn (normal)": botTurns("normal"),
  "alarm: archive": finished("archive"),
  "alarm: analysis slice": finished("slice"),
};
