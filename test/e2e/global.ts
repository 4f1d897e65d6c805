// Once for the whole browser project (vitest globalSetup): build the client, start one local
// server (test/e2e/server.ts) and one Chromium that every test file connects to. A file gets
// fresh browser contexts of its own (test/e2e/setup.ts); tables, players and leagues have random
// ids, so files need no store of their own. Before, each file did all this itself: about 25 s
// each (../shared/findings/code-review.md §4).
import type { TestProject } from "vitest/node";
import { launchBrowserServer } from "./browser";
import { startServer } from "./server";

declare module "vitest" {
  export interface ProvidedContext {
    /** The local server's address, e.g. http://127.0.0.1:40123. */
    e2eUrl: string;
    /** Where test files connect to the shared Chromium (playwright's `chromium.connect`). */
    e2eBrowser: string;
  }
}

/**
 * Forced moves in the browser tests wait this fraction of the human-like pause the server draws
 * (worker/deadlines/answers.ts). The real pacing stays covered by test/correspondence/answers.test.ts
 * and test/api/deadlines.test.ts, whose server has no such setting.
 */
export const E2E_FORCED_MOVE_SCALE = 0.1;

export default async function setup(project: TestProject) {
  const server = await startServer({ vars: { FORCED_MOVE_SCALE: String(E2E_FORCED_MOVE_SCALE) } });
  let browser;
  try {
    browser = await launchBrowserServer();
  } catch (e) {
    await server.stop();
    throw e;
  }
  project.provide("e2eUrl", server.url);
  project.provide("e2eBrowser", browser.wsEndpoint());
  return async () => {
    await browser.close();
    await server.stop();
  };
}
