// `npm run bench:d1`: how many actions one local D1 database takes per second, and what an action
// and a game leave in it (README "Past one database"). One database from wrangler's local
// platform (the same SQLite-backed D1 as `wrangler dev` and the tests), the migrations applied,
// BENCH_TABLES tables with a real game's state; then for BENCH_SECONDS every action is the table
// store's batch (worker/table/store.ts: the log row and the table's new state, both conditioned
// on the version), BENCH_INFLIGHT at a time. Prints actions/s, the batch's p50/p99 and the bytes
// the database grew by per action. Not the Worker's speed (bench:server) but the database's part.
// Then the directory writes per turn message (issue 28): the notifier (worker/notify/pipeline.ts)
// run in Node against the same database, every call counted (bench/d1-count.ts), the queue left
// out so that notice, flush and delivery run in one call, to a webhook on a loopback receiver;
// BENCH_MESSAGES turn messages per case. BENCH_PIPELINE: another pipeline module to count (a
// before/after comparison).
import { createServer } from "node:http";
import { register } from "node:module";
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { getPlatformProxy } from "wrangler";
import { appendAction } from "../worker/table/store";
import type { TableDb } from "../worker/db/placement";
import { createGame, legalActions, applyAction, resolveRules, type GameState } from "../worker/engine";

const TABLES = Number(process.env.BENCH_TABLES ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const INFLIGHT = (process.env.BENCH_INFLIGHT ?? "1,8").split(",").map(Number);

// BENCH_STATE: where the database lives (/dev/shm takes the disk out of the figure).
const dir = mkdtempSync(join(process.env.BENCH_STATE ?? tmpdir(), "muli-d1-"));
const proxy = await getPlatformProxy<{ DB: D1Database }>({ configPath: "wrangler.toml", persist: { path: dir } });
const d1 = proxy.env.DB as TableDb;

for (const file of readdirSync("migrations").filter((f) => f.endsWith(".sql")).sort()) {
  const statements = readFileSync(join("migrations", file), "utf8").split("--> statement-breakpoint").map((s) => s.trim()).filter(Boolean);
  await d1.batch(statements.map((s) => d1.prepare(s)));
}

// The database's files on disk (D1 refuses the size pragmas): its SQLite file and write-ahead log.
const files = (d: string): string[] => readdirSync(d, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(join(d, e.name)) : [join(d, e.name)]));
const size = async () => files(dir).filter((f) => /\.sqlite(-wal)?$/.test(f)).reduce((n, f) => n + statSync(f).size, 0);

// Each table: a game some way into its first hand, its state as the store keeps it.
const rules = resolveRules({ preset: "standard", players: 4 });
if (!rules.ok) throw new Error("rules");
const games: { id: string; version: number; state: GameState }[] = [];
for (let i = 0; i < TABLES; i++) {
  let state = createGame(rules.rules, { seed: `bench-${i}`, v: 2 });
  for (let k = 0; k < 6; k++) {
    const a = legalActions(state, state.toAct[0])[0];
    const r = applyAction(state, state.toAct[0], a.type === "cut" ? { type: "cut", value: 7 } : a);
    if (r.ok) state = r.state;
  }
  const id = `t_bench${i}`;
  await d1.batch([
    d1.prepare("INSERT INTO tables (id, rules, state, version, phase, created_at, updated_at) VALUES (?, ?, ?, 0, ?, ?, ?)").bind(id, JSON.stringify(state.rules), JSON.stringify(state), state.phase, Date.now(), Date.now()),
  ]);
  games.push({ id, version: 0, state });
}
const stateBytes = Math.round(games.reduce((n, g) => n + JSON.stringify(g.state).length, 0) / games.length);
console.log(`one local D1, ${TABLES} tables, state ~${stateBytes} bytes, ${SECONDS} s per run`);
console.log("| in flight | actions/s | batch p50 | batch p99 | bytes grown / action |");
console.log("|---|---|---|---|---|");

for (const inflight of INFLIGHT) {
  const before = await size();
  const times: number[] = [];
  const end = Date.now() + SECONDS * 1000;
  let next = 0;
  const worker = async () => {
    while (Date.now() < end) {
      const g = games[next++ % games.length];
      if ((g as { busy?: boolean }).busy) continue;
      (g as { busy?: boolean }).busy = true;
      const t0 = performance.now();
      // The same action's bytes each time (a play of about this size); the state as it is.
      const r = await appendAction(d1, g.id, g.version, 0, { type: "pass" }, g.state);
      times.push(performance.now() - t0);
      if (!r.ok) throw new Error("the version check refused the bench's own write");
      g.version++;
      (g as { busy?: boolean }).busy = false;
    }
  };
  await Promise.all(Array.from({ length: inflight }, worker));
  times.sort((a, b) => a - b);
  const grown = (await size()) - before;
  const q = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))].toFixed(1);
  console.log(`| ${inflight} | ${(times.length / SECONDS).toFixed(0)} | ${q(0.5)} ms | ${q(0.99)} ms | ${(grown / times.length).toFixed(0)} |`);
}

