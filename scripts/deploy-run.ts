// The one place the deploy runs a command. stdin is a pipe (never the terminal), so wrangler takes
// its non-interactive answers and no secret is typed or echoed; what a command prints is shown
// and also returned, so that the caller can read ids and the URL from it.
import { spawnSync } from "node:child_process";
import { join } from "node:path";

export interface Ran {
  ok: boolean;
  output: string;
}

export function runner(root: string, env: NodeJS.ProcessEnv) {
  const wranglerBin = join(root, "node_modules", ".bin", "wrangler");
  const quietEnv = { ...env, WRANGLER_SEND_METRICS: "false" };
  function run(cmd: string, args: string[], opts: { input?: string; quiet?: boolean } = {}): Ran {
    const r = spawnSync(cmd, args, { cwd: root, env: quietEnv, input: opts.input ?? "", encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
    const output = `${r.stdout ?? ""}${r.stderr ?? ""}`;
    if (!opts.quiet) process.stdout.write(output);
    return { ok: r.status === 0, output };
  }
  return {
    /** `wrangler ARGS`; `input` goes to its stdin (secrets), never to the screen. */
    wrangler: (args: string[], opts: { input?: string; quiet?: boolean } = {}) => run(wranglerBin, args, opts),
    npm: (args: string[]) => run("npm", args),
  };
}
