#!/usr/bin/env node
// `npm run bench:server`: starts the Worker locally (wrangler dev, a fresh bench database) and
// keeps TABLES tables in play at once, half driven over HTTP and half over WebSockets by
// scripted random players (each acting only from its own seat's view). Prints actions per
// second, p50/p99 latency of an action (send → the actor has its new view), D1 rows written per
// action, and as the last line the same as JSON.
// Beside it, in the same run, the yardstick `../shared/yardsticks/floor/` (a Worker doing exactly
// one action's Durable Object and D1 I/O and no game logic) under the same clients and thinking
// time: phases alternate Muli, floor, floor, Muli (BENCH_SECONDS split over them), and the
// p50/p99/CPU ratios Muli/floor are printed (BENCH_FLOOR=off skips it; BENCH_FLOOR_PORT, 8789).
// Socket clients run in two ways, in alternating phases of the same run: taking whole views after
// every change (API.md) and taking changes (`"changes": true` in the auth message: only the fields
// of the seat's view that changed); bytes per broadcast (all four seats' messages for one action)
// and CPU per action are printed for both and as a ratio (BENCH_CHANGES=off: whole views only).
// Each player thinks BENCH_THINK_MS (default 250, drawn from 0.5x to 1.5x) before acting, like a
// quick bot; BENCH_THINK_MS=0 saturates the server instead (latency is then mostly queueing).
//   BENCH_MODE (both | http | ws), BENCH_TABLES (50), BENCH_SECONDS (20), BENCH_PORT (8788), BENCH_LOG (a file for the server's log),
//   BENCH_STATE (where the local D1 and Durable Objects persist; default .wrangler/bench/state)
import { spawn, spawnSync } from "node:child_process";
import { devLinkKeyArgs } from "../scripts/dev-key.mjs";
import { existsSync, mkdirSync, openSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

// Node 20 has a WebSocket client only behind a flag: run again with it.
if (typeof WebSocket === "undefined") {
  const r = spawnSync(process.execPath, ["--experimental-websocket", "--no-warnings", fileURLToPath(import.meta.url)], { stdio: "inherit" });
  process.exit(r.status ?? 1);
}

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const TABLES = Number(process.env.BENCH_TABLES || 50);
const SECONDS = Number(process.env.BENCH_SECONDS || 20);
const PORT = Number(process.env.BENCH_PORT || 8788);
const THINK_MS = Number(process.env.BENCH_THINK_MS ?? 250);
const MODE = process.env.BENCH_MODE || "both"; // http | ws | both
const think = () => new Promise((r) => setTimeout(r, THINK_MS * (0.5 + Math.random())));
const BASE = `http://127.0.0.1:${PORT}`;
const FLOOR_PORT = Number(process.env.BENCH_FLOOR_PORT || 8789);
const FLOOR = `http://127.0.0.1:${FLOOR_PORT}`;
const FLOOR_RUN = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "shared", "yardsticks", "floor", "run.sh");
const WARM_SECONDS = Number(process.env.BENCH_WARM_SECONDS || 5); // tables created and playing before measuring
const WITH_FLOOR = process.env.BENCH_FLOOR !== "off" && existsSync(FLOOR_RUN);
const WITH_CHANGES = process.env.BENCH_CHANGES !== "off";
/** How the socket clients take the table now: "views" (whole) or "changes"; switched between phases. */
let socketMode = "views";
const work = join(root, ".wrangler", "bench");
const wrangler = join(root, "node_modules", ".bin", "wrangler");
const env = { ...process.env, WRANGLER_SEND_METRICS: "false" };

