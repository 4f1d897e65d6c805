#!/usr/bin/env node
// `npm start`: everything a newcomer needs in one command. Builds the client (if there is one),
// applies the D1 migrations to the local database, then runs `wrangler dev` on a port of its own
// behind a proxy that compresses as Cloudflare's edge does (scripts/compressing-proxy.mjs), and
// prints the proxy's address: http://localhost:8787 (or $PORT). Local state (D1, Durable Objects)
// lives in .wrangler/state (or $MULI_STATE_DIR), so stopping and starting again loses no game.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import { createServer } from "node:net";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { startCompressingProxy } from "./compressing-proxy.mjs";
import { devLinkKeyArgs } from "./dev-key.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const port = Number(process.env.PORT || "8787");
const persist = process.env.MULI_STATE_DIR ? resolve(process.env.MULI_STATE_DIR) : join(root, ".wrangler", "state");
const wrangler = join(root, "node_modules", ".bin", "wrangler");
const skipBuild = process.argv.includes("--no-build");
// Offline-friendly: no telemetry, and no download of the `request.cf` sample (wrangler would fetch
// it from Cloudflare on every start and print a stack trace three times when that fails; local
// requests then carry wrangler's built-in placeholder, which Muli does not read anyway).
const env = { ...process.env, WRANGLER_SEND_METRICS: "false", CLOUDFLARE_CF_FETCH_ENABLED: process.env.CLOUDFLARE_CF_FETCH_ENABLED ?? "false" };

function run(cmd, args, what) {
  console.log(`\n▶ ${what}`);
  // stdin is not a terminal, so wrangler does not stop to ask for confirmation.
  const r = spawnSync(cmd, args, { cwd: root, env, stdio: ["ignore", "inherit", "inherit"] });
  return r.status === 0;
}

if (!skipBuild && existsSync(join(root, "web", "vite.config.ts"))) {
  if (!run("npm", ["run", "build"], "Building the client (web/ → web/dist)")) {
    console.warn("⚠ The client did not build; the API still starts (see the errors above).");
  }
}
// wrangler.toml serves web/dist; it must exist even before the first client build.
mkdirSync(join(root, "web", "dist"), { recursive: true });

if (!run(wrangler, ["d1", "migrations", "apply", "DB", "--local", "--persist-to", persist], "Applying D1 migrations (local)")) {
  console.error("✖ Could not apply the D1 migrations.");
  process.exit(1);
}

// wrangler dev serves the client's files uncompressed (it has no option to compress them), so it
// listens on a free port of the loopback only, and the compressing proxy on the port printed.
const inner = await new Promise((done, fail) => {
  const probe = createServer();
  probe.once("error", fail);
  probe.listen(0, "127.0.0.1", () => {
    const { port: free } = probe.address();
    probe.close(() => done(free));
  });
});
console.log(`\n▶ Starting the Worker (Ctrl-C to stop)\n`);
const dev = spawn(wrangler, ["dev", "--ip", "127.0.0.1", "--port", String(inner), "--persist-to", persist, "--show-interactive-dev-session=false", ...devLinkKeyArgs(persist)], {
  cwd: root,
  env,
  stdio: ["ignore", "inherit", "inherit"],
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => dev.kill(signal));
dev.on("exit", (code, signal) => process.exit(code ?? (signal ? 0 : 1)));

try {
  await startCompressingProxy(`http://127.0.0.1:${inner}`, port);
} catch (e) {
  console.error(`✖ Port ${port} is taken (${e.code ?? e.message}); set PORT to another one.`);
  dev.kill("SIGTERM");
  process.exit(1);
}
// Said once the Worker answers, so the address printed last is the one to open.
for (let i = 0; i < 600; i++) {
  const up = await fetch(`http://127.0.0.1:${inner}/api/health`).then((r) => r.status < 500, () => false);
  if (up) break;
  await new Promise((r) => setTimeout(r, 200));
}
console.log(`\n▶ Muli is ready on http://localhost:${port}  (compressed as Cloudflare sends it; Ctrl-C to stop)\n`);
