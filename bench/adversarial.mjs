#!/usr/bin/env node
// `node bench/adversarial.mjs`: a small, bounded adversarial probe of the Worker on loopback. It
// starts `wrangler dev` on a fresh local state (.wrangler/adversarial), runs each probe with a fixed
// number of requests, prints what it tried and what it saw (requests, 5xx, leaks, lost actions,
// and per probe what got through), stops the server and exits. Nothing leaves 127.0.0.1.
//   ADV_PORT (8799), ADV_GAMES (4 games played over HTTP with duplicate submissions)
import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { devLinkKeyArgs } from "../scripts/dev-key.mjs";

if (typeof WebSocket === "undefined") {
  const r = spawnSync(process.execPath, ["--experimental-websocket", "--no-warnings", fileURLToPath(import.meta.url)], { stdio: "inherit" });
  process.exit(r.status ?? 1);
}

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const PORT = Number(process.env.ADV_PORT || 8799);
const GAMES = Number(process.env.ADV_GAMES || 4);
const BASE = `http://127.0.0.1:${PORT}`;
const wrangler = join(root, "node_modules", ".bin", "wrangler");
const state = join(root, ".wrangler", "adversarial");
const env = { ...process.env, WRANGLER_SEND_METRICS: "false", CI: "true" };

const total = { requests: 0, fivexx: 0, leaks: 0, lost: 0 };
const findings = [];
const note = (probe, tried, through, detail = "") => findings.push({ probe, tried, through, detail });

async function req(path, init = {}) {
  total.requests++;
  const res = await fetch(BASE + path, init).catch((e) => ({ status: 0, headers: new Headers(), text: async () => String(e), json: async () => null }));
  if (res.status >= 500) total.fivexx++;
  return res;
}
const json = (body, headers = {}) => ({ method: "POST", headers: { "Content-Type": "application/json", ...headers }, body: typeof body === "string" ? body : JSON.stringify(body) });
const bearer = (k) => ({ Authorization: `Bearer ${k}` });