// --- the server: wrangler.toml with the per-token limit lifted (every bench client is one
// machine, and the limit protects against clients, which is not what is measured here) --------
function benchConfig() {
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  mkdirSync(join(root, "web", "dist"), { recursive: true });
  const toml = readFileSync(join(root, "wrangler.toml"), "utf8")
    .replace(/^directory = "\.\/(.*)"$/m, (_, p) => `directory = "../../${p}"`)
    .replace(/^migrations_dir = "(.*)"$/m, (_, p) => `migrations_dir = "../../${p}"`)
    .replace(/simple = \{ limit = \d+, period = (\d+) \}/g, "simple = { limit = 1000000, period = $1 }");
  const path = join(work, "wrangler.toml");
  // Bundle once and serve that bundle: wrangler dev would otherwise rebuild and restart the
  // server whenever a source file changes while the benchmark runs.
  writeFileSync(path, toml.replace(/^main = "(.*)"$/m, (_, p) => `main = "../../${p}"`));
  const b = spawnSync(wrangler, ["deploy", "--dry-run", "--outdir", join(work, "dist"), "-c", path], { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] });
  if (b.status !== 0) throw new Error(`bundling failed:\n${b.stdout}\n${b.stderr}`);
  writeFileSync(path, `no_bundle = true\n` + toml.replace(/^main = "(.*)"$/m, `main = "dist/index.js"`));
  return path;
}

/** CPU seconds used so far by the processes of group `group` (a wrangler and its workerd), from /proc. */
const groupCpuSeconds = (group) => groupCpu(group).total;
/** The same, split: `workerd` is the runtime (what a deployed Worker is billed for); the rest is wrangler's local proxy. */
function groupCpu(group) {
  let ticks = 0, workerd = 0;
  for (const pid of readdirSync("/proc").filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (Number(f[2]) !== group) continue; // pgrp
      const t = Number(f[11]) + Number(f[12]); // utime, stime
      ticks += t;
      if (stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")")).startsWith("workerd")) workerd += t;
    } catch {
      // gone meanwhile
    }
  }
  return { total: ticks / 100, workerd: workerd / 100 }; // USER_HZ
}

/** Start a detached process (its own group, so its workerd goes down with it); returns its stop. */
function startGroup(cmd, args, opts) {
  const child = spawn(cmd, args, { ...opts, detached: true });
  const stop = () => {
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {
      // already gone
    }
  };
  process.on("exit", stop);
  return { pid: child.pid, stop };
}

async function waitUp(url, stop) {
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  stop();
  throw new Error(`${url} did not come up`);
}

async function startServer() {
  const config = benchConfig();
  const state = process.env.BENCH_STATE || join(work, "state");
  rmSync(state, { recursive: true, force: true });
  const m = spawnSync(wrangler, ["d1", "migrations", "apply", "DB", "--local", "-c", config, "--persist-to", state], { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] });
  if (m.status !== 0) throw new Error(`migrations failed:\n${m.stderr}`);
  const log = process.env.BENCH_LOG;
  const dev = startGroup(wrangler, ["dev", "-c", config, "--port", String(PORT), "--ip", "127.0.0.1", "--persist-to", state, "--show-interactive-dev-session=false", ...devLinkKeyArgs(state), "--log-level", log ? "log" : "none"], {
    cwd: root,
    env,
    stdio: ["ignore", log ? openSync(log, "w") : "ignore", "inherit"],
  });
  await waitUp(`${BASE}/api/health`, dev.stop);
  return dev;
}

/** The floor yardstick, started by its own script with this checkout's wrangler. */
async function startFloor() {
  const floorState = join(work, "floor-state");
  rmSync(floorState, { recursive: true, force: true });
  const dev = startGroup("bash", [FLOOR_RUN], { cwd: root, env: { ...env, PORT: String(FLOOR_PORT), FLOOR_STATE: floorState }, stdio: ["ignore", "ignore", "ignore"] });
  await waitUp(`${FLOOR}/`, dev.stop);
  return dev;
}

// --- a random player that sees only its own view ---------------------------------------------
function pick(list, k) {
  const pool = [...list];
  const out = [];
  while (out.length < k && pool.length) out.push(pool.splice(Math.floor(Math.random() * pool.length), 1)[0]);
  return out;
}

