// What bench/room.ts and bench/cpu.ts share on Node's side: a bench Worker bundled once and served
// by `wrangler dev` (its own workerd process group), and workerd's CPU read from outside, from
// /proc (inside a request workerd's clocks stand still).
import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import workerdPackage from "workerd";

export const root = join(dirname(fileURLToPath(import.meta.url)), "..");
/** The workerd binary wrangler runs: the package's default export (a CommonJS module, which Node's ESM import gives whole). */
export const workerdBinary: string = typeof workerdPackage === "string" ? workerdPackage : workerdPackage.default;
const wrangler = join(root, "node_modules", ".bin", "wrangler");
const env = { ...process.env, WRANGLER_SEND_METRICS: "false", CLOUDFLARE_CF_FETCH_ENABLED: "false" };

export interface Served {
  base: string;
  /** The process group of wrangler and its workerd. */
  group: number;
  get: (path: string, init?: RequestInit) => Promise<string>;
  stop: () => void;
}

/**
 * Bundle `entry` (a path from the repository's root) once and serve it on `port` (bundled once, so
 * a source file changed meanwhile does not restart it mid-run). `config`: more wrangler.toml lines;
 * `before(configPath, stateDir)` runs before the server starts (e.g. D1 migrations); `v8Flags`:
 * V8 flags for its workerd (put into the config miniflare sends, by bench/workerd-v8-flags.sh).
 */
export async function serve(name: string, entry: string, port: number, config = "", before?: (configPath: string, state: string) => void, v8Flags: string[] = []): Promise<Served> {
  // One directory per port: two runs side by side (another BENCH_PORT) must not rebuild each other's bundle or database.
  const work = join(root, ".wrangler", `${name}-${port}`);
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  const state = join(work, "state");
  const path = join(work, "wrangler.toml");
  const toml = (main: string) => `name = "muli-${name}"\nmain = "${main}"\ncompatibility_date = "2026-04-20"\ncompatibility_flags = ["nodejs_compat"]\n${config}\n`;
  writeFileSync(path, toml(relative(work, join(root, entry))));
  const b = spawnSync(wrangler, ["deploy", "--dry-run", "--outdir", join(work, "dist"), "-c", path], { cwd: root, env, encoding: "utf8" });
  if (b.status !== 0) throw new Error(`bundling failed:\n${b.stdout}\n${b.stderr}`);
  writeFileSync(path, `no_bundle = true\n${toml(`dist/${entry.split("/").pop()!.replace(/\.ts$/, ".js")}`)}`);
  before?.(path, state);
  const flagged = v8Flags.length ? { MINIFLARE_WORKERD_PATH: join(root, "bench", "workerd-v8-flags.sh"), BENCH_WORKERD: workerdBinary, WORKERD_V8_FLAGS: v8Flags.join(" ") } : {};
  const dev = spawn(wrangler, ["dev", "-c", path, "--port", String(port), "--ip", "127.0.0.1", "--persist-to", state, "--show-interactive-dev-session=false", "--log-level", "none"], { cwd: root, env: { ...env, ...flagged }, detached: true, stdio: "ignore" });
  const stop = () => {
    try {
      process.kill(-dev.pid!, "SIGTERM");
    } catch {
      // gone already
    }
  };
  process.on("exit", stop);
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(base)).ok) break;
    } catch {
      if (i > 480) throw new Error(`the bench Worker ${name} did not come up`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  const get = async (p: string, init?: RequestInit) => {
    const res = await fetch(base + p, init);
    const text = await res.text();
    if (!res.ok) throw new Error(`${p}: ${res.status} ${text}`);
    return text;
  };
  return { base, group: dev.pid!, get, stop };
}

/** `wrangler d1 migrations apply` on the local state (for `serve`'s `before`). */
export function migrate(configPath: string, state: string) {
  const m = spawnSync(wrangler, ["d1", "migrations", "apply", "DB", "--local", "-c", configPath, "--persist-to", state], { cwd: root, env, encoding: "utf8" });
  if (m.status !== 0) throw new Error(`migrations failed:\n${m.stdout}\n${m.stderr}`);
}

/** Each workerd process of process group `group`, as [pid, its /proc/<pid>/stat fields after the name]. */
function workerdProcesses(group: number): [string, string[]][] {
  const out: [string, string[]][] = [];
  for (const pid of readdirSync("/proc").filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (Number(f[2]) === group && stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")")).startsWith("workerd")) out.push([pid, f]);
    } catch {
      // gone meanwhile
    }
  }
  return out;
}

/** CPU µs used so far by all workerd processes of process group `group` (10 ms ticks). */
export function workerdCpuUs(group: number): number {
  let ticks = 0;
  for (const [, f] of workerdProcesses(group)) ticks += Number(f[11]) + Number(f[12]); // utime, stime
  return ticks * 10_000; // USER_HZ = 100
}

/** CPU ns so far of each thread of the workerd processes of `group`, by "pid/tid" (the scheduler's ns counter). */
function threadsNs(group: number): Map<string, number> {
  const out = new Map<string, number>();
  for (const [pid] of workerdProcesses(group)) {
    try {
      for (const tid of readdirSync(`/proc/${pid}/task`)) out.set(`${pid}/${tid}`, Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, "utf8").split(" ")[0]));
    } catch {
      // gone meanwhile
    }
  }
  return out;
}

/**
 * The CPU ns counter of the one workerd thread that runs the Worker's code: the thread that gets
 * busy while `spin()` (a request that spins) runs.
 */
export async function workerThreadNs(group: number, spin: () => Promise<unknown>): Promise<() => number> {
  const t0 = threadsNs(group);
  await spin();
  const t1 = threadsNs(group);
  const thread = [...t1].sort((a, b) => b[1] - (t0.get(b[0]) ?? 0) - (a[1] - (t0.get(a[0]) ?? 0)))[0][0];
  const file = `/proc/${thread.replace("/", "/task/")}/schedstat`;
  return () => Number(readFileSync(file, "utf8").split(" ")[0]);
}

/** The `p` quantile of `xs`. */
export const quantile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(p * s.length))];
};
