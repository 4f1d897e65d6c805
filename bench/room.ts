// `npm run bench:room`: the table object's own CPU per action, measured outside workerd (whose
// clocks stand still inside a request). Drives the real TableRoom (worker/table/room.ts) and the
// real Worker app in Node, with its edges replaced by in-memory ones: D1 (a batch answers at once,
// changing one row), the object's storage (a Map), its sockets (they keep what they are sent), the
// rate limits (always yes). Random players act from their own seat's view, as bench:server's do,
// three ways: four sockets taking whole views, four taking changes, and HTTP (GET the actor's view,
// POST the action, through the Worker's routes) with no socket open. Prints µs per action for each
// and what the object asked of its storage, D1 and sockets per action, then µs per action by stage
// (the pure functions the object calls, each timed alone over the same actions). The platform's
// part (the runtime, the D1 batch itself, RPC, the sockets' frames) is not here: see bench:server,
// whose floor is exactly that part.
// Knobs: BENCH_GAMES (games per way, default 10), BENCH_PROFILE=1 (a V8 CPU profile of the
// socket way taking changes, written to bench-results/room.cpuprofile).
import { register } from "node:module";
import { timingSafeEqual } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";

// The runtime's modules: `cloudflare:workers` has a DurableObject that keeps ctx and env (and an
// empty env), `cloudflare:email` an EmailMessage that is never sent.
register(
  "data:text/javascript," +
    encodeURIComponent(`
export async function resolve(spec, ctx, next) {
  if (spec.startsWith("cloudflare:")) return { url: spec, shortCircuit: true };
  return next(spec, ctx);
}
export async function load(url, ctx, next) {
  if (url === "cloudflare:workers") return { format: "module", source: "export class DurableObject { constructor(ctx, env) { this.ctx = ctx; this.env = env; } } export const env = {};", shortCircuit: true };
  if (url === "cloudflare:email") return { format: "module", source: "export class EmailMessage {}", shortCircuit: true };
  return next(url, ctx);
}`),
);
// workerd's extension of WebCrypto (secrets.ts sameHash) and its socket auto-response pair.
(crypto.subtle as unknown as { timingSafeEqual: (a: ArrayBufferView, b: ArrayBufferView) => boolean }).timingSafeEqual = (a, b) =>
  a.byteLength === b.byteLength && timingSafeEqual(a as Uint8Array, b as Uint8Array);
(globalThis as Record<string, unknown>).WebSocketRequestResponsePair = class {
  constructor(
    readonly request: string,
    readonly response: string,
  ) {}
};

const { TableRoom } = await import("../worker/table/room");
const { app } = await import("../worker/api/app");
const engine = await import("../worker/engine");
const { hashToken, newToken } = await import("../worker/base/secrets");
const { parseSocketMessage, broadcast } = await import("../worker/table/sockets");
const { appendAction } = await import("../worker/table/store");
const { viewEntry, viewText } = await import("../worker/table/view");
const { changesMessage } = await import("../worker/table/view-changes");
const { clockView } = await import("../worker/table/clock-view");
type TableRecord = import("../worker/table/model").TableRecord;
type GameState = import("../worker/engine").GameState;
type View = import("../worker/engine").View;
type Action = import("../worker/engine").Action;

const GAMES = Number(process.env.BENCH_GAMES ?? 10);
// The API tests' short game (a random game ends within ~150 actions).
const resolved = engine.resolveRules({ preset: "standard", players: 4, startPoints: 5, endAbove: 20 } as never);
if (!resolved.ok) throw new Error(resolved.error.message);
const rules = resolved.rules;

// --- the edges, in memory, counting what is asked of them --------------------------------------
const counts = { storageGet: 0, storagePut: 0, storageDelete: 0, alarmGet: 0, alarmSet: 0, d1Batch: 0, d1Statements: 0, socketSends: 0, socketBytes: 0, attachmentReads: 0, rateLimits: 0 };
const resetCounts = () => Object.keys(counts).forEach((k) => (counts[k as keyof typeof counts] = 0));

class MemoryStorage {
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
}