async function startServer() {
  rmSync(state, { recursive: true, force: true });
  mkdirSync(join(root, "web", "dist"), { recursive: true });
  const m = spawnSync(wrangler, ["d1", "migrations", "apply", "DB", "--local", "--persist-to", state], { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] });
  if (m.status !== 0) throw new Error(`migrations failed:\n${m.stderr}`);
  const dev = spawn(wrangler, ["dev", "--port", String(PORT), "--ip", "127.0.0.1", "--persist-to", state, "--show-interactive-dev-session=false", "--log-level", "none", ...devLinkKeyArgs(state)], {
    cwd: root,
    env,
    stdio: ["ignore", "ignore", "inherit"],
    detached: true,
  });
  const stop = () => {
    try {
      process.kill(-dev.pid, "SIGTERM");
    } catch {
      // gone
    }
  };
  process.on("exit", stop);
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${BASE}/api/health`)).ok) return stop;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  stop();
  throw new Error("the server did not start");
}

// ---- probes ---------------------------------------------------------------------------------

const PROTO = [...Object.getOwnPropertyNames(Object.prototype), "__proto__"];

async function prototypeNames() {
  let tried = 0;
  let through = 0;
  const league = await (await req("/api/leagues", json({ name: "Probe", rules: { preset: "standard" }, tableSize: 3 }))).json();
  for (const name of PROTO) {
    const bodies = [
      ["/api/tables", `{"rules":{"preset":${JSON.stringify(name)},"players":2},"seats":[{"name":"a"},{"name":"b"}]}`, {}],
      ["/api/tables", `{"rules":{"preset":"standard","players":2,${JSON.stringify(name)}:1},"seats":[{"name":"a"},{"name":"b"}]}`, {}],
      ["/api/leagues", `{"name":"x","tableSize":3,"rules":{"preset":${JSON.stringify(name)}}}`, {}],
      [`/api/leagues/${league.id}/seasons`, `{"rules":{"preset":"standard",${JSON.stringify(name)}:1}}`, bearer(league.adminKey)],
    ];
    for (const [path, body, headers] of bodies) {
      tried++;
      const res = await req(path, json(body, headers));
      if (res.status < 300) through++;
      await res.text();
    }
  }
  note("prototype names as preset or option", tried, through, "accepted (should be 0); 5xx counted in total");
}

async function crossSiteWrites() {
  let tried = 0;
  let through = 0;
  const bodies = {
    "/api/feedback": { kind: "problem", text: "x" },
    "/api/tables": { rules: { preset: "standard", players: 2 }, seats: [{ name: "A" }, { name: "B" }] },
    "/api/players": { name: "Eve" },
    "/api/leagues": { name: "Evil", rules: { preset: "standard" }, tableSize: 3 },
  };
  for (const [path, body] of Object.entries(bodies)) {
    for (const headers of [{ "Content-Type": "text/plain" }, { "Content-Type": "text/plain", Origin: "https://evil.example" }, { "Content-Type": "application/json", Origin: "https://evil.example" }, { "Content-Type": "application/x-www-form-urlencoded" }, { "Content-Type": "application/json", Origin: "null" }]) {
      tried++;
      const res = await req(path, { method: "POST", headers, body: JSON.stringify(body) });
      if (res.status < 300) through++;
      await res.text();
    }
  }
  note("cross-site or non-JSON writes", tried, through, "accepted (should be 0)");
}

async function hiddenNames() {
  const names = ["a\u0000b", "\u001b[31mred", "x\r\ny", "abc\u202edef", "M\u200b1", "x\ud800y", "Z\u0301\u0302\u0303\u0304\u0305", "\u2066x\u2069"];
  let tried = 0;
  let through = 0;
  for (const n of names) {
    for (const [path, body] of [
      ["/api/players", `{"name":${JSON.stringify(n)}}`],
      ["/api/tables", `{"rules":{"preset":"standard","players":2},"seats":[{"name":${JSON.stringify(n)}},{"name":"b"}]}`],
    ]) {
      tried++;
      const res = await req(path, json(body));
      if (res.status < 300) through++;
      await res.text();
    }
  }
  const l = await (await req("/api/leagues", json({ name: "Names", rules: { preset: "standard" }, tableSize: 3 }))).json();
  await req(`/api/leagues/${l.id}/join`, json({ invite: l.invite, name: "M1" }));
  for (const n of ["М1", "Ｍ１", "m1", "Ml", "M\u200b1"]) {
    tried++;
    const res = await req(`/api/leagues/${l.id}/join`, json({ invite: l.invite, name: n }));
    if (res.status < 300) through++;
    await res.text();
  }
  note("hidden characters and look-alike names", tried, through, "accepted (should be 0)");
}

/** A league with a member who joined with their player: no key of theirs in any link or page. */
async function accountKeyInLinks() {
  const p = await (await req("/api/players", json({ name: "Pia" }))).json();
  const l = await (await req("/api/leagues", json({ name: "Keys", rules: { preset: "standard", startPoints: 2 }, tableSize: 3, allowBots: true }))).json();
  const keys = [p.key];
  await req(`/api/leagues/${l.id}/join`, json({ invite: l.invite, name: "Pia" }, bearer(p.key)));
  for (const name of ["Bo", "Cy"]) keys.push((await (await req(`/api/leagues/${l.id}/join`, json({ invite: l.invite, name }))).json()).key);
  await req(`/api/leagues/${l.id}/rounds`, json({}, bearer(l.adminKey)));
  let leaks = 0;
  let opened = 0;
  const pages = [];
  for (const k of keys) pages.push(await (await req(`/api/leagues/${l.id}`, { headers: bearer(k) })).text());
  for (const [i, page] of pages.entries()) {
    for (const k of keys) if (page.includes(k)) leaks++;
    const link = JSON.parse(page).rounds[0].tables.find((t) => t.link)?.link;
    if (!link) continue;
    const token = new URL(link).hash.slice(1);
    const tableId = new URL(link).pathname.split("/").pop();
    if ((await req(`/api/tables/${tableId}`, { headers: bearer(token) })).status === 200) opened++;
    if ((await req(`/api/tables/${tableId}`, { headers: bearer(keys[i]) })).status === 200) leaks++; // a member key opening a table
    // What the client does on opening a seat; then what messages would be composed from.
    await req("/api/players/me/seats", json({ table: tableId, token: p.key }, bearer(p.key)));
  }
  const me = await (await req("/api/players/me", { headers: bearer(p.key) })).text();
  if (me.includes(`#${p.key}`)) leaks++;
  total.leaks += leaks;
  note("account or member keys in seat links, pages, /me", keys.length * 3, leaks, `${opened} seats opened by their own tokens`);
}