function chooseAction(view, rules) {
  let legal = view.legal;
  if (legal.length > 1 && legal.some((a) => a.type === "mulatschak")) {
    legal = Math.random() < 0.02 ? legal.filter((a) => a.type === "mulatschak") : legal.filter((a) => a.type !== "mulatschak");
  }
  const a = legal[Math.floor(Math.random() * legal.length)];
  // The cut's entry names its range; the action names a number (the client draws one at random).
  if (a.type === "cut") return { type: "cut", value: Math.floor(Math.random() * (a.max + 1)) };
  if (a.type === "exchange") {
    const min = a.min ?? 0;
    return { type: "exchange", cards: pick(view.hand, min + Math.floor(Math.random() * (a.max - min + 1))) };
  }
  if (a.type === "discard") return { type: "discard", cards: pick(view.hand, a.count) };
  if (a.type === "takeShown" && a.discard === undefined && rules.faceUp !== "off") return { type: "takeShown", discard: pick(view.hand, 1)[0] };
  return a;
}

// --- measurement -----------------------------------------------------------------------------
const latencies = [];
const rowsWritten = [];
const stats = { http: 0, ws: 0, rejected: 0, failed: 0, games: 0 };
/** Per socket mode: socket actions, bytes the table's sockets received, messages. */
const wsBytes = { views: { actions: 0, bytes: 0, messages: 0, whole: 0 }, changes: { actions: 0, bytes: 0, messages: 0, whole: 0 } };

/** The client's side of a changes message (web/src/api/view-changes.ts): null when it does not fit. */
function applyChanges(base, m) {
  if (!base || base.version !== m.from) return null;
  const next = { ...base, ...m.set };
  for (const [k, elems] of Object.entries(m.items ?? {})) {
    const list = next[k].slice();
    for (const [i, x] of Object.entries(elems)) list[Number(i)] = x;
    next[k] = list;
  }
  for (const k of m.unset ?? []) delete next[k];
  return next;
}
let measuring = true; // figures are recorded
let running = true; // the clients play on (they wait while `paused`: the floor is being measured)
let paused = false;
const unpaused = async () => { while (paused && running) await new Promise((r) => setTimeout(r, 50)); };

const RULES = { preset: "standard", players: 4 };
async function createTable() {
  const res = await fetch(`${BASE}/api/tables`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ rules: RULES, seats: ["A", "B", "C", "D"].map((name) => ({ name })), autoPlay: false }),
  });
  if (res.status !== 201) throw new Error(`create: ${res.status} ${await res.text()}`);
  return res.json();
}

async function httpTable() {
  while (running) {
    const t = await createTable();
    const tokens = t.seats.map((s) => s.token);
    /** A seat's view of this table as the server has it now. */
    const viewOf = async (seat) => (await fetch(`${BASE}/api/tables/${t.id}`, { headers: { Authorization: `Bearer ${tokens[seat]}` } })).json();
    let view = await viewOf(0);
    while (running && view.phase !== "over") {
      const seat = view.toAct[0];
      if (view.you !== seat) view = await viewOf(seat);
      await unpaused();
      const action = chooseAction(view, RULES);
      if (THINK_MS > 0) await think();
      const t0 = performance.now();
      let res, body;
      try {
        res = await fetch(`${BASE}/api/tables/${t.id}/actions`, {
          method: "POST",
          headers: { "Content-Type": "application/json", Authorization: `Bearer ${tokens[seat]}` },
          body: JSON.stringify({ version: view.version, action }),
        });
        body = await res.json();
      } catch (e) {
        // A dropped connection: count it, then carry on from the table as the server has it.
        stats.failed++;
        console.error(`connection failed: ${e.cause?.code ?? e.message}`);
        view = await viewOf(seat);
        continue;
      }
      if (res.status !== 200) {
        stats.rejected++;
        view = await viewOf(seat);
        continue;
      }
      if (measuring) {
        latencies.push(performance.now() - t0);
        rowsWritten.push(Number(res.headers.get("X-D1-Rows-Written")));
        stats.http++;
      }
      view = body;
    }
    if (measuring) stats.games++;
  }
}

