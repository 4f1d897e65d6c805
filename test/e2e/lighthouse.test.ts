// How the table page loads, as Lighthouse 12 (mobile profile, simulated throttling) judges it on a
// table in play, served by the local wrangler dev (which compresses like Cloudflare's edge: brotli
// or gzip by Accept-Encoding, test/e2e/start.test.ts), in Debian's Chromium. It prints each run's
// scores and diagnostics and the median of three runs against issue 31's goals (performance ≥ 95,
// CLS ≤ 0.05, TBT ≤ 200 ms). It asserts what the machine's speed does not change: initial JavaScript ≤ 45 KB gzipped, accessibility and
// best practices 100 and the SEO basics in every run.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import lighthouse from "lighthouse";
import { chromium } from "playwright-core";
import { expect, it } from "vitest";
import { useServerAndBrowser } from "./setup";
import { freePort } from "./server";

const env = useServerAndBrowser();
const dist = fileURLToPath(new URL("../../web/dist", import.meta.url));

/** The JavaScript the table page loads before anything else: the entry and its preloaded imports, gzipped. */
function initialJs(): { files: number; gzipKb: number } {
  const html = readFileSync(join(dist, "index.html"), "utf8");
  const paths = [...html.matchAll(/(?:src|href)="(\/[^"]+\.js)"/g)].map((m) => m[1]);
  const gz = paths.reduce((n, p) => n + gzipSync(readFileSync(join(dist, p)), { level: 9 }).length, 0);
  return { files: paths.length, gzipKb: Math.round((gz / 1024) * 10) / 10 };
}

type View = { version: number; legal: { type: string }[] };

/**
 * A table in play as a person opens it from "your turn": the deck cut (the page would cut at once
 * by itself, and the deal it starts would change the page under Lighthouse) and the bots' moves
 * made, so that the load is measured, not the game going on.
 */