async function sockets() {
  const t = await (await req("/api/tables", json({ rules: { preset: "standard", players: 2 }, seats: [{ name: "A" }, { name: "B" }] }))).json();
  const url = `ws://127.0.0.1:${PORT}/api/tables/${t.id}/ws`;
  const open = (query = "") =>
    new Promise((resolve) => {
      const ws = new WebSocket(url + query);
      const got = [];
      ws.onmessage = (e) => got.push(JSON.parse(e.data));
      ws.onopen = () => resolve({ ws, got, closed: () => ws.readyState === WebSocket.CLOSED });
      ws.onerror = () => resolve({ ws, got, closed: () => true });
    });
  const wait = (ms) => new Promise((r) => setTimeout(r, ms));
  total.requests++;
  const q = await open(`?token=${t.seats[0].token}`);
  await wait(800);
  const viewByQuery = q.got.some((m) => m.type === "view");
  if (viewByQuery) total.leaks++;
  q.ws.close();
  // Ten sockets on one seat: how many stay open?
  const many = [];
  for (let i = 0; i < 10; i++) {
    total.requests++;
    const s = await open();
    s.ws.send(JSON.stringify({ type: "auth", token: t.seats[1].token }));
    many.push(s);
    await wait(50);
  }
  await wait(1000);
  const stillOpen = many.filter((s) => !s.closed()).length;
  // 300 malformed messages from one seat: how many were answered as malformed, how many refused by the limit?
  const flood = many[many.length - 1];
  const before = flood.got.length;
  for (let i = 0; i < 300; i++) flood.ws.send("{not json");
  total.requests += 300;
  await wait(2000);
  const answers = flood.got.slice(before);
  const limited = answers.filter((m) => m.error?.code === "RATE_LIMITED").length;
  for (const s of many) s.ws.close();
  note("socket token in the query string", 1, viewByQuery ? 1 : 0, "views sent (should be 0)");
  note("sockets on one seat", 10, stillOpen, "still open (cap 4)");
  note("malformed socket messages", 300, 300 - limited, `answered as malformed; ${limited} refused by the rate limit`);
}

async function removalRace(trials = 12) {
  let kept = 0;
  for (let trial = 0; trial < trials; trial++) {
    const l = await (await req("/api/leagues", json({ name: `Race${trial}`, rules: { preset: "standard", startPoints: 2 }, tableSize: 3, allowBots: true, botLevel: "random" }))).json();
    const ms = [];
    for (let i = 0; i < 9; i++) ms.push((await (await req(`/api/leagues/${l.id}/join`, json({ invite: l.invite, name: `R${trial}x${String.fromCharCode(65 + i)}` }))).json()).member.id);
    const victim = ms[trial % 9];
    await Promise.all([req(`/api/leagues/${l.id}/rounds`, json({}, bearer(l.adminKey))), new Promise((r) => setTimeout(r, trial * 3)).then(() => req(`/api/leagues/${l.id}/members/${victim}`, { method: "DELETE", headers: bearer(l.adminKey) }))]);
    const page = await (await req(`/api/leagues/${l.id}`, { headers: bearer(l.adminKey) })).json();
    const removed = page.members.find((m) => m.id === victim)?.status === "removed";
    const seated = page.rounds.flatMap((r) => r.tables).some((t) => t.status === "playing" && t.seats.some((s) => s.member === victim));
    if (removed && seated) kept++;
  }
  note("removal racing a round's start", trials, kept, "removed members still seated (should be 0)");
}

