// `npm run bench:room`: the table object's own CPU per action, without the platform's part. Drives
// the real TableRoom and the real Worker app with their edges in memory (bench/room-drive.ts: D1,
// the object's storage, its sockets, the rate limits), random players acting from their own
// seat's view as bench:server's do, three ways: four sockets taking whole views, four taking
// changes, HTTP (GET the actor's view, POST the action, through the Worker's routes) with no
// socket open. Prints CPU µs per action for each and what the object asked of its edges per
// action, then µs per action by stage (the functions the object calls, each alone over the same
// actions). Twice: in Node (tsx), and inside workerd itself (the bundle served by `wrangler dev`,
// its CPU read from /proc around each request: its clocks stand still inside one), since Node's
// V8 is older and differs (an object spread followed by more fields costs ~5 µs in Node 20,
// ~0.05 µs in workerd). What is not here (the runtime, the D1 batch itself, RPC, socket frames)
// is the platform's: bench:server's floor measures exactly that.
// Knobs: BENCH_GAMES (games per way, default 10), BENCH_WORKERD=off (Node only), BENCH_PORT (8790),
// BENCH_PROFILE=1 (a V8 CPU profile of Node's socket way taking changes, bench-results/room.cpuprofile).
import { register } from "node:module";
import { timingSafeEqual } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";
import { join } from "node:path";
import { root, serve, workerdCpuUs } from "./workerd";

// The runtime's modules in Node: `cloudflare:workers` has a DurableObject that keeps ctx and env
// (and an empty env), `cloudflare:email` an EmailMessage that is never sent.
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

const { WAYS, play, runStage, stages, steps, wayName } = await import("./room-drive");
type Way = import("./room-drive").Way;

const GAMES = Number(process.env.BENCH_GAMES ?? 10);
const PASSES = 5;
const cpuUs = (c: NodeJS.CpuUsage) => c.user + c.system;

// --- in Node ------------------------------------------------------------------------------------
async function inNode() {
  await play("views", GAMES); // warms the JIT
  const ways = {} as Record<Way, { actions: number; us: number; perAction: Record<string, number> }>;
  for (const way of WAYS) {
    let us = 0;
    const r = await play(way, GAMES, {
      record: way === "views",
      timed: async (act) => {
        const c0 = process.cpuUsage();
        await act();
        us += cpuUs(process.cpuUsage(c0));
      },
    });
    ways[way] = { actions: r.actions, us: us / r.actions, perAction: r.perAction };
  }
  if (process.env.BENCH_PROFILE) {
    const session = new Session();
    session.connect();
    await session.post("Profiler.enable");
    await session.post("Profiler.start");
    await play("changes", GAMES);
    const { profile } = await session.post("Profiler.stop");
    mkdirSync(join(root, "bench-results"), { recursive: true });
    writeFileSync(join(root, "bench-results", "room.cpuprofile"), JSON.stringify(profile));
  }
  // Each stage: the fastest of PASSES passes over the recorded actions (the first ones warm the JIT).
  const byStage: number[] = [];
  for (const stage of stages()) {
    let best = Infinity;
    for (let p = 0; p < PASSES; p++) {
      const c0 = process.cpuUsage();
      await runStage(stage, 1);
      best = Math.min(best, cpuUs(process.cpuUsage(c0)));
    }
    byStage.push(best / steps.length);
  }
  // Less what the harness alone takes per step (stage 0), as inside workerd.
  return { ways, byStage: byStage.map((x, i) => (i === 0 ? x : Math.max(0, x - byStage[0]))) };
}

// --- inside workerd -----------------------------------------------------------------------------
const PORT = Number(process.env.BENCH_PORT || 8790);

async function inWorkerd() {
  const dev = await serve("bench-room", "bench/room-worker.ts", PORT);
  try {
    const base = dev.base;
    const get = async (path: string): Promise<{ actions: number; perAction: Record<string, number>; steps: number }> => {
      const res = await fetch(base + path);
      if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
      return res.json();
    };
    /** workerd CPU µs of one request. */
    const measured = async (path: string) => {
      const c0 = workerdCpuUs(dev.group);
      const body = await get(path);
      return { us: workerdCpuUs(dev.group) - c0, body };
    };
    await get(`/play?way=views&games=${GAMES}`); // warms the JIT
    const ways = {} as Record<Way, { actions: number; us: number; perAction: Record<string, number> }>;
    for (const way of WAYS) {
      const { us, body } = await measured(`/play?way=${way}&games=${GAMES}${way === "views" ? "&record=1" : ""}`);
      ways[way] = { actions: body.actions, us: us / body.actions, perAction: body.perAction };
    }
    // Each stage over the recorded actions, passes doubled until a request takes ≥ 300 ms (the
    // clock ticks in 10 ms), less what the harness alone takes for as many passes.
    const n = (await get(`/stage?i=0&passes=1`)).steps as number;
    const stageUs = async (i: number) => {
      await get(`/stage?i=${i}&passes=2`); // warms the JIT
      for (let passes = 4; ; passes *= 2) {
        const { us } = await measured(`/stage?i=${i}&passes=${passes}`);
        if (us >= 300_000 || passes >= 4096) return { perStep: us / (passes * n), passes };
      }
    };
    const harness = await stageUs(0);
    const byStage: number[] = [harness.perStep];
    for (let i = 1; i < stages().length; i++) byStage.push(Math.max(0, (await stageUs(i)).perStep - harness.perStep));
    return { ways, byStage };
  } finally {
    dev.stop();
  }
}

// --- run ----------------------------------------------------------------------------------------
const node = await inNode();
const wd = process.env.BENCH_WORKERD === "off" ? null : await inWorkerd();
const us = (x: number | undefined) => (x === undefined ? "".padStart(9) : `${x.toFixed(x < 10 ? 1 : 0).padStart(6)} µs`);
console.log(`The table object, its edges in memory (${GAMES} games per way, 4 seats, random legal play): CPU per action`);
console.log(`${"".padEnd(52)} ${"Node".padStart(9)} ${"workerd".padStart(9)}`);
for (const way of WAYS) {
  console.log(`  ${wayName(way).padEnd(50)} ${us(node.ways[way].us)} ${us(wd?.ways[way].us)}   (${node.ways[way].actions} actions in Node)`);
  const per = wd?.ways[way].perAction ?? node.ways[way].perAction;
  console.log(`    per action: ${Object.entries(per).filter(([, x]) => x > 0).map(([k, x]) => `${k} ${x}`).join(", ")}`);
}
console.log(`By stage (CPU per action, each alone over the ${steps.length} actions of the whole-view games, the harness's own cost taken off):`);
stages().forEach((s, i) => console.log(`  ${s.name.padEnd(50)} ${us(node.byStage[i])} ${us(wd?.byStage[i])}`));
console.log(
  JSON.stringify({
    node: { ways: Object.fromEntries(WAYS.map((w) => [w, Math.round(node.ways[w].us)])), stages: Object.fromEntries(stages().map((s, i) => [s.name, Math.round(node.byStage[i] * 10) / 10])) },
    ...(wd ? { workerd: { ways: Object.fromEntries(WAYS.map((w) => [w, Math.round(wd.ways[w].us)])), stages: Object.fromEntries(stages().map((s, i) => [s.name, Math.round(wd.byStage[i] * 10) / 10])), perAction: Object.fromEntries(WAYS.map((w) => [w, wd.ways[w].perAction])) } } : {}),
  }),
);
process.exit(0);
