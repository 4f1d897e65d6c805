// What every browser test file needs: a local server and one Chromium for the whole file, both
// stopped afterwards; pages in contexts of their own whose errors are collected; and the create
// form filled for a person against one bot.
import { mkdirSync } from "node:fs";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, expect } from "vitest";
import { LIVE_PRIOR_MS } from "../../worker/deadlines/answers";
import { launchBrowser } from "./browser";
import { startServer, type TestServer } from "./server";

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
  server: TestServer;
  browser: Browser;
  /** What went wrong in any page of the file ("page 2 pageerror: …"); tests expect it empty. */
  problems: string[];
  /** A page in a browser context of its own (its own storage: another person's device). */
  page(options: PageOptions): Promise<Page>;
  /**
   * The API as another program would call it: GET without a body, POST with one (or `method`);
   * a 2xx answer's JSON, else the test fails with the answer. Told to slow down (429), it waits.
   */
  api<T>(path: string, body?: unknown, key?: string, method?: string): Promise<T>;
}

/** Starts the server and browser before the file's tests; read the fields inside a test. */
export function useServerAndBrowser(): BrowserEnv {
  const contexts: BrowserContext[] = [];
  const env = {
    problems: [] as string[],
    async page(o: PageOptions): Promise<Page> {
      const width = o.width ?? 360;
      const ctx = await env.browser.newContext({ locale: o.locale, timezoneId: o.timezoneId, viewport: { width, height: width < 500 ? 740 : 900 }, baseURL: env.server.url });
      contexts.push(ctx);
      ctx.setDefaultTimeout(o.timeout ?? 60_000);
      if (o.storage) await ctx.addInitScript((entries) => entries.forEach(([k, v]) => localStorage.setItem(k, v)), Object.entries(o.storage).map(([k, v]) => [k, JSON.stringify(v)] as const));
      const page = await ctx.newPage();
      const who = `page ${contexts.length}`;
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
  beforeAll(async () => {
    mkdirSync("test-results", { recursive: true });
    env.server = await startServer();
    env.browser = await launchBrowser();
  });
  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => {});
    await env.browser?.close();
    await env.server?.stop();
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
