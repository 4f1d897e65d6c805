// What every browser test file needs: a local server and one Chromium for the whole file, both
// stopped afterwards; pages in contexts of their own whose errors are collected; and the create
// form filled for a person against one bot.
import { mkdirSync } from "node:fs";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
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
}

export interface BrowserEnv {
  server: TestServer;
  browser: Browser;
  /** What went wrong in any page of the file ("page 2 pageerror: …"); tests expect it empty. */
  problems: string[];
  /** A page in a browser context of its own (its own storage: another person's device). */
  page(options: PageOptions): Promise<Page>;
}

/** Starts the server and browser before the file's tests; read the fields inside a test. */
export function useServerAndBrowser(): BrowserEnv {
  const contexts: BrowserContext[] = [];
  const env = {
    problems: [] as string[],
    async page(o: PageOptions): Promise<Page> {
      const width = o.width ?? 360;
      const ctx = await env.browser.newContext({ locale: o.locale, viewport: { width, height: width < 500 ? 740 : 900 }, baseURL: env.server.url });
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

/** The create form for two players: Anna, and Muli as an easy bot (not submitted). */
export async function fillTwoSeatBotForm(page: Page): Promise<void> {
  await page.goto("/new");
  await page.locator('select[name="players"]').selectOption("2");
  await page.locator('input[name="seat0"]').fill("Anna");
  await page.locator('input[name="seat1"]').fill("Muli");
  await page.locator('select[name="bot1"]').selectOption("easy");
}
