// What every browser test file needs: a local server and one Chromium for the whole file, both
// stopped afterwards, and the create form filled for a person against one bot.
import { mkdirSync } from "node:fs";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { launchBrowser } from "./browser";
import { startServer, type TestServer } from "./server";

/** Starts the server and browser before the file's tests; read the fields inside a test. */
export function useServerAndBrowser(): { server: TestServer; browser: Browser } {
  const env = {} as { server: TestServer; browser: Browser };
  beforeAll(async () => {
    mkdirSync("test-results", { recursive: true });
    env.server = await startServer();
    env.browser = await launchBrowser();
  });
  afterAll(async () => {
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