/** Each socket-driven table's way to reopen its sockets in the current mode, and whether it has. */
const wsHandles = [];

function wsTable() {
  const handle = { reopen: () => undefined, ready: () => true };
  wsHandles.push(handle);
  return new Promise((resolve, reject) => {
    const play = async () => {
      if (!running) return resolve();
      const t = await createTable();
      let sockets = [];
      let latest = []; // each seat's latest view
      let sentAt = null; // the action in flight: seat, version, send time
      let over = false;
      let mode = socketMode; // how this table's sockets were opened
      // The seat to act sends once its own socket has the current version and nothing is in flight.
      let thinking = false;
      const maybeAct = () => {
        if (!running || sentAt || over || thinking) return;
        if (paused) return void (thinking = true, unpaused().then(() => ((thinking = false), maybeAct())));
        if (mode !== socketMode) return reopen(); // the phase changed how sockets take the table
        for (let i = 0; i < t.seats.length; i++) if (!latest[i]) return; // a socket not opened yet
        for (const view of latest) {
          if (!view.toAct.includes(view.you)) continue;
          if (latest.some((v) => v.version > view.version)) continue; // its view is behind
          thinking = true;
          const send = () => {
            thinking = false;
            if (!running || over || sockets[view.you].readyState !== WebSocket.OPEN) return;
            sentAt = { seat: view.you, version: view.version, t0: performance.now() };
            sockets[view.you].send(JSON.stringify({ type: "action", version: view.version, action: chooseAction(view, RULES) }));
          };
          if (THINK_MS > 0) think().then(send);
          else send();
          return;
        }
      };
      const done = () => {
        for (const w of sockets) (w.onmessage = null), (w.onclose = null), w.close();
      };
      const open = () => {
        mode = socketMode;
        latest = [];
        sockets = t.seats.map((s) => {
          const ws = new WebSocket(`ws://127.0.0.1:${PORT}/api/tables/${t.id}/ws`);
          // The seat's token is the socket's first message (never in the URL).
          ws.onopen = () => ws.send(JSON.stringify({ type: "auth", token: s.token, ...(mode === "changes" ? { changes: true } : {}) }));
          ws.onmessage = (e) => {
            // A broadcast is what follows a change: a socket's first message (its whole view) is not one.
            const msg = JSON.parse(e.data);
            if (measuring && latest[s.seat]) {
              wsBytes[mode].bytes += e.data.length;
              wsBytes[mode].messages++;
              if (msg.type === "view") wsBytes[mode].whole++;
            }
            if (msg.type === "error") {
              stats.rejected++;
              sentAt = null;
              return maybeAct();
            }
            if (msg.type !== "view" && msg.type !== "changes") return;
            const view = msg.type === "view" ? msg.view : applyChanges(latest[s.seat], msg);
            if (!view) throw new Error(`changes from ${msg.from} do not fit the view at ${latest[s.seat]?.version}`);
            latest[view.you] = view;
            if (sentAt && view.you === sentAt.seat && view.version > sentAt.version) {
              if (measuring) {
                latencies.push(performance.now() - sentAt.t0);
                stats.ws++;
                wsBytes[mode].actions++;
              }
              sentAt = null;
            }
            if (view.phase === "over" && !over) {
              over = true;
              if (measuring) stats.games++;
              done();
              return void play().catch(reject);
            }
            maybeAct();
          };
          ws.onclose = () => undefined;
          ws.onerror = () => undefined;
          return ws;
        });
      };
      const reopen = () => {
        done();
        sentAt = null; // an answer in flight is lost with its socket
        open();
      };
      handle.reopen = () => !over && mode !== socketMode && reopen();
      handle.ready = () => over || (mode === socketMode && t.seats.every((_, i) => latest[i]));
      open();
    };
    play().catch(reject);
  });
}