async function untilAnnasTurn(id: string, token: string): Promise<void> {
  const auth = { Authorization: `Bearer ${token}` };
  for (let i = 0; i < 240; i++) {
    const v = (await (await fetch(`${env.server.url}/api/tables/${id}`, { headers: auth })).json()) as View;
    if (v.legal.some((a) => a.type === "cut"))
      await fetch(`${env.server.url}/api/tables/${id}/actions`, { method: "POST", headers: { ...auth, "Content-Type": "application/json" }, body: JSON.stringify({ version: v.version, action: { type: "cut", value: 17 } }) });
    else if (v.legal.length > 0) return;
    else await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error("the bots did not hand the turn to Anna within a minute");
}

interface Figures {
  run: number;
  benchmarkIndex: number;
  phoneSlowdown: number;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  cls: number;
  tbtMs: number;
  lcpMs: number;
  fcpMs: number;
  initialJsGzipKb: number;
  initialJsFiles: number;
}

type Audit = { details?: { items?: Record<string, unknown>[] } };

/** Where the time and the shifts went: the main thread by kind of work, scripts by file, the long tasks, what moved. */
function diagnostics(lhr: { audits: Record<string, unknown> }) {
  const items = (a: string) => (lhr.audits[a] as Audit | undefined)?.details?.items ?? [];
  const ms = (n: unknown) => Math.round(Number(n));
  const file = (u: unknown) => String(u).replace(/^https?:\/\/[^/]+/, "");
  return {
    mainThread: Object.fromEntries(items("mainthread-work-breakdown").map((x) => [x.group, ms(x.duration)])),
    scripts: items("bootup-time").map((x) => ({ file: file(x.url), total: ms(x.total), scripting: ms(x.scripting) })),
    longTasks: items("long-tasks").map((x) => ({ file: file(x.url), start: ms(x.startTime), ms: ms(x.duration) })),
    shifts: items("layout-shifts").map((x) => ({ score: Math.round(Number(x.score) * 1000) / 1000, node: (x.node as { selector?: string } | undefined)?.selector })),
  };
}

it("prints Lighthouse's mobile scores for a table in play (median of three runs)", async () => {
  const port = await freePort();
  const chrome = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", `--remote-debugging-port=${port}`],
  });
  try {
    const t = await env.api<{ id: string; seats: { link: string | null; token: string | null }[] }>("/api/tables", { rules: { preset: "standard", players: 3 }, seats: [{ name: "Anna" }, { name: "Resi", bot: "easy" }, { name: "Ferdl", bot: "easy" }] });
    const link = t.seats[0].link!;
    await untilAnnasTurn(t.id, t.seats[0].token!);
    // Compressed as the edge would: the entry script comes gzip- or brotli-encoded.
    const entry = /src="(\/assets\/[^"]+\.js)"/.exec(readFileSync(join(dist, "index.html"), "utf8"))![1];
    const head = await fetch(env.server.url + entry, { headers: { "Accept-Encoding": "br, gzip" } });
    expect(head.headers.get("content-encoding")).toMatch(/^(br|gzip)$/);
    const robots = await (await fetch(`${env.server.url}/robots.txt`)).text();
    expect(robots).toMatch(/^User-agent: \*/m);

    // Lighthouse's mobile profile slows the CPU 4× from what it observes, whatever the machine: on
    // this shared 2-core machine its speed changes with the neighbours' load, so each run prints
    // Lighthouse's benchmark index too, and the slowdown that would bring it to the profile's phone
    // (a Moto G Power, index 264, as Chrome DevTools calibrates: 4× is that phone only at ~1 060).
    const PHONE_INDEX = 264;
    const RUNS = 3;
    const js = initialJs();
    const all: Figures[] = [];
    for (let i = 0; i < RUNS; i++) {
      const r = await lighthouse(link, { port, output: "json", logLevel: "error", onlyCategories: ["performance", "accessibility", "best-practices", "seo"] });
      const lhr = r!.lhr;
      const score = (c: string) => Math.round((lhr.categories[c]?.score ?? 0) * 100);
      const num = (a: string) => lhr.audits[a]?.numericValue ?? NaN;
      const figures: Figures = {
        run: i + 1,
        benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
        phoneSlowdown: Math.round((lhr.environment.benchmarkIndex / PHONE_INDEX) * 10) / 10,
        performance: score("performance"),
        accessibility: score("accessibility"),
        bestPractices: score("best-practices"),
        seo: score("seo"),
        cls: Math.round(num("cumulative-layout-shift") * 1000) / 1000,
        tbtMs: Math.round(num("total-blocking-time")),
        lcpMs: Math.round(num("largest-contentful-paint")),
        fcpMs: Math.round(num("first-contentful-paint")),
        initialJsGzipKb: js.gzipKb,
        initialJsFiles: js.files,
      };
      all.push(figures);
      console.log(`[lighthouse] ${JSON.stringify(figures)}`);
      console.log(`[lighthouse] run ${i + 1} diagnostics ${JSON.stringify(diagnostics(lhr))}`);
      writeFileSync(`test-results/lighthouse-${i + 1}.json`, JSON.stringify(lhr));
      // What a fast or slow machine does not change: these stay whole in every run.
      expect(figures.accessibility).toBe(100);
      expect(figures.bestPractices).toBe(100);
      expect(lhr.audits["meta-description"]?.score).toBe(1);
      expect(lhr.audits["robots-txt"]?.score ?? 1).toBe(1);
    }
    // The goals (issue 31), on the median of the runs.
    const median = (k: "performance" | "cls" | "tbtMs" | "lcpMs" | "fcpMs") => {
      const xs = all.map((f) => f[k]).sort((x, y) => x - y);
      return xs.length % 2 ? xs[(xs.length - 1) / 2] : (xs[xs.length / 2 - 1] + xs[xs.length / 2]) / 2;
    };
    const medians = { performance: median("performance"), cls: median("cls"), tbtMs: median("tbtMs"), lcpMs: median("lcpMs"), fcpMs: median("fcpMs") };
    const goals = { performance: medians.performance >= 95, cls: medians.cls <= 0.05, tbt: medians.tbtMs <= 200 };
    console.log(`[lighthouse] median of ${RUNS} runs ${JSON.stringify(medians)}; goals met ${JSON.stringify(goals)}`);
    // Held: the size, which the machine does not change. Performance, CLS and TBT are printed and
    // judged against the goals above, not asserted: on the shared 2-core machine the benchmark index
    // moved between 267 and 2 261 within an hour (README "The table page's load"), and a goal that
    // fails with the neighbours' load would be a timed test. On a quiet machine, LIGHTHOUSE_GOALS=1
    // holds the goals too.
    expect(js.gzipKb).toBeLessThanOrEqual(45);
    if (process.env.LIGHTHOUSE_GOALS) expect(goals).toEqual({ performance: true, cls: true, tbt: true });
  } finally {
    await chrome.close();
  }
  expect(env.problems).toEqual([]);
});
