// The table object driven with its edges in memory, for bench/room.ts: in Node (tsx) and, bundled,
// inside workerd itself (bench/room-worker.ts). The real TableRoom (worker/table/room.ts) and the
// real Worker app; D1 answers a batch at once, changing one row; the object's storage is a Map;
// its sockets keep what they are sent; the rate limits always say yes. Nothing here reads a
// clock: workerd's stand still inside a request, so the caller measures from outside.
import { TableRoom } from "../worker/table/room";
import { app } from "../worker/api/app";
import * as engine from "../worker/engine";
import { hashToken, newToken } from "../worker/base/secrets";
import { broadcast, parseSocketMessage } from "../worker/table/sockets";
import { appendAction } from "../worker/table/store";
import { viewEntry, viewText } from "../worker/table/view";
import { changesMessage } from "../worker/table/view-changes";
import { clockView } from "../worker/table/clock-view";
import type { TableRecord } from "../worker/table/model";
import type { Action, GameState, View } from "../worker/engine";

// The API tests' short game (a random game ends within ~150 actions).
const resolved = engine.resolveRules({ preset: "standard", players: 4, startPoints: 5, endAbove: 20 } as never);
if (!resolved.ok) throw new Error(resolved.error.message);
export const rules = resolved.rules;

/** What the object asked of its edges (reset per action by the caller). */
export const counts = { storageGet: 0, storagePut: 0, storageDelete: 0, alarmGet: 0, alarmSet: 0, d1Batch: 0, d1Statements: 0, socketSends: 0, socketBytes: 0, attachmentReads: 0, rateLimits: 0 };
const resetCounts = () => Object.keys(counts).forEach((k) => (counts[k as keyof typeof counts] = 0));

export class MemoryStorage {
  private map = new Map<string, unknown>();
  private alarm: number | null = null;
  async get(key: string | string[]) {
    counts.storageGet++;
    if (Array.isArray(key)) return new Map(key.filter((k) => this.map.has(k)).map((k) => [k, structuredClone(this.map.get(k))]));
    return structuredClone(this.map.get(key));
  }
  async put(key: string | Record<string, unknown>, value?: unknown) {
    counts.storagePut++;
    if (typeof key === "string") this.map.set(key, structuredClone(value));
    else for (const [k, v] of Object.entries(key)) this.map.set(k, structuredClone(v));
  }
  async delete(key: string | string[]) {
    counts.storageDelete++;
    for (const k of Array.isArray(key) ? key : [key]) this.map.delete(k);
    return true;
  }
  async getAlarm() {
    counts.alarmGet++;
    return this.alarm;
  }
  async setAlarm(at: number) {
    counts.alarmSet++;
    this.alarm = at;
  }
  async deleteAlarm() {
    this.alarm = null;
  }
  /** Everything stored, as one text (an evicted object's storage, kept outside the heap's objects). */
  park(): string {
    return JSON.stringify([[...this.map], this.alarm]);
  }
  static unpark(text: string): MemoryStorage {
    const s = new MemoryStorage();
    const [entries, alarm] = JSON.parse(text) as [[string, unknown][], number | null];
    s.map = new Map(entries);
    s.alarm = alarm;
    return s;
  }
}

/** A socket as the hibernation API gives it: its attachment is kept serialised (workerd does so too). */
export class MemorySocket {
  private attachment: unknown = null;
  readyState = 1;
  last = "";
  serializeAttachment(a: unknown) {
    this.attachment = structuredClone(a);
  }
  deserializeAttachment() {
    counts.attachmentReads++;
    return structuredClone(this.attachment);
  }
  send(text: string) {
    counts.socketSends++;
    counts.socketBytes += text.length;
    this.last = text;
  }
  close() {
    this.readyState = 3;
  }
  /** Its attachment, as the platform keeps it for a hibernated socket. */
  parked(): unknown {
    return this.attachment;
  }
  /** A socket as a restarted object gets it back from the hibernation API: a new object, the same attachment. */
  static withAttachment(attachment: unknown): MemorySocket {
    const ws = new MemorySocket();
    ws.attachment = attachment;
    return ws;
  }
}

/**
 * workerd's DurableObject refuses a state that is not its own: the object built on memory edges
 * inside workerd gets a base class that only keeps what it is given (`super(ctx, env)` looks it up
 * as it runs). Node's stand-in (bench/room.ts) needs none.
 */
export function onMemoryEdges(cls: { prototype: object }) {
  class MemoryObjectBase {
    constructor(
      readonly ctx: unknown,
      readonly env: unknown,
    ) {}
  }
  Object.setPrototypeOf(cls, MemoryObjectBase);
  Object.setPrototypeOf(cls.prototype, MemoryObjectBase.prototype);
}

