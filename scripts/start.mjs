#!/usr/bin/env node
// `npm start`: everything a newcomer needs in one command. Builds the client (if there is one),
// applies the D1 migrations to the local database, then runs `wrangler dev` on
// http://localhost:8787 (or $PORT) and says when it answers. Local state (D1, Durable Objects)
// lives in .wrangler/state (or $MULI_STATE_DIR), so stopping and starting again loses no game.
// wrangler dev (4.86) sends the client's files brotli- or gzip-encoded as the browser asks, as
// Cloudflare's edge does, so local page-load figures are like the deployed ones
// (test/e2e/start.test.ts checks the bytes on the wire).
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { devLinkKeyArgs } from "./dev-key.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const port = process.env.PORT || "8787";
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

console.log(`\n▶ Starting the Worker on http://localhost:${port}  (Ctrl-C to stop)\n`);
const dev = spawn(wrangler, ["dev", "--port", port, "--persist-to", persist, "--show-interactive-dev-session=false", ...devLinkKeyArgs(persist)], {
  cwd: root,
  env,
  stdio: ["ignore", "inherit", "inherit"],
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => dev.kill(signal));
dev.on("exit", (code, signal) => process.exit(code ?? (signal ? 0 : 1)));

// Said once the Worker answers, so the address printed last is the one to open.
for (let i = 0; i < 600; i++) {
  const up = await fetch(`http://localhost:${port}/api/health`).then((r) => r.status < 500, () => false);
  if (up) break;
  await new Promise((r) => setTimeout(r, 200));
}
console.log(`\n▶ Muli is ready on http://localhost:${port}  (Ctrl-C to stop)\n`);