// Directory writes per turn message.
register("./cf-stubs.mjs", import.meta.url);
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 20);
const pipeline = (await import(process.env.BENCH_PIPELINE ?? "../worker/notify/pipeline")) as typeof import("../worker/notify/pipeline");
const { sealLink } = await import("../worker/base/link-crypto");
const { countingD1, noCounts } = await import("./d1-count");
const hooks = { n: 0 };
const receiver = createServer((req, res) => {
  hooks.n++;
  req.resume();
  req.on("end", () => res.writeHead(204).end());
});
await new Promise<void>((r) => receiver.listen(0, "127.0.0.1", r));
const hookUrl = `http://127.0.0.1:${(receiver.address() as { port: number }).port}/hook`;

const counted = countingD1(d1 as D1Database);
const notifyEnv = { DB: counted.d1, PUBLIC_ORIGIN: "http://muli.test", WEBHOOK_ALLOW_LOCAL: "1" };
const t0 = Date.now();
/** A player with one webhook, linked to seat 0 of a fresh table at version 0 (rows written directly, not counted). */
async function linkedPlayer(i: number) {
  const playerId = `p_bench${i}`;
  const tableId = `t_notify${i}`;
  const game = games[i % games.length];
  await d1.batch([
    d1.prepare("INSERT INTO players (id, name, created_at) VALUES (?, ?, ?)").bind(playerId, `Bench ${i}`, t0),
    d1.prepare("INSERT INTO channels (player_id, kind, config, created_at) VALUES (?, 'webhook', ?, ?)").bind(playerId, JSON.stringify({ url: hookUrl, format: "json" }), t0),
    d1.prepare("INSERT INTO tables (id, rules, state, version, phase, created_at, updated_at) VALUES (?, ?, ?, 0, ?, ?, ?)").bind(tableId, JSON.stringify(game.state.rules), JSON.stringify(game.state), game.state.phase, t0, t0),
    ...["Anna", "Bernd", "Clara", "Dora"].map((name, seat) => d1.prepare("INSERT INTO seats (table_id, seat, name) VALUES (?, ?, ?)").bind(tableId, seat, name)),
    d1.prepare("INSERT INTO player_seats (table_id, seat, player_id, link, linked_at) VALUES (?, 0, ?, ?, ?)").bind(tableId, playerId, await sealLink(`http://muli.test/t/${tableId}#s_bench${i}`), t0),
  ]);
  return { type: "notice" as const, kind: "turn" as const, playerId, tableId, seat: 0, version: 0, deadline: null };
}
type Case = { name: string; run: (i: number) => Promise<void> };
const cases: Case[] = [
  { name: "a turn message, sent at once", run: async (i) => void (await pipeline.handle(notifyEnv, await linkedPlayer(i), t0)) },
  {
    name: "the same queue message delivered again",
    run: async (i) => {
      const n = await linkedPlayer(i);
      await pipeline.handle(notifyEnv, n, t0);
      Object.assign(counted.counts, noCounts());
      await pipeline.handle(notifyEnv, n, t0 + 1000);
    },
  },
  {
    name: "a reminder in the digest window, then its flush",
    run: async (i) => {
      const n = await linkedPlayer(i);
      await pipeline.handle(notifyEnv, n, t0);
      Object.assign(counted.counts, noCounts());
      await pipeline.handle(notifyEnv, { ...n, kind: "reminder" }, t0 + 60_000);
      await pipeline.handle(notifyEnv, { type: "flush", playerId: n.playerId }, t0 + pipeline.DIGEST_WINDOW_MS);
    },
  },
];
console.log(`\ndirectory writes per turn message (${MESSAGES} each; one webhook; ${process.env.BENCH_PIPELINE ?? "worker/notify/pipeline.ts"})`);
console.log("| case | write round trips | rows changed | D1 rows written (with indexes) | D1 calls (reads too) | writes |");
console.log("|---|---|---|---|---|---|");
let next = 0;
for (const c of cases) {
  const sum = noCounts();
  const sentBefore = hooks.n;
  for (let k = 0; k < MESSAGES; k++) {
    Object.assign(counted.counts, noCounts());
    await c.run(next++);
    for (const f of ["roundTrips", "writeRoundTrips", "rowsChanged", "rowsWritten"] as const) sum[f] += counted.counts[f];
    if (k === 0) sum.writes = [...counted.counts.writes];
  }
  const per = (n: number) => (n / MESSAGES).toFixed(1).replace(/\.0$/, "");
  console.log(`| ${c.name} | ${per(sum.writeRoundTrips)} | ${per(sum.rowsChanged)} | ${per(sum.rowsWritten)} | ${per(sum.roundTrips)} | ${sum.writes.join(", ")} |`);
  // Every case sends one message per turn (the repeat nothing more, the reminder its own).
  const expected = MESSAGES * (c.name.startsWith("a reminder") ? 2 : 1);
  if (hooks.n - sentBefore !== expected) throw new Error(`${c.name}: ${hooks.n - sentBefore} webhook requests, expected ${expected}`);
}
receiver.close();

await proxy.dispose();
rmSync(dir, { recursive: true, force: true });