const okResult = { results: [], success: true, meta: { changes: 1, rows_written: 2, last_row_id: 0, duration: 0 } };
function memoryD1() {
  const prepare = (sql: string) => {
    const s = {
      sql,
      bind: () => s,
      all: async () => (counts.d1Statements++, okResult),
      raw: async () => (counts.d1Statements++, []),
      first: async () => (counts.d1Statements++, null),
      run: async () => (counts.d1Statements++, okResult),
    };
    return s;
  };
  return {
    prepare,
    batch: async (stmts: unknown[]) => {
      counts.d1Batch++;
      counts.d1Statements += stmts.length;
      return stmts.map(() => okResult);
    },
  };
}

function makeRoom(id: string) {
  const sockets: MemorySocket[] = [];
  const ctx = {
    id: { name: id },
    storage: new MemoryStorage(),
    blockConcurrencyWhile: (fn: () => Promise<unknown>) => fn(),
    setWebSocketAutoResponse: () => undefined,
    getWebSockets: () => sockets.filter((s) => s.readyState === 1),
    acceptWebSocket: (ws: MemorySocket) => sockets.push(ws),
  };
  const limit = { limit: async () => (counts.rateLimits++, { success: true }) };
  const env: Record<string, unknown> = { DB: memoryD1(), RL_TOKEN: limit, RL_ADDRESS: limit };
  const room = new TableRoom(ctx as never, env as never);
  env.TABLES = { getByName: () => room };
  return { room, ctx, env, sockets };
}

// --- a random player that sees only its own view (bench/server.mjs's) ----------------------------
function pick<T>(list: T[], k: number): T[] {
  const pool = [...list];
  const out: T[] = [];
  while (out.length < k && pool.length) out.push(pool.splice(Math.floor(Math.random() * pool.length), 1)[0]);
  return out;
}
export function chooseAction(view: View): Action {
  let legal = view.legal as (Action & { min?: number; max?: number; count?: number; discard?: string })[];
  if (legal.length > 1 && legal.some((a) => a.type === "mulatschak")) {
    legal = Math.random() < 0.02 ? legal.filter((a) => a.type === "mulatschak") : legal.filter((a) => a.type !== "mulatschak");
  }
  const a = legal[Math.floor(Math.random() * legal.length)];
  if (a.type === "cut") return { type: "cut", value: Math.floor(Math.random() * 2 ** 32) };
  if (a.type === "exchange") {
    const min = a.min ?? 0;
    return { type: "exchange", cards: pick(view.hand, min + Math.floor(Math.random() * (a.max! - min + 1))) };
  }
  if (a.type === "discard") return { type: "discard", cards: pick(view.hand, a.count!) };
  if (a.type === "takeShown" && a.discard === undefined && rules.faceUp !== "off") return { type: "takeShown", discard: pick(view.hand, 1)[0] };
  return a as Action;
}

let tableNo = 0;
async function newTable() {
  const n = tableNo++;
  const id = `t_bench${String(n).padStart(11, "0")}`;
  const tokens = [0, 1, 2, 3].map(() => newToken());
  const table: TableRecord = {
    id,
    version: 0,
    state: engine.createGame(rules, { seed: `bench-${n}`, v: 2 }),
    seats: await Promise.all(tokens.map(async (t, seat) => ({ seat, name: "ABCD"[seat], bot: null, tokenHash: await hashToken(t) }))),
  };
  const r = makeRoom(id);
  const started = await r.room.start(table);
  if (!started.ok) throw new Error("start failed");
  return { ...r, id, tokens };
}

const tableOf = (room: unknown) => (room as { core: { table: TableRecord } }).core.table;

/** The object's table before each action of the recorded games, the seat and its action: the stages' input. */
export const steps: { table: TableRecord; seat: number; action: Action; message: string }[] = [];
type Step = (typeof steps)[number];

export type Way = "views" | "changes" | "http";
export const WAYS: Way[] = ["views", "changes", "http"];
export const wayName = (way: Way) => (way === "http" ? "HTTP (GET + POST through the Worker), no sockets" : `4 sockets taking ${way === "views" ? "whole views" : "changes"}`);

/**
 * Play `games` games one way: four sockets taking whole views or changes, or HTTP (the actor GETs
 * its view and POSTs its action through the Worker's routes). `timed` wraps each action (Node
 * times it; workerd cannot); `record` keeps the steps for the stages. Returns the actions and what
 * was asked of the edges per action.
 */