async function banAndRotate() {
  const l = await (await req("/api/leagues", json({ name: "Ban", rules: { preset: "standard" }, tableSize: 3 }))).json();
  const m = await (await req(`/api/leagues/${l.id}/join`, json({ invite: l.invite, name: "Troll" }))).json();
  await req(`/api/leagues/${l.id}/members/${m.member.id}/ban`, json({}, bearer(l.adminKey)));
  let through = 0;
  for (const name of ["Troll", "TROLL", "Tr0ll"]) if ((await req(`/api/leagues/${l.id}/join`, json({ invite: l.invite, name }))).status < 300) through++;
  const rotated = await (await req(`/api/leagues/${l.id}/invite`, json({}, bearer(l.adminKey)))).json();
  if ((await req(`/api/leagues/${l.id}/join`, json({ invite: l.invite, name: "Newcomer" }))).status < 300) through++;
  const ok = (await req(`/api/leagues/${l.id}/join`, json({ invite: rotated.invite.code, name: "Newcomer" }))).status === 201;
  note("banned names and a rotated-away invite", 4, through, `joins through (should be 0); new invite works: ${ok}`);
}

async function creationBounds() {
  // Locally the address is loopback (not counted); an address header stands in for a client.
  let made = 0;
  let retryAfter = null;
  for (let i = 0; i < 40; i++) {
    const res = await req("/api/players", json({ name: `Bulk${i}` }, { "CF-Connecting-IP": "203.0.113.77" }));
    if (res.status === 201) made++;
    else if (res.status === 429) {
      retryAfter = res.headers.get("Retry-After");
      break;
    }
  }
  note("players created by one address in a burst", 40, made, `Retry-After: ${retryAfter}`);
  let fb = 0;
  for (let i = 0; i < 30; i++) if ((await req("/api/feedback", json({ kind: "rule", text: "x".repeat(4000) }, { "CF-Connecting-IP": "203.0.113.78" }))).status === 201) fb++;
  note("feedback rows of 4 KB from one address", 30, fb, "accepted");
}

async function headers() {
  let missing = 0;
  const paths = ["/", "/t/t_AAAAAAAAAAAAAAAA", "/sw.js", "/manifest.webmanifest", "/api/health", "/api/nothing"];
  for (const p of paths) {
    const res = await req(p);
    for (const h of ["content-security-policy", "x-content-type-options", "referrer-policy", "permissions-policy"]) if (!res.headers.get(h)) missing++;
    if (!/frame-ancestors 'none'/.test(res.headers.get("content-security-policy") ?? "")) missing++;
    await res.text();
  }
  note("security headers on pages, files and API answers", paths.length * 5, paths.length * 5 - missing, "present");
}