/** A socket as the hibernation API gives it: its attachment is kept serialised (workerd does so too). */
class MemorySocket {
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
function chooseAction(view: View): Action {
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

async function newTable(n: number) {
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

const tableOf = (room: unknown) => (room as { table: TableRecord }).table;
/** The object's table before each action of the whole-view games, the seat and its action: the stages' input. */
const steps: { table: TableRecord; seat: number; action: Action; message: string }[] = [];
type Step = (typeof steps)[number];

type Way = "views" | "changes" | "http";
let tableNo = 0;
/** Play GAMES games one way: µs per action inside the object (and the Worker, for HTTP), and what it asked of its edges. */
async function play(way: Way, record: boolean) {
  let actions = 0, wall = 0, cpu = 0;
  const tally: Record<string, number> = {};
  for (let g = 0; g < GAMES; g++) {
    const t = await newTable(tableNo++);
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
      if (record) steps.push({ table, seat, action, message });
      resetCounts();
      const c0 = process.cpuUsage();
      const t0 = performance.now();
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
      wall += performance.now() - t0;
      const c = process.cpuUsage(c0);
      cpu += c.user + c.system;
      if (tableOf(t.room).version !== table.version + 1) throw new Error(`action not applied: ${t.sockets[seat]?.last}`);
      actions++;
      for (const [k, n] of Object.entries(counts)) tally[k] = (tally[k] ?? 0) + n;
    }
  }
  const perAction = Object.fromEntries(Object.entries(tally).map(([k, n]) => [k, Math.round((n / actions) * 100) / 100]));
  return { actions, usPerAction: (wall * 1000) / actions, cpuUsPerAction: cpu / actions, perAction };
}

// --- stages: the functions the object calls per action, each timed alone over the recorded actions
/** µs per action of `fn` over the recorded actions: the fastest of ROUNDS passes (the first ones warm the JIT). */
const ROUNDS = 5;
async function timeStage(fn: (s: Step, i: number) => unknown, before?: () => void): Promise<number> {
  let best = Infinity;
  for (let r = 0; r < ROUNDS; r++) {
    before?.();
    const t0 = performance.now();
    for (let i = 0; i < steps.length; i++) await fn(steps[i], i);
    best = Math.min(best, performance.now() - t0);
  }
  return (best * 1000) / steps.length;
}

async function stages(): Promise<[string, number][]> {
  const out: [string, number][] = [];
  const after = steps.map((s) => {
    const r = engine.applyAction(s.table.state, s.seat, s.action);
    if (!r.ok) throw new Error("a recorded action was refused");
    return r.state;
  });
  // Each next table as the object makes it, with fresh states so that no view of it is cached yet.
  const fresh = () => steps.map((s, i) => ({ ...s.table, version: s.table.version + 1, state: engine.cloneState(after[i]) as GameState }));
  let next = fresh();
  const d1 = memoryD1();
  const socks = [0, 1, 2, 3].map((seat) => {
    const ws = new MemorySocket();
    ws.serializeAttachment({ seat, tokenHash: steps[0].table.seats[seat].tokenHash, since: 0 });
    return ws;
  });
  const allSeats = (f: (seat: number) => unknown) => () => [0, 1, 2, 3].forEach(f);
  out.push(["parse the socket message (JSON, valibot)", await timeStage((s) => parseSocketMessage(s.message))]);
  out.push(["engine applyAction (with its state copy)", await timeStage((s) => engine.applyAction(s.table.state, s.seat, s.action))]);
  out.push(["JSON.stringify(state) for D1", await timeStage((_, i) => JSON.stringify(after[i]))]);
  out.push(["appendAction: the D1 batch built (SQL, JSON)", await timeStage((s, i) => appendAction(d1 as never, s.table.id, s.table.version, s.seat, s.action, after[i]))]);
  out.push(["legalActions of the next seat (is it forced)", await timeStage((_, i) => (after[i].toAct.length ? engine.legalActions(after[i], after[i].toAct[0]) : null))]);
  out.push(["clockView", await timeStage((s) => clockView(s.table))]);
  out.push(["engine viewFor, 4 seats", await timeStage((_, i) => allSeats((seat) => engine.viewFor(next[i].state, seat))())]);
  out.push(["viewEntry, 4 seats (viewFor, key, JSON parts)", await timeStage((_, i) => allSeats((seat) => viewEntry(next[i], seat))(), () => (next = fresh()))]);
  out.push(["viewEntry again, 4 seats (cached: its key)", await timeStage((_, i) => allSeats((seat) => viewEntry(next[i], seat))())]);
  out.push(["changesMessage, 4 seats (views made)", await timeStage((s, i) => allSeats((seat) => changesMessage({ version: s.table.version, parts: viewEntry(s.table, seat).parts }, { version: next[i].version, parts: viewEntry(next[i], seat).parts }))())]);
  out.push(["ETag digest of the actor's view (SHA-256)", await timeStage((s, i) => viewText(next[i], s.seat), () => (next = fresh()))]);
  out.push(["broadcast, 4 sockets taking whole views (views made)", await timeStage((_, i) => broadcast(socks as never, { ...next[i], seats: steps[0].table.seats }))]);
  return out;
}

// --- run ------------------------------------------------------------------------------------------
await play("views", false); // warms the JIT
const results: Record<Way, Awaited<ReturnType<typeof play>>> = { views: await play("views", true), changes: await play("changes", false), http: await play("http", false) };
if (process.env.BENCH_PROFILE) {
  const session = new Session();
  session.connect();
  await session.post("Profiler.enable");
  await session.post("Profiler.start");
  await play("changes", false);
  const { profile } = await session.post("Profiler.stop");
  mkdirSync("bench-results", { recursive: true });
  writeFileSync("bench-results/room.cpuprofile", JSON.stringify(profile));
}
const st = await stages();

const us = (x: number) => `${x.toFixed(0).padStart(6)} µs`;
console.log(`The table object in Node, its edges in memory (${GAMES} games per way, 4 seats, random legal play):`);
for (const [way, r] of Object.entries(results)) {
  const what = way === "http" ? "HTTP (GET + POST through the Worker), no sockets" : `4 sockets taking ${way === "views" ? "whole views" : "changes"}`;
  console.log(`  ${what.padEnd(50)} ${us(r.usPerAction)} per action (CPU ${us(r.cpuUsPerAction)}), ${r.actions} actions`);
  console.log(`    per action: ${Object.entries(r.perAction).filter(([, n]) => n > 0).map(([k, n]) => `${k} ${n}`).join(", ")}`);
}
console.log(`By stage (µs per action, each alone over the ${steps.length} actions of the whole-view games, fastest of ${ROUNDS} passes):`);
for (const [name, t] of st) console.log(`  ${name.padEnd(56)} ${us(t)}`);
console.log(JSON.stringify({ ways: Object.fromEntries(Object.entries(results).map(([k, r]) => [k, { usPerAction: Math.round(r.usPerAction), cpuUsPerAction: Math.round(r.cpuUsPerAction), ...r.perAction }])), stages: Object.fromEntries(st.map(([k, t]) => [k, Math.round(t)])) }));
