// A real local server for the browser tests: build the client, apply the D1 migrations to a fresh
// temporary store, run `wrangler dev` on a free port, and stop it all afterwards.
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { devLinkKeyArgs } from "../../scripts/dev-key.mjs";

const root = fileURLToPath(new URL("../..", import.meta.url));
const wrangler = join(root, "node_modules/.bin/wrangler");
const vite = join(root, "node_modules/.bin/vite");

export interface TestServer {
  url: string;
  stop(): Promise<void>;
}

/** A port nothing listens on now (the OS picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => resolve(port));
    });
  });
}

/**
 * Ends a process started `detached` and every process of its group (wrangler starts workerd as a
 * child): SIGTERM, up to `graceMs` to end on its own (the leader gone is enough), then SIGKILL.
 */
export async function stopGroup(proc: ChildProcess | undefined, graceMs: number): Promise<void> {
  if (!proc?.pid || proc.exitCode !== null) return;
  const signal = (s: NodeJS.Signals) => {
    try {
      process.kill(-proc.pid!, s);
    } catch {
      // already gone
    }
  };
  signal("SIGTERM");
  const until = Date.now() + graceMs;
  while (proc.exitCode === null && proc.signalCode === null && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
  signal("SIGKILL");
}

async function waitFor(url: string, proc: ChildProcess, log: () => string, ms = 120_000): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (proc.exitCode !== null) throw new Error(`wrangler dev exited (${proc.exitCode}):\n${log()}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`server did not answer ${url} within ${ms} ms:\n${log()}`);
}

/** `vars`: more `--var NAME:value` for `wrangler dev` (settings only tests use). */
export async function startServer(opts: { build?: boolean; vars?: Record<string, string> } = {}): Promise<TestServer> {
  const env = { ...process.env, CI: "true", WRANGLER_SEND_METRICS: "false", CLOUDFLARE_CF_FETCH_ENABLED: "false", NO_COLOR: "1" };
  // The client as it ships: vitest sets NODE_ENV=test, which builds Solid's development code
  // (about 1 KB more, so the table page's size budget would judge another bundle).
  if (opts.build !== false) execFileSync(vite, ["build", "--config", "web/vite.config.ts", "--logLevel", "warn"], { cwd: root, env: { ...env, NODE_ENV: "production" }, stdio: "pipe" });
  const persist = mkdtempSync(join(tmpdir(), "muli-e2e-"));
  execFileSync(wrangler, ["d1", "migrations", "apply", "DB", "--local", "--persist-to", persist], { cwd: root, env, stdio: "pipe" });
  const port = await freePort();
  // The devtools port too: wrangler's default (9229) is taken whenever another wrangler dev runs.
  const inspectorPort = await freePort();
  const proc = spawn(
    wrangler,
    ["dev", "--ip", "127.0.0.1", "--port", String(port), "--inspector-port", String(inspectorPort), "--persist-to", persist, "--show-interactive-dev-session=false", "--log-level", "warn", ...devLinkKeyArgs(persist), ...Object.entries(opts.vars ?? {}).flatMap(([k, v]) => ["--var", `${k}:${v}`])],
    { cwd: root, env, stdio: ["ignore", "pipe", "pipe"], detached: true },
  );
  let output = "";
  proc.stdout!.on("data", (d) => (output += d));
  proc.stderr!.on("data", (d) => (output += d));
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    await stopGroup(proc, 2000);
    rmSync(persist, { recursive: true, force: true });
  };
  try {
    await waitFor(`${url}/api/health`, proc, () => output);
  } catch (e) {
    await stop();
    throw e;
  }
  return { url, stop };
}
