// The real local server for the season soak: `wrangler dev` on a fresh local state (D1, Durable
// Objects, queues, alarms), game time compressed by DEV_TIME_SCALE / DEV_TIME_ORIGIN
// (worker/base/clock.ts). Its process group can be killed at any moment and started again on the
// same state, as bench/counts.mjs starts it (bundled once, so a source change cannot restart it).
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";
import { devLinkKeyArgs } from "../dev-key.mjs";

export const freePort = (): Promise<number> =>
  new Promise((resolve) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export class SoakServer {
  readonly base: string;
  private child: ChildProcess | null = null;
  private readonly config: string;
  private readonly state: string;
  private readonly wrangler: string;
  private readonly env = { ...process.env, WRANGLER_SEND_METRICS: "false", CLOUDFLARE_CF_FETCH_ENABLED: "false" };
  /** Real ms the server was down, summed over restarts. */
  downMs = 0;
  /** When (real ms) the server last came up. */
  upSince = 0;
  private killedAt = 0;

  /** Whether the server is down or starting again (a request may already be answered before `start` sees it up). */
  get restarting(): boolean {
    return this.killedAt !== 0;
  }

  constructor(
    private readonly root: string,
    private readonly work: string,
    private readonly port: number,
    readonly scale: number,
    readonly origin: number,
  ) {
    this.base = `http://127.0.0.1:${port}`;
    this.config = join(work, "wrangler.toml");
    this.state = join(work, "state");
    this.wrangler = join(root, "node_modules", ".bin", "wrangler");
  }

  /** A fresh state, the Worker bundled once, the migrations applied. */
  prepare(): void {
    rmSync(this.work, { recursive: true, force: true });
    mkdirSync(this.work, { recursive: true });
    mkdirSync(join(this.root, "web", "dist"), { recursive: true });
    const rel = (p: string) => join(this.root, p);
    const toml = readFileSync(rel("wrangler.toml"), "utf8")
      .replace(/^main = "(.*)"$/m, (_, p) => `main = "${rel(p)}"`)
      .replace(/^directory = "\.\/(.*)"$/m, (_, p) => `directory = "${rel(p)}"`)
      .replace(/^migrations_dir = "(.*)"$/m, (_, p) => `migrations_dir = "${rel(p)}"`)
      // Two dozen members from one address: the per-address limit would refuse the soak itself.
      .replace(/simple = \{ limit = \d+, period = (\d+) \}/g, "simple = { limit = 1000000, period = $1 }");
    writeFileSync(this.config, toml);
    const b = spawnSync(this.wrangler, ["deploy", "--dry-run", "--outdir", join(this.work, "dist"), "-c", this.config], { cwd: this.root, env: this.env, stdio: ["ignore", "pipe", "pipe"] });
    if (b.status !== 0) throw new Error(`bundling failed:\n${b.stdout}\n${b.stderr}`);
    writeFileSync(this.config, `no_bundle = true\n${toml.replace(/^main = "(.*)"$/m, `main = "dist/index.js"`)}`);
    const m = spawnSync(this.wrangler, ["d1", "migrations", "apply", "DB", "--local", "-c", this.config, "--persist-to", this.state], { cwd: this.root, env: this.env, stdio: ["ignore", "pipe", "pipe"] });
    if (m.status !== 0) throw new Error(`migrations failed:\n${m.stderr}`);
  }

  async start(): Promise<void> {
    const vars = ["--var", `DEV_TIME_SCALE:${this.scale}`, "--var", `DEV_TIME_ORIGIN:${this.origin}`, "--var", "WEBHOOK_ALLOW_LOCAL:1", "--var", "EMAIL_FROM:soak@muli.invalid", ...devLinkKeyArgs(this.state)];
    const log = process.env.SOAK_LOG;
    const out = openSync(join(this.work, "wrangler.log"), "a");
    this.child = spawn(this.wrangler, ["dev", "-c", this.config, "--port", String(this.port), "--ip", "127.0.0.1", "--persist-to", this.state, "--show-interactive-dev-session=false", "--inspector-port", String(await freePort()), ...vars, "--log-level", log ? "log" : "warn"], {
      cwd: this.root,
      env: this.env,
      stdio: ["ignore", log ? "inherit" : out, log ? "inherit" : out],
      detached: true,
    });
    const child = this.child;
    let exited: number | string | null = null;
    child.on("exit", (code, signal) => (exited = code ?? signal));
    for (let i = 0; i < 1200 && exited === null; i++) {
      try {
        await fetch(`${this.base}/api/health`, { signal: AbortSignal.timeout(2000) });
        this.upSince = Date.now();
        if (this.killedAt) this.downMs += this.upSince - this.killedAt;
        this.killedAt = 0;
        return;
      } catch {
        // not up yet
      }
      await sleep(250);
    }
    const tail = readFileSync(join(this.work, "wrangler.log"), "utf8").split("\n").slice(-30).join("\n");
    throw new Error(`wrangler dev did not come up (${exited === null ? "no answer" : `it exited: ${exited}`}):\n${tail}`);
  }

  /** SIGKILL to the whole process group (wrangler, workerd): no chance to finish anything. */
  kill(): void {
    const pid = this.child?.pid;
    this.child = null;
    this.killedAt = Date.now();
    if (pid === undefined) return;
    try {
      process.kill(-pid, "SIGKILL");
    } catch {
      // gone already
    }
  }

  stop(): void {
    this.kill();
  }

  /** Game time now, as the server's clock computes it. */
  now(): number {
    return Math.floor(this.origin + (Date.now() - this.origin) * this.scale);
  }

  /** A game duration in real ms. */
  real(gameMs: number): number {
    return gameMs / this.scale;
  }
}