export async function play(way: Way, games: number, opts: { record?: boolean; timed?: (act: () => Promise<void>) => Promise<void> } = {}) {
  let actions = 0;
  const tally: Record<string, number> = {};
  const timed = opts.timed ?? ((act) => act());
  for (let g = 0; g < games; g++) {
    const t = await newTable();
    if (way !== "http") {
      for (let seat = 0; seat < 4; seat++) {
        const ws = new MemorySocket();
        t.ctx.acceptWebSocket(ws);
        ws.serializeAttachment({ seat: null, tokenHash: "", since: Date.now() });
        await t.room.webSocketMessage(ws as never, JSON.stringify({ type: "auth", token: t.tokens[seat], ...(way === "changes" ? { changes: true } : {}) }));
      }
    }
    while (tableOf(t.room).state.phase !== "over") {
      const table = tableOf(t.room);
      const seat = table.state.toAct[0];
      const action = chooseAction(engine.viewFor(table.state, seat));
      const message = JSON.stringify({ type: "action", version: table.version, action });
      if (opts.record) steps.push({ table, seat, action, message });
      resetCounts();
      await timed(async () => {
        if (way === "http") {
          const auth = { Authorization: `Bearer ${t.tokens[seat]}` };
          const get = await app.fetch(new Request(`http://bench/api/tables/${t.id}`, { headers: auth }), t.env as never);
          await get.text();
          const res = await app.fetch(
            new Request(`http://bench/api/tables/${t.id}/actions`, { method: "POST", headers: { ...auth, "Content-Type": "application/json" }, body: JSON.stringify({ version: table.version, action }) }),
            t.env as never,
          );
          await res.text();
          if (res.status !== 200) throw new Error(`action refused: ${res.status}`);
        } else {
          await t.room.webSocketMessage(t.sockets[seat] as never, message);
        }
      });
      if (tableOf(t.room).version !== table.version + 1) throw new Error(`action not applied: ${t.sockets[seat]?.last}`);
      actions++;
      for (const [k, n] of Object.entries(counts)) tally[k] = (tally[k] ?? 0) + n;
    }
  }
  const perAction = Object.fromEntries(Object.entries(tally).map(([k, n]) => [k, Math.round((n / actions) * 100) / 100]));
  return { actions, perAction };
}

// --- stages: the functions the object calls per action, each alone over the recorded steps ------
/** A stage: what the object does for one recorded step. Views are made anew in each (a shallow copy
 * of the state is a new key for view.ts's cache), as after a real move. */
export interface Stage {
  name: string;
  run: (s: Step, i: number) => unknown;
}

let made: Stage[] | null = null;
export function stages(): Stage[] {
  if (made) return made;
  const after = steps.map((s) => {
    const r = engine.applyAction(s.table.state, s.seat, s.action);
    if (!r.ok) throw new Error("a recorded action was refused");
    return r.state;
  });
  // The table after each step as the object has it; `moved(i)` is it with views not made yet.
  const next = steps.map((s, i) => ({ ...s.table, version: s.table.version + 1, state: after[i] }));
  const moved = (i: number): TableRecord => ({ ...next[i], state: { ...after[i] } });
  const d1 = memoryD1();
  const socks = [0, 1, 2, 3].map((seat) => {
    const ws = new MemorySocket();
    ws.serializeAttachment({ seat, tokenHash: steps[0].table.seats[seat].tokenHash, since: 0 });
    return ws;
  });
  const everySeat = (f: (seat: number) => unknown) => {
    for (let seat = 0; seat < 4; seat++) f(seat);
  };
  made = [
    { name: "nothing (the harness itself)", run: (_, i) => moved(i) },
    { name: "parse the socket message (JSON, valibot)", run: (s) => parseSocketMessage(s.message) },
    { name: "engine applyAction (with its state copy)", run: (s) => engine.applyAction(s.table.state, s.seat, s.action) },
    { name: "JSON.stringify(state) for D1", run: (_, i) => JSON.stringify(after[i]) },
    { name: "appendAction: the D1 batch built (SQL, JSON)", run: (s, i) => appendAction(d1 as never, s.table.id, s.table.version, s.seat, s.action, after[i]) },
    { name: "legalActions of the next seat (is it forced)", run: (_, i) => (after[i].toAct.length ? engine.legalActions(after[i], after[i].toAct[0]) : null) },
    { name: "clockView", run: (s) => clockView(s.table) },
    { name: "engine viewFor, 4 seats", run: (_, i) => everySeat((seat) => engine.viewFor(after[i], seat)) },
    { name: "viewEntry, 4 seats (viewFor, key, JSON parts)", run: (_, i) => { const t = moved(i); everySeat((seat) => viewEntry(t, seat)); } },
    { name: "viewEntry of a made view, 4 seats (its key)", run: (_, i) => everySeat((seat) => viewEntry(next[i], seat)) },
    { name: "changesMessage, 4 seats (views made)", run: (s, i) => everySeat((seat) => changesMessage({ version: s.table.version, parts: viewEntry(s.table, seat).parts }, { version: next[i].version, parts: viewEntry(next[i], seat).parts })) },
    { name: "ETag digest of the actor's view (SHA-256)", run: (s, i) => viewText(moved(i), s.seat) },
    { name: "broadcast to 4 sockets taking whole views", run: (_, i) => broadcast(socks as never, { ...moved(i), seats: steps[0].table.seats }) },
  ];
  return made;
}

/** Run a stage `passes` times over every recorded step (awaiting what it returns, if anything). */
export async function runStage(stage: Stage, passes: number): Promise<void> {
  for (let r = 0; r < passes; r++) {
    for (let i = 0; i < steps.length; i++) {
      const out = stage.run(steps[i], i);
      if (out instanceof Promise) await out;
    }
  }
}
