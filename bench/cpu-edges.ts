// bench/cpu.ts's edges, inside the bench Worker: the bindings Muli's code talks to, as the platform
// would give them but without the platform's CPU on the measured thread.
// - D1: each statement (or batch) goes to bench/cpu-d1.ts, a Worker with a real local D1 in another
//   workerd process, by fetch; its rows come back as JSON. What this costs the measured thread
//   (a fetch, the JSON) is counted per call, and bench/cpu.ts takes it off: it measures a call that
//   returns nothing and subtracts that many. Reading the rows that come back stays in the figure,
//   as the D1 binding's rows are made in the Worker's isolate on Cloudflare too.
// - Table objects: the real TableRoom on memory storage and sockets (bench/room-drive.ts), one per
//   table, called directly (the Durable Object request itself is the platform's).
// - R2, the queue (keeps what is sent, so that its batches can be replayed), e-mail, rate limits: memory.
import { AsyncLocalStorage } from "node:async_hooks";
import { TableRoom } from "../worker/table/room";
import { MemorySocket, MemoryStorage } from "./room-drive";

let host = "";
/** bench/cpu.ts's address for a D1 answer too large for a message. */
let bigHost = "";
/** Muli's last log lines (its JSON log events), for the bench's own errors. */
export const logged: string[] = [];
for (const level of ["log", "warn", "error"] as const) {
  console[level] = (...args: unknown[]) => {
    logged.push(args.map(String).join(" ").slice(0, 600));
    if (logged.length > 20) logged.shift();
  };
}
/**
 * Since the last reset: D1 calls (bench/cpu.ts takes the cost of as many empty calls off), the rows
 * they read and wrote as local D1 counts them, and messages sent to the queue (for the quotas).
 */
export const calls = { d1: 0, rowsRead: 0, rowsWritten: 0, queued: 0 };

interface Call {
  sql: string;
  params: unknown[];
  method: "all" | "raw" | "first" | "run";
  columnNames?: boolean;
}
/**
 * The line to bench/cpu.ts while it measures (bench/cpu-worker.ts's /line, a WebSocket): the D1
 * calls and the readings of the thread's CPU go over it as messages, which bench/cpu.ts answers
 * (a D1 call it sends on to the database). A fetch per call cost the measured thread 0.5 ms at
 * the median but up to 5 ms once in a few hundred (the request's and response's objects, their
 * streams and headers, are undone by the garbage collector later, in whichever invocation it
 * lands), more than the 5 ms the bench is to tell apart; a message costs a fraction of it.
 */
let line: WebSocket | null = null;
let asked = 0;
const answers = new Map<number, (m: Answer) => void>();
interface Answer {
  id: number;
  /** A D1 call's answer (`big`: too large for a message, fetched from bench/cpu.ts instead). */
  body?: D1Answer;
  big?: boolean;
  /** A reading: the measured thread's CPU ns. */
  ns?: number;
}
type D1Answer = { ok: boolean; results: unknown[]; error?: string; rowsRead?: number; rowsWritten?: number };
export function useLine(ws: WebSocket) {
  line = ws;
}
/** bench/cpu.ts's answer to one of the bench Worker's questions. */
export function answered(m: Answer) {
  answers.get(m.id)?.(m);
  answers.delete(m.id);
}
function ask(m: object): Promise<Answer> {
  const id = ++asked;
  line!.send(JSON.stringify({ ...m, id }));
  return new Promise((r) => answers.set(id, r));
}
async function send(list: Call[], batch: boolean): Promise<unknown[]> {
  calls.d1++;
  let body: D1Answer;
  if (line) {
    const a = await ask({ t: "d1", calls: list, batch });
    body = a.big ? ((await (await fetch(`${bigHost}big?id=${a.id}`)).json()) as D1Answer) : a.body!;
  } else body = (await (await fetch(host, { method: "POST", body: JSON.stringify({ calls: list, batch }) })).json()) as D1Answer;
  if (!body.ok) throw new Error(`D1: ${body.error}`);
  calls.rowsRead += body.rowsRead ?? 0;
  calls.rowsWritten += body.rowsWritten ?? 0;
  return body.results;
}
/**
 * While seeding (bench/cpu-worker.ts's /seed; never while measuring), writes are held and sent in
 * batches: a statement that only writes (INSERT, UPDATE, DELETE without RETURNING), run alone or in
 * a batch of such, is queued and answered as if it changed one row; anything that reads sends the
 * queue first, and so does the end of each seeding request. A game played move by move then costs
 * the database a few big batches instead of a round trip per move (seeding a league of 40 with
 * two seasons took most of the bench's time that way). One writer while seeding, so the answers
 * "one row changed" are what the database would say.
 */