/** Four humans over HTTP, every action sent twice at once: exactly one may apply. */
async function gamesWithDuplicates() {
  let accepted = 0;
  let duplicatesApplied = 0;
  let viewsChecked = 0;
  let finalVersions = 0;
  let throttled = 0;
  for (let g = 0; g < GAMES; g++) {
    const t = await (await req("/api/tables", json({ rules: { preset: "standard", players: 4, startPoints: 5, endAbove: 20 }, seats: ["A", "B", "C", "D"].map((name) => ({ name })), autoPlay: false }))).json();
    const tokens = t.seats.map((s) => s.token);
    for (let step = 0; step < 600; step++) {
      const views = await Promise.all(tokens.map(async (k) => (await req(`/api/tables/${t.id}`, { headers: bearer(k) })).json()));
      // The per-token limit (120 per 10 s) answers 429 to a fast client: wait and read again.
      if (views.some((v) => !Array.isArray(v?.legal))) {
        throttled++;
        await new Promise((r) => setTimeout(r, 1000));
        continue;
      }
      viewsChecked += views.length;
      // Leaks: another seat's card, the talon or the seed in a view (events and the trick are public).
      const hands = views.map((v) => new Set(v.hand));
      for (const [s, v] of views.entries()) {
        const { hand: _h, events: _e, discarded: _d, ...rest } = v;
        const text = JSON.stringify(rest);
        if (v.phase !== "over" && /"(seed|talon|rng|discards|reveal)"\s*:/.test(text)) total.leaks++;
        for (const [o, h] of hands.entries()) if (o !== s && v.phase !== "over") for (const c of h) if (new RegExp(`"hand"\\s*:\\s*\\[[^\\]]*"${c}"`).test(text)) total.leaks++;
      }
      const v = views[0];
      if (v.phase === "over") break;
      const seat = v.toAct[0];
      const mine = views[seat];
      // Mulatschak only now and then, or the short game ends in a few moves.
      const pool = mine.legal.length > 1 && Math.random() > 0.02 ? mine.legal.filter((x) => x.type !== "mulatschak") : mine.legal;
      const a = pool[Math.floor(Math.random() * pool.length)];
      let action = a;
      if (a.type === "exchange") action = { type: "exchange", cards: mine.hand.slice(0, Math.min(a.max, 1)) };
      if (a.type === "discard") action = { type: "discard", cards: mine.hand.slice(0, a.count) };
      if (a.type === "takeShown" && a.discard === undefined) action = { type: "takeShown", discard: mine.hand[0] };
      const body = { version: mine.version, action };
      const both = await Promise.all([0, 1].map(() => req(`/api/tables/${t.id}/actions`, json(body, bearer(tokens[seat])))));
      if (process.env.ADV_DEBUG) console.log(step, JSON.stringify(body), both.map((r) => r.status));
      const ok = both.filter((r) => r.status === 200).length;
      accepted += ok;
      if (ok > 1) duplicatesApplied++;
      await Promise.all(both.map((r) => r.text()));
    }
    await new Promise((r) => setTimeout(r, 1000));
    finalVersions += (await (await req(`/api/tables/${t.id}`, { headers: bearer(tokens[0]) })).json()).version;
  }
  total.lost += Math.max(0, accepted - finalVersions) + Math.max(0, finalVersions - accepted);
  note("games over HTTP, each action sent twice at once", accepted * 2, duplicatesApplied, `duplicates applied (should be 0); ${accepted} accepted = ${finalVersions} versions; ${viewsChecked} views checked; ${throttled} waits for the per-token limit`);
}

const stop = await startServer();
const started = Date.now();
try {
  const all = [headers, prototypeNames, crossSiteWrites, hiddenNames, accountKeyInLinks, sockets, removalRace, banAndRotate, creationBounds, gamesWithDuplicates];
  for (const probe of all.filter((p) => !process.env.ADV_ONLY || process.env.ADV_ONLY.split(",").includes(p.name))) {
    try {
      await probe();
    } catch (e) {
      note(probe.name, 0, 0, `probe failed: ${e}`);
    }
  }
} finally {
  stop();
}
for (const f of findings) console.log(`${f.probe}: tried ${f.tried}, through ${f.through}${f.detail ? ` (${f.detail})` : ""}`);
console.log(`requests ${total.requests}, 5xx ${total.fivexx}, leaks ${total.leaks}, lost actions ${total.lost} (${((Date.now() - started) / 1000).toFixed(0)} s)`);
console.log(JSON.stringify({ ...total, findings }));
rmSync(state, { recursive: true, force: true });
process.exit(0);
