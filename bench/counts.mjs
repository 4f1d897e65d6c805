#!/usr/bin/env node
// `npm run bench:counts`: what one move and one game cost in the units Cloudflare bills and caps
// per day (Workers requests, Durable Object requests, D1 rows read and written, Queues messages,
// R2 operations). Starts `wrangler dev` on a fresh local state with bench/counts-entry.ts (the
// real Worker, bindings wrapped in counters), plays COUNT_GAMES (4) four-player standard games to
// the end over HTTP as correspondence players do (each move: the player opens the table, GET,
// then acts, POST), waits for the finished games to be archived to R2, and prints the totals
// per move and per game, then the same as JSON. Counts, not times: steady on a busy machine.
import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { createServer } from "node:net";
import { fileURLToPath } from "node:url";
import { devLinkKeyArgs } from "../scripts/dev-key.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const GAMES = Number(process.env.COUNT_GAMES || 4);
// A port nobody holds (other local servers and test receivers come and go on fixed ones).
const PORT = Number(process.env.COUNT_PORT) || (await new Promise((resolve) => {
  const probe = createServer().listen(0, "127.0.0.1", () => {
    const { port } = probe.address();
    probe.close(() => resolve(port));
  });
}));
const BASE = `http://127.0.0.1:${PORT}`;
const work = join(root, ".wrangler", "counts");
const wrangler = join(root, "node_modules", ".bin", "wrangler");
const env = { ...process.env, WRANGLER_SEND_METRICS: "false", CLOUDFLARE_CF_FETCH_ENABLED: "false" };

// wrangler.toml with the counting entry as main, paths from the work folder, limits lifted.
function config() {
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  mkdirSync(join(root, "web", "dist"), { recursive: true });
  const toml = readFileSync(join(root, "wrangler.toml"), "utf8")
    .replace(/^main = "(.*)"$/m, `main = "../../bench/counts-entry.ts"`)
    .replace(/^directory = "\.\/(.*)"$/m, (_, p) => `directory = "../../${p}"`)
    .replace(/^migrations_dir = "(.*)"$/m, (_, p) => `migrations_dir = "../../${p}"`)
    .replace(/simple = \{ limit = \d+, period = (\d+) \}/g, "simple = { limit = 1000000, period = $1 }");
  const path = join(work, "wrangler.toml");
  writeFileSync(path, toml);
  // Bundled once and served as is: wrangler dev would otherwise restart the Worker mid-run
  // whenever a source file changes.
  const b = spawnSync(wrangler, ["deploy", "--dry-run", "--outdir", join(work, "dist"), "-c", path], { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] });
  if (b.status !== 0) throw new Error(`bundling failed:\n${b.stdout}\n${b.stderr}`);
  writeFileSync(path, `no_bundle = true\n${toml.replace(/^main = "(.*)"$/m, `main = "dist/counts-entry.js"`)}`);
  return path;
}

async function start() {
  const path = config();
  const state = join(work, "state");
  const m = spawnSync(wrangler, ["d1", "migrations", "apply", "DB", "--local", "-c", path, "--persist-to", state], { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] });
  if (m.status !== 0) throw new Error(`migrations failed:\n${m.stderr}`);
  const dev = spawn(wrangler, ["dev", "-c", path, "--port", String(PORT), "--ip", "127.0.0.1", "--persist-to", state, "--show-interactive-dev-session=false", ...devLinkKeyArgs(state), "--log-level", process.env.COUNT_LOG ? "log" : "none"], {
    cwd: root,
    env,
    stdio: ["ignore", process.env.COUNT_LOG ? openSync(process.env.COUNT_LOG, "w") : "ignore", "inherit"],
    detached: true,
  });
  const stop = () => {
    try {
      process.kill(-dev.pid, "SIGTERM");
    } catch {
      // gone already
    }
  };
  process.on("exit", stop);
  for (let i = 0; i < 720; i++) {
    try {
      // Any answer will do: the health check may report a missing part (503) of a local setup.
      await fetch(`${BASE}/api/health`);
      return stop;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  stop();
  throw new Error("wrangler dev did not come up");
}

const pick = (list, k) => {
  const pool = [...list];
  const out = [];
  while (out.length < k && pool.length) out.push(pool.splice(Math.floor(Math.random() * pool.length), 1)[0]);
  return out;
};
function chooseAction(view) {
  let legal = view.legal;
  if (legal.length > 1 && legal.some((a) => a.type === "mulatschak")) legal = legal.filter((a) => a.type !== "mulatschak");
  const a = legal[Math.floor(Math.random() * legal.length)];
  if (a.type === "cut") return { type: "cut", value: Math.floor(Math.random() * (a.max + 1)) };
  if (a.type === "exchange") return { type: "exchange", cards: pick(view.hand, (a.min ?? 0) + Math.floor(Math.random() * (a.max - (a.min ?? 0) + 1))) };
  if (a.type === "discard") return { type: "discard", cards: pick(view.hand, a.count) };
  if (a.type === "takeShown" && a.discard === undefined) return { type: "takeShown", discard: pick(view.hand, 1)[0] };
  return a;
}

async function playGame() {
  const res = await fetch(`${BASE}/api/tables`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ rules: { preset: "standard", players: 4 }, seats: ["A", "B", "C", "D"].map((name) => ({ name })), autoPlay: false }),
  });
  if (res.status !== 201) throw new Error(`create: ${res.status} ${await res.text()}`);
  const t = await res.json();
  const tokens = t.seats.map((s) => s.token);
  const viewOf = async (seat) => (await fetch(`${BASE}/api/tables/${t.id}`, { headers: { Authorization: `Bearer ${tokens[seat]}` } })).json();
  let moves = 0;
  let view = await viewOf(0);
  while (view.phase !== "over") {
    const seat = view.toAct[0];
    view = await viewOf(seat); // the player opens the table …
    const r = await fetch(`${BASE}/api/tables/${t.id}/actions`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${tokens[seat]}` },
      body: JSON.stringify({ version: view.version, action: chooseAction(view) }),
    }); // … and acts
    // The answer is the actor's new view: it names who acts next.
    const body = await r.json();
    if (r.status === 200) {
      moves++;
      view = body;
    } else view = await viewOf(seat);
  }
  return moves;
}

const counts = async () => (await fetch(`${BASE}/api/__counts`)).json();
const stop = await start();
try {
  await fetch(`${BASE}/api/__counts/reset`);
  let moves = 0;
  for (let g = 0; g < GAMES; g++) moves += await playGame();
  // The table's alarm archives a finished game to R2 (one record, one analysis): wait for it.
  for (let i = 0; i < 120 && (await counts()).r2ClassA < GAMES; i++) await new Promise((r) => setTimeout(r, 500));
  await new Promise((r) => setTimeout(r, 2000));
  const c = await counts();
  const per = (n, d) => Math.round((n / d) * 100) / 100;
  console.log(`${GAMES} games, ${moves} moves (${per(moves, GAMES)} a game); each move = GET view + POST action`);
  console.log("unit                     total   per move   per game");
  for (const [k, v] of Object.entries(c)) console.log(`${k.padEnd(24)} ${String(v).padStart(6)} ${String(per(v, moves)).padStart(10)} ${String(per(v, GAMES)).padStart(10)}`);
  console.log(JSON.stringify({ games: GAMES, moves, counts: c }));
} finally {
  stop();
}