export const seeding = { on: false };
const held: Call[] = [];
const writes = /^\s*(insert|update|delete|replace)\b/i;
const onlyWrites = (c: Call) => writes.test(c.sql) && !/\breturning\b/i.test(c.sql);
const done = () => ({ success: true, results: [], meta: { changes: 1, rows_written: 1, rows_read: 0, last_row_id: 0, duration: 0 } });
/** Send what seeding held, in batches of up to 400 statements. */
export async function flushHeld() {
  while (held.length) await send(held.splice(0, 400), true);
}
async function sendOrHold(list: Call[], batch: boolean): Promise<unknown[]> {
  if (seeding.on && list.every(onlyWrites)) {
    held.push(...list);
    return list.map(done);
  }
  await flushHeld();
  return send(list, batch);
}

class Statement {
  constructor(
    readonly sql: string,
    readonly params: unknown[] = [],
  ) {}
  bind(...params: unknown[]) {
    return new Statement(this.sql, params.map((p) => (p === undefined ? null : p)));
  }
  call(method: Call["method"], columnNames?: boolean): Call {
    return { sql: this.sql, params: this.params, method, columnNames };
  }
  async all() {
    return (await sendOrHold([this.call("all")], false))[0];
  }
  async run() {
    return (await sendOrHold([this.call("run")], false))[0];
  }
  async raw(options?: { columnNames?: boolean }) {
    return (await sendOrHold([this.call("raw", options?.columnNames)], false))[0];
  }
  async first(column?: string) {
    const row = (await sendOrHold([this.call("first")], false))[0] as Record<string, unknown> | null;
    return column && row ? row[column] : row;
  }
}
export const remoteD1 = {
  prepare: (sql: string) => new Statement(sql),
  batch: (stmts: Statement[]) => sendOrHold(stmts.map((s) => s.call("all")), true),
  exec: async () => {
    throw new Error("exec is not used by Muli");
  },
};

function memoryR2() {
  const map = new Map<string, string>();
  const obj = (text: string) => ({ size: text.length, text: async () => text, json: async () => JSON.parse(text) });
  return {
    get: async (key: string) => (map.has(key) ? obj(map.get(key)!) : null),
    head: async (key: string) => (map.has(key) ? { size: map.get(key)!.length } : null),
    put: async (key: string, body: string) => void map.set(key, typeof body === "string" ? body : JSON.stringify(body)),
    delete: async (key: string) => void map.delete(key),
  };
}

/** What the queue was sent, oldest first (bench/cpu-league.ts replays it in batches). */
export const sent: { body: unknown; delaySeconds?: number }[] = [];
/** The newest messages only: what the bench replays is taken soon after it is sent (the heap, as for rooms). */
const SENT_KEPT = 500;
const keep = (list: { body: unknown; delaySeconds?: number }[]) => {
  sent.push(...list);
  if (sent.length > SENT_KEPT) sent.splice(0, sent.length - SENT_KEPT);
};
const queue = {
  send: async (body: unknown, o?: { delaySeconds?: number }) => {
    calls.queued++;
    keep([{ body, delaySeconds: o?.delaySeconds }]);
  },
  sendBatch: async (list: { body: unknown; delaySeconds?: number }[]) => {
    calls.queued += list.length;
    keep(list);
  },
};

/**
 * The table objects in memory, most recently used last. A Durable Object that is not being used is
 * evicted by the platform, and on Cloudflare each lives in an isolate of its own: keeping every
 * object the bench ever made (hundreds of tables with their games) in the one measured isolate
 * made every garbage collection there mark them all, a cost no Worker invocation has on the
 * platform. So at most ROOMS_KEPT objects stay; an evicted one is made again on its next use, with
 * its storage and sockets (which the platform keeps too), and loads its table from D1 as a
 * restarted object does. `BENCH_ROOMS_KEPT` changes the number (a large one keeps every object).
 */
const rooms = new Map<string, TableRoom>();
const contexts = new Map<string, ReturnType<typeof roomCtx>>();
let roomsKept = 16;
const limit = { limit: async () => ({ success: true }) };
const randomKey = () => btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(32)))).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
export const env: Record<string, unknown> = {
  DB: remoteD1,
  RECORDS: memoryR2(),
  RL_TOKEN: limit,
  RL_ADDRESS: limit,
  NOTIFY: queue,
  EMAIL: { send: async () => undefined },
  EMAIL_FROM: "muli@club.example",
  PUBLIC_ORIGIN: "https://muli.club.example",
};
/**
 * In the first request (workerd makes no random values outside one): the database's address, the
 * operator's key. The link key is the bench Worker's own var (worker/base/link-crypto.ts reads the runtime's env).
 */
export function init(d1Host: string, big: string, kept?: string) {
  if (host) return;
  host = d1Host;
  bigHost = big;
  if (kept) roomsKept = Number(kept);
  env.OPERATOR_KEY = randomKey();
}

export function roomCtx(id: string, storage = new MemoryStorage(), sockets: MemorySocket[] = []) {
  return {
    id: { name: id },
    storage,
    sockets,
    blockConcurrencyWhile: (fn: () => Promise<unknown>) => fn(),
    waitUntil: () => undefined,
    setWebSocketAutoResponse: () => undefined,
    getWebSockets: () => sockets.filter((s) => s.readyState === 1),
    acceptWebSocket: (ws: MemorySocket) => void sockets.push(ws),
  };
}
/**
 * An evicted object's storage and its open sockets' attachments, as one text each: the platform
 * keeps them outside any isolate, and as objects in the measured heap (1,363 objects' by the end
 * of a run) every full collection there marked them. An object holding a socket of workerd's own
 * (the Worker's upgrade route hands it one) keeps its context as it is: that socket cannot be text.
 */