const quantile = (xs, q) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor(q * s.length))] : NaN;
};

// --- the floor: the same clients doing exactly one action's I/O (GET then POST over "HTTP", a
// POST alone where Muli's clients use a socket message) -----------------------------------------
const floorLatencies = [];
const floorStats = { actions: 0, failed: 0 };
let floorMeasuring = false;
async function floorClient(i, viaHttp) {
  for (let n = 0; floorMeasuring; n++) {
    const id = `f${i}-${n}-${Date.now()}`;
    let version;
    try {
      version = (await (await fetch(`${FLOOR}/t/${id}`, { method: "PUT" })).json()).version;
    } catch {
      floorStats.failed++; // the local runtime restarted its worker under load: a new table
      continue;
    }
    for (let k = 0; k < 150 && floorMeasuring; k++) {
      if (viaHttp) {
        try {
          await (await fetch(`${FLOOR}/t/${id}`)).json();
        } catch {
          floorStats.failed++;
          break;
        }
      }
      if (THINK_MS > 0) await think();
      const t0 = performance.now();
      let body;
      try {
        body = await (await fetch(`${FLOOR}/t/${id}/act`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ version }) })).json();
      } catch {
        floorStats.failed++;
        break;
      }
      if (!body.ok) break;
      if (floorMeasuring) {
        floorLatencies.push(performance.now() - t0);
        floorStats.actions++;
      }
      version = body.version;
    }
  }
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const settle = (drivers) => Promise.race([Promise.allSettled(drivers), sleep(5000)]);
const viaHttp = (i) => (MODE === "both" ? i % 2 === 0 : MODE === "http");

/** One phase of Muli's clients (started once, paused between phases): wall and server CPU seconds. */
let muliDrivers = null;
async function muliPhase(seconds, group, mode = "views") {
  socketMode = mode;
  muliDrivers ??= Array.from({ length: TABLES }, (_, i) => (viaHttp(i) ? httpTable() : wsTable()));
  paused = false;
  // Every socket-driven table reopens its sockets in this phase's mode before anything is measured.
  for (const h of wsHandles) h.reopen();
  for (let i = 0; i < 100 && !wsHandles.every((h) => h.ready()); i++) await sleep(100);
  const cpu0 = groupCpuSeconds(group);
  const w0 = groupCpu(group).workerd;
  const a0 = stats.http + stats.ws, l0 = latencies.length;
  const t0 = performance.now();
  measuring = true;
  await sleep(seconds * 1000);
  paused = true;
  measuring = false;
  const out = { wall: (performance.now() - t0) / 1000, cpu: groupCpuSeconds(group) - cpu0, workerd: groupCpu(group).workerd - w0, actions: stats.http + stats.ws - a0, latencies: latencies.slice(l0) };
  await sleep(300); // answers in flight land before the floor starts
  return out;
}

async function floorPhase(seconds, group) {
  floorMeasuring = true;
  const cpu0 = groupCpuSeconds(group);
  const w0 = groupCpu(group).workerd;
  const t0 = performance.now();
  const drivers = [];
  for (let i = 0; i < TABLES; i++) drivers.push(floorClient(i, viaHttp(i)));
  await sleep(seconds * 1000);
  floorMeasuring = false;
  const out = { wall: (performance.now() - t0) / 1000, cpu: groupCpuSeconds(group) - cpu0, workerd: groupCpu(group).workerd - w0 };
  await settle(drivers);
  return out;
}

