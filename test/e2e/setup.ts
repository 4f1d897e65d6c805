// What every browser test file needs: the one local server and Chromium of the whole project
// (started by test/e2e/global.ts), pages in browser contexts of their own whose errors are
// collected, and the create form filled for a person against one bot. Every test closes what it
// opens: the contexts a test made (through `page()` or `browser.newContext()`) are closed after it,
// and each test starts with an empty `problems` list, so a page left polling cannot fail the next.
import { mkdirSync } from "node:fs";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, beforeEach, expect, inject } from "vitest";
import { LIVE_PRIOR_MS } from "../../worker/deadlines/answers";
import type { TestServer } from "./server";

export interface PageOptions {
  locale: string;
  /** The viewport's width: a 360 px phone unless told (a wider one is 900 px high). */
  width?: number;
  /** localStorage entries set before the page's own scripts run (values stored as JSON). */
  storage?: Record<string, unknown>;
  /** How long an action or wait may take. CI runs every project at once on two cores: patient, not flaky. */
  timeout?: number;
  /** Count console errors as problems too (page errors always are). */
  consoleErrors?: boolean;
  /** The browser's time zone (the machine's unless told). */
  timezoneId?: string;
}

export interface BrowserEnv {
  /** The shared server (its `stop` does nothing here: the project's global setup stops it). */
  server: TestServer;
  /** The shared Chromium; contexts made in a test are closed after that test. */
  browser: Browser;
  /** What went wrong in the current test's pages ("page 2 pageerror: …"); tests expect it empty. */
  problems: string[];
  /** A page in a browser context of its own (its own storage: another person's device). */
  page(options: PageOptions): Promise<Page>;
  /**
   * The API as another program would call it: GET without a body, POST with one (or `method`);
   * a 2xx answer's JSON, else the test fails with the answer. Told to slow down (429), it waits.
   */
  api<T>(path: string, body?: unknown, key?: string, method?: string): Promise<T>;
}

/** Connects to the shared server and browser before the file's tests; read the fields inside a test. */
export function useServerAndBrowser(): BrowserEnv {
  // Contexts made outside a test (in a beforeAll) live until the file ends.
  const fileContexts: BrowserContext[] = [];
  let testContexts: BrowserContext[] | null = null;
  let pages = 0;
  const env = {
    problems: [] as string[],
    async page(o: PageOptions): Promise<Page> {
      const width = o.width ?? 360;
      const ctx = await env.browser.newContext({ locale: o.locale, timezoneId: o.timezoneId, viewport: { width, height: width < 500 ? 740 : 900 }, baseURL: env.server.url });
      ctx.setDefaultTimeout(o.timeout ?? 60_000);
      if (o.storage) await ctx.addInitScript((entries) => entries.forEach(([k, v]) => localStorage.setItem(k, v)), Object.entries(o.storage).map(([k, v]) => [k, JSON.stringify(v)] as const));
      const page = await ctx.newPage();
      const who = `page ${++pages}`;
      page.on("pageerror", (e) => env.problems.push(`${who} pageerror: ${e.message}`));
      if (o.consoleErrors !== false)
        page.on("console", (m) => {
          if (m.type() === "error") env.problems.push(`${who} console: ${m.text()}`);
        });
      return page;
    },
    async api<T>(path: string, body?: unknown, key?: string, method?: string): Promise<T> {
      const send = () =>
        fetch(env.server.url + path, {
          method: method ?? (body === undefined ? "GET" : "POST"),
          headers: { "Content-Type": "application/json", ...(key ? { Authorization: `Bearer ${key}` } : {}) },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
      let res = await send();
      for (let i = 0; res.status === 429 && i < 30; i++) {
        await new Promise((r) => setTimeout(r, 1000 * Number(res.headers.get("Retry-After") ?? 1)));
        res = await send();
      }
      expect(res.status, `${path}: ${await res.clone().text()}`).toBeLessThan(300);
      return (await res.json()) as T;
    },
  } as BrowserEnv;
  const closeAll = async (contexts: BrowserContext[]) => {
    for (const c of contexts.splice(0)) await c.close().catch(() => {});
  };
  beforeAll(async () => {
    mkdirSync("test-results", { recursive: true });
    env.server = { url: inject("e2eUrl"), stop: async () => {} };
    const browser = await chromium.connect(inject("e2eBrowser"));
    // Every context, however made, belongs to the test (or the file) that made it.
    const newContext = browser.newContext.bind(browser);
    browser.newContext = async (options) => {
      const ctx = await newContext(options);
      (testContexts ?? fileContexts).push(ctx);
      return ctx;
    };
    env.browser = browser;
  });
  beforeEach(() => {
    env.problems.length = 0;
    testContexts = [];
  });
  afterEach(async () => {
    const opened = testContexts ?? [];
    testContexts = null;
    await closeAll(opened);
  });
  afterAll(async () => {
    await closeAll(fileContexts);
    // A connected browser: this ends the connection, not the shared Chromium.
    await env.browser?.close();
  });
  return env;
}

/** Nothing may stick out sideways: the page is no wider than its viewport. */
export async function expectFits(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);
}

/**
 * How long the server may take to play a forced move while its seat looks on: a delay drawn like
 * the player's own answers, or, before they gave three, from LIVE_PRIOR_MS stretched by up to 15 %.
 */
export const FORCED_MOVE_WAIT = { timeout: Math.max(...LIVE_PRIOR_MS) * 1.15 + 10_000 };

/** The version of the view the page shows. */
export const version = (page: Page) => page.locator(".table").getAttribute("data-version");

/**
 * Whether the page's turn is a forced move, which the server plays itself (every opened seat has a
 * player, whose forced moves are auto-played after a human-like pause): one playable card, or one
 * button and nothing to select.
 */
export async function forcedMove(page: Page): Promise<boolean> {
  const playable = await page.locator(".hand[data-mode=play] .card-button.playable").count();
  const buttons = await page.locator(".prompt button[data-action]:not([disabled])").count();
  return playable === 1 || (playable === 0 && buttons === 1 && (await page.locator(".hand[data-mode=select]").count()) === 0);
}

/** If the page's turn is a forced move, wait until the server has played it; whether it was one. */
export async function waitOutForcedMove(page: Page): Promise<boolean> {
  const before = await version(page);
  if (!(await forcedMove(page))) return false;
  await expect.poll(() => version(page), FORCED_MOVE_WAIT).not.toBe(before);
  return true;
}

/** The create form for two players: Anna, and Muli as an easy bot (not submitted). */
export async function fillTwoSeatBotForm(page: Page): Promise<void> {
  await page.goto("/new");
  await page.locator('select[name="players"]').selectOption("2");
  await page.locator('input[name="seat0"]').fill("Anna");
  await page.locator('input[name="seat1"]').fill("Muli");
  await page.locator('select[name="bot1"]').selectOption("easy");
}
