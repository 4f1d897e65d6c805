// `npm start` as a newcomer runs it (scripts/start.mjs, without its build: the project's global
// setup has built web/dist): its printed address sends the client's files compressed as
// Cloudflare's edge does (brotli or gzip, by Accept-Encoding; wrangler dev does it itself), and a
// table created and opened there goes live over its socket.
import { spawn, type ChildProcess } from "node:child_process";
import { get, type IncomingHttpHeaders } from "node:http";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, expect, it } from "vitest";
import { useServerAndBrowser } from "./setup";
import { freePort, stopGroup } from "./server";

const env = useServerAndBrowser();
const root = fileURLToPath(new URL("../..", import.meta.url));
const dist = join(root, "web", "dist");
const state = mkdtempSync(join(tmpdir(), "muli-start-"));
let proc: ChildProcess;
let output = "";
let url = "";

beforeAll(async () => {
  const port = await freePort();
  proc = spawn(process.execPath, ["scripts/start.mjs", "--no-build"], {
    cwd: root,
    env: { ...process.env, PORT: String(port), MULI_STATE_DIR: state, NO_COLOR: "1" },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  proc.stdout!.on("data", (d) => (output += d));
  proc.stderr!.on("data", (d) => (output += d));
  const until = Date.now() + 280_000;
  while (!/ready on (http:\/\/\S+)/.test(output)) {
    if (proc.exitCode !== null) throw new Error(`npm start ended (${proc.exitCode}):\n${output}`);
    if (Date.now() > until) throw new Error(`npm start said nothing of being ready:\n${output}`);
    await new Promise((r) => setTimeout(r, 300));
  }
  url = /ready on (http:\/\/\S+)/.exec(output)![1];
  expect(url).toBe(`http://localhost:${port}`);
  // Migrations and wrangler on two cores shared with other test runs: minutes, at worst.
}, 300_000);

afterAll(async () => {
  // The script, wrangler and workerd: the whole process group it was started in.
  await stopGroup(proc, 3000);
  rmSync(state, { recursive: true, force: true });
});

/** An answer's headers and its bytes as they came over the wire (fetch() would decompress them). */
const wire = (path: string, acceptEncoding: string) =>
  new Promise<{ headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const u = new URL(url + path);
    get({ host: u.hostname, port: u.port, path: u.pathname, headers: { "Accept-Encoding": acceptEncoding } }, (res) => {
      const parts: Buffer[] = [];
      res.on("data", (d: Buffer) => parts.push(d));
      res.on("end", () => resolve({ headers: res.headers, body: Buffer.concat(parts) }));
    }).on("error", reject);
  });

it("sends the client's files brotli- or gzip-encoded as asked, each decompressing to the built file", async () => {
  const html = readFileSync(join(dist, "index.html"), "utf8");
  const entry = /src="(\/assets\/[^"]+\.js)"/.exec(html)![1];
  const css = /href="(\/assets\/[^"]+\.css)"/.exec(html)?.[1];
  // "/" is the page itself (the static files answer /index.html with a redirect to it).
  for (const path of [entry, ...(css ? [css] : []), "/"]) {
    const file = readFileSync(join(dist, path === "/" ? "index.html" : path));
    const br = await wire(path, "br");
    expect(br.headers["content-encoding"], path).toBe("br");
    expect(br.body.length, path).toBeLessThan(file.length);
    expect(brotliDecompressSync(br.body).equals(file), path).toBe(true);

    const gz = await wire(path, "gzip");
    expect(gz.headers["content-encoding"], path).toBe("gzip");
    expect(gz.body.length, path).toBeLessThan(file.length);
    expect(gunzipSync(gz.body).equals(file), path).toBe(true);

    const plain = await wire(path, "identity");
    expect(plain.headers["content-encoding"], path).toBeUndefined();
    expect(plain.body.equals(file), path).toBe(true);
  }
});

it("opens a table from its address: a write from the page's own origin is accepted, and the table goes live", async () => {
  const res = await fetch(`${url}/api/tables`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: url, "Accept-Encoding": "gzip" },
    body: JSON.stringify({ rules: { preset: "standard", players: 3 }, seats: [{ name: "Anna" }, { name: "Resi", bot: "easy" }, { name: "Ferdl", bot: "easy" }] }),
  });
  expect(res.status, await res.clone().text()).toBeLessThan(300);
  const t = (await res.json()) as { seats: { link: string | null }[] };
  const link = t.seats[0].link!;
  expect(link.startsWith(`${url}/t/`), link).toBe(true);
  const page = await env.page({ locale: "de-AT" });
  await page.goto(link);
  await page.locator(".table").waitFor();
  await page.locator(".link-status[data-status=live]").waitFor();
  expect(env.problems).toEqual([]);
});
