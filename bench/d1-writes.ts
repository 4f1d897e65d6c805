// `npm run bench:d1`: how many actions one local D1 database takes per second, and what an action
// and a game leave in it (README "Past one database"). One database from wrangler's local
// platform (the same SQLite-backed D1 as `wrangler dev` and the tests), the migrations applied,
// BENCH_TABLES tables with a real game's state; then for BENCH_SECONDS every action is the table
// store's batch (worker/table/store.ts: the log row and the table's new state, both conditioned
// on the version), BENCH_INFLIGHT at a time. Prints actions/s, the batch's p50/p99 and the bytes
// the database grew by per action. Not the Worker's speed (bench:server) but the database's part.
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

await proxy.dispose();
rmSync(dir, { recursive: true, force: true });