const parked = new Map<string, string>();
function park(id: string) {
  const ctx = contexts.get(id)!;
  const open = ctx.sockets.filter((s) => s.readyState === 1);
  if (!open.every((s) => s instanceof MemorySocket)) {
    // Its own sockets still come back as new objects, as from hibernation.
    ctx.sockets.splice(0, ctx.sockets.length, ...open.map((s) => (s instanceof MemorySocket ? MemorySocket.withAttachment(s.parked()) : s)));
    return;
  }
  contexts.delete(id);
  parked.set(id, JSON.stringify([ctx.storage.park(), open.map((s) => s.parked())]));
}
/**
 * Made again after an eviction: its storage as it was, its open sockets as new objects, as the
 * platform gives a restarted object its hibernated sockets (what Muli's code kept about the old
 * ones in memory is gone with them, as on Cloudflare where the object's isolate let go of them).
 */
function unpark(id: string, text: string) {
  parked.delete(id);
  const [storage, attachments] = JSON.parse(text) as [string, unknown[]];
  return roomCtx(id, MemoryStorage.unpark(storage), attachments.map((a) => MemorySocket.withAttachment(a)));
}
export function roomOf(id: string) {
  let ctx = contexts.get(id);
  if (!ctx) {
    const text = parked.get(id);
    contexts.set(id, (ctx = text === undefined ? roomCtx(id) : unpark(id, text)));
  }
  let room = rooms.get(id);
  if (room) rooms.delete(id);
  else room = new TableRoom(ctx as never, env as never);
  rooms.set(id, room);
  for (const old of rooms.keys()) {
    if (rooms.size <= roomsKept) break;
    // The platform evicts an object only when it is idle: one still answering a call stays.
    if (busy.get(old)) continue;
    rooms.delete(old);
    park(old);
  }
  return { room, ctx };
}
/** How many table objects are in memory, and how many exist. */
export const roomCounts = () => ({ inMemory: rooms.size, tables: contexts.size + parked.size, parked: parked.size, queueKept: sent.length });

/**
 * A call to a table object from the code being measured is another invocation on the platform
 * (the object's own, with its own CPU limit), not the caller's: while an invocation is measured,
 * each such call is timed apart, its thread CPU read from outside before and after it (a message on
 * the line, which bench/cpu.ts answers after reading /proc), one call at a time so that each window is one object's
 * invocation. A call the object makes from within one (to another object) stays in that window.
 */
export const measured = { on: false };
/** The windows of the invocation measured last: thread ns, and the D1 calls made within. */
export const tableCalls: { ns: number; d1: number }[] = [];
const insideCall = new AsyncLocalStorage<boolean>();
let callLock: Promise<void> = Promise.resolve();
/** The measured thread's CPU ns, read by bench/cpu.ts (readings are made only while measuring, on the line). */
export async function threadNs(): Promise<number> {
  return (await ask({ t: "mark" })).ns!;
}
/** Calls in flight per object (stubs' calls): such an object is not evicted. */
const busy = new Map<string, number>();
/**
 * The stub `getByName(id)` gives: the object is found (made again, if it was evicted) when it is
 * called, inside the call's window, as the platform starts an object on its own side; making a
 * stub costs the caller nothing here either.
 */
function stub(id: string): TableRoom {
  const property = (prop: string | symbol) => {
    const room = roomOf(id).room;
    const v = Reflect.get(room, prop) as unknown;
    if (typeof v !== "function") return v;
    return (...args: unknown[]) => {
      busy.set(id, (busy.get(id) ?? 0) + 1);
      const done = () => (busy.get(id) === 1 ? busy.delete(id) : busy.set(id, busy.get(id)! - 1));
      try {
        const out = v.apply(room, args) as unknown;
        if (out instanceof Promise) return out.finally(done);
        done();
        return out;
      } catch (e) {
        done();
        throw e;
      }
    };
  };
  return new Proxy({} as TableRoom, {
    get(_, prop) {
      const method = Reflect.get(TableRoom.prototype, prop) as unknown;
      if (typeof method !== "function" || !measured.on) return property(prop);
      const call = (args: unknown[]) => (property(prop) as (...a: unknown[]) => unknown)(...args);
      return async (...args: unknown[]) => {
        if (insideCall.getStore()) return call(args);
        const before = callLock;
        let release = () => undefined as void;
        callLock = new Promise((r) => (release = r));
        await before;
        try {
          return await insideCall.run(true, async () => {
            const d1 = calls.d1;
            const start = await threadNs();
            try {
              return await call(args);
            } finally {
              tableCalls.push({ ns: (await threadNs()) - start, d1: calls.d1 - d1 });
            }
          });
        } finally {
          release();
        }
      };
    },
  });
}
env.TABLES = { getByName: stub };