const server = await startServer();
const floor = WITH_FLOOR ? await startFloor() : null;
try {
  console.log(`Server up on ${BASE}${floor ? `, floor on ${FLOOR}` : ""}; ${TABLES} tables in play (${MODE === "both" ? "half HTTP, half WebSocket" : MODE}) for ${SECONDS} s …`);
  // Warm both up first (bundles compiled, first tables created), then forget what that measured.
  await muliPhase(WARM_SECONDS, server.pid);
  if (floor) await floorPhase(2, floor.pid);
  for (const a of [latencies, rowsWritten, floorLatencies]) a.length = 0;
  Object.assign(stats, { http: 0, ws: 0, rejected: 0, failed: 0, games: 0 });
  Object.assign(floorStats, { actions: 0, failed: 0 });
  for (const w of Object.values(wsBytes)) Object.assign(w, { actions: 0, bytes: 0, messages: 0, whole: 0 });
  // Muli, floor, floor, Muli: neither is always measured first or last while the machine drifts.
  // With changes: Muli's socket clients take whole views in the outer Muli phases and changes in
  // the inner ones (views, changes, floor, floor, changes, views).
  const half = floor ? SECONDS / 2 : SECONDS;
  const m = { wall: 0, cpu: 0, workerd: 0 }, f = { wall: 0, cpu: 0, workerd: 0 };
  const byMode = { views: { wall: 0, cpu: 0, workerd: 0, actions: 0, latencies: [] }, changes: { wall: 0, cpu: 0, workerd: 0, actions: 0, latencies: [] } };
  const add = (acc, x) => ((acc.wall += x.wall), (acc.cpu += x.cpu), (acc.workerd += x.workerd));
  const muli = async (seconds, mode) => {
    const x = await muliPhase(seconds, server.pid, mode);
    add(m, x);
    add(byMode[mode], x);
    byMode[mode].actions += x.actions;
    byMode[mode].latencies.push(...x.latencies);
  };
  const muliSlices = WITH_CHANGES && MODE !== "http" ? ["views", "changes"] : ["views"];
  const slice = (floor ? half / 2 : half) / muliSlices.length;
  for (const mode of muliSlices) await muli(slice, mode);
  if (floor) {
    add(f, await floorPhase(half / 2, floor.pid));
    add(f, await floorPhase(half / 2, floor.pid));
    for (const mode of [...muliSlices].reverse()) await muli(slice, mode);
  }
  running = false;
  paused = false;
  await settle(muliDrivers ?? []);
  const actions = stats.http + stats.ws;
  const result = {
    actionsPerSecond: Math.round((actions / m.wall) * 10) / 10,
    p50Ms: Math.round(quantile(latencies, 0.5) * 10) / 10,
    p99Ms: Math.round(quantile(latencies, 0.99) * 10) / 10,
    // Reported by the server on HTTP answers (X-D1-Rows-Written); a socket action writes the same.
    rowsWrittenPerAction: rowsWritten.length ? Math.round((rowsWritten.reduce((a, b) => a + b, 0) / rowsWritten.length) * 100) / 100 : null,
    cpuMsPerAction: Math.round(((m.cpu * 1000) / Math.max(1, actions)) * 100) / 100,
    workerdCpuMsPerAction: Math.round(((m.workerd * 1000) / Math.max(1, actions)) * 100) / 100,
  };
  if (muliSlices.length === 2) {
    const per = (x) => ({
      actions: x.actions,
      p50Ms: Math.round(quantile(x.latencies, 0.5) * 10) / 10,
      p99Ms: Math.round(quantile(x.latencies, 0.99) * 10) / 10,
      cpuMsPerAction: Math.round(((x.cpu * 1000) / Math.max(1, x.actions)) * 100) / 100,
      workerdCpuMsPerAction: Math.round(((x.workerd * 1000) / Math.max(1, x.actions)) * 100) / 100,
    });
    const bytes = (k) => Math.round(wsBytes[k].bytes / Math.max(1, wsBytes[k].actions));
    result.sockets = {
      views: { ...per(byMode.views), bytesPerBroadcast: bytes("views") },
      changes: { ...per(byMode.changes), bytesPerBroadcast: bytes("changes"), messages: wsBytes.changes.messages, wholeViews: wsBytes.changes.whole },
    };
    const v = result.sockets.views, c = result.sockets.changes;
    result.sockets.ratio = {
      bytesPerBroadcast: Math.round((c.bytesPerBroadcast / v.bytesPerBroadcast) * 100) / 100,
      cpuPerAction: Math.round((c.cpuMsPerAction / v.cpuMsPerAction) * 100) / 100,
      workerdCpuPerAction: Math.round((c.workerdCpuMsPerAction / v.workerdCpuMsPerAction) * 100) / 100,
    };
  }
  console.log(`actions: ${actions} in ${m.wall.toFixed(1)} s (${stats.http} over HTTP, ${stats.ws} over WebSockets), ${stats.games} games finished, ${stats.rejected} rejected, ${stats.failed} connections failed`);
  console.log(`actions per second: ${result.actionsPerSecond} (players think ${THINK_MS} ms on average)`);
  console.log(`server CPU per action: ${result.cpuMsPerAction.toFixed(1)} ms (wrangler + workerd; workerd alone ${result.workerdCpuMsPerAction.toFixed(1)} ms; load average now ${loadavg()[0].toFixed(1)} on ${cpus().length} cores)`);
  console.log(`action latency: p50 ${result.p50Ms} ms, p99 ${result.p99Ms} ms`);
  console.log(`D1 rows written per action: ${result.rowsWrittenPerAction ?? "n/a (no HTTP actions)"}`);
  if (result.sockets) {
    const { views: v, changes: c, ratio: r } = result.sockets;
    for (const [name, x] of [["whole views", v], ["changes", c]]) {
      console.log(`sockets taking ${name}: ${x.bytesPerBroadcast} bytes per broadcast (4 seats), CPU per action ${x.cpuMsPerAction.toFixed(1)} ms (workerd ${x.workerdCpuMsPerAction.toFixed(1)} ms), p50 ${x.p50Ms} ms, p99 ${x.p99Ms} ms, ${x.actions} actions`);
    }
    console.log(`  (of the ${c.messages} messages to sockets taking changes, ${c.wholeViews} were whole views: a socket the object had no last view for)`);
    console.log(`changes / whole views: bytes per broadcast ${r.bytesPerBroadcast}×, CPU per action ${r.cpuPerAction}× (workerd ${r.workerdCpuPerAction}×)`);
  }
  if (floor) {
    const fr = {
      actionsPerSecond: Math.round((floorStats.actions / f.wall) * 10) / 10,
      p50Ms: Math.round(quantile(floorLatencies, 0.5) * 10) / 10,
      p99Ms: Math.round(quantile(floorLatencies, 0.99) * 10) / 10,
      cpuMsPerAction: Math.round(((f.cpu * 1000) / Math.max(1, floorStats.actions)) * 100) / 100,
      workerdCpuMsPerAction: Math.round(((f.workerd * 1000) / Math.max(1, floorStats.actions)) * 100) / 100,
    };
    result.floor = fr;
    result.ratio = {
      p50: Math.round((result.p50Ms / fr.p50Ms) * 100) / 100,
      p99: Math.round((result.p99Ms / fr.p99Ms) * 100) / 100,
      cpuPerAction: Math.round((result.cpuMsPerAction / fr.cpuMsPerAction) * 100) / 100,
      workerdCpuPerAction: Math.round((result.workerdCpuMsPerAction / fr.workerdCpuMsPerAction) * 100) / 100,
    };
    console.log(`floor: ${floorStats.actions} actions in ${f.wall.toFixed(1)} s (${fr.actionsPerSecond}/s), p50 ${fr.p50Ms} ms, p99 ${fr.p99Ms} ms, CPU per action ${fr.cpuMsPerAction.toFixed(1)} ms (workerd ${fr.workerdCpuMsPerAction.toFixed(1)} ms)`);
    console.log(`Muli / floor: p50 ${result.ratio.p50}×, p99 ${result.ratio.p99}×, CPU per action ${result.ratio.cpuPerAction}× (workerd ${result.ratio.workerdCpuPerAction}×)`);
  }
  console.log(JSON.stringify(result));
} finally {
  server.stop();
  floor?.stop();
}
process.exit(0);
