import { randomBytes } from "node:crypto";
import { mkdirSync } from "node:fs";
import { defineConfig } from "vitest/config";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-pool-workers";
import { notifyTestBindings } from "./test/api/notify-env";

// Three projects: the pure engine in plain Node, the Worker inside workerd (the workers pool),
// and browser tests that drive Debian's Chromium against a local server.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "engine",
          environment: "node",
          include: ["test/engine/**/*.test.ts", "test/db/**/*.test.ts", "test/scenarios/**/*.test.ts", "test/bots/**/*.test.ts", "test/leagues/**/*.test.ts", "test/correspondence/**/*.test.ts"],
        },
      },
      {
        // The Worker in workerd with wrangler.toml's bindings; test/api/setup.ts applies the D1
        // migrations (read here, in Node) before the tests run.
        plugins: [
          cloudflareTest(async () => {
            // wrangler.toml serves web/dist; the API tests need no client, only the folder.
            mkdirSync("./web/dist", { recursive: true });
            return {
              wrangler: { configPath: "./wrangler.toml" },
              miniflare: {
                // LINK_KEY_DEV: a fresh key per run (as npm start makes one per local state).
                bindings: { TEST_MIGRATIONS: await readD1Migrations("./migrations"), LINK_KEY_DEV: randomBytes(32).toString("base64url"), ...notifyTestBindings() },
                // Tests play fast: no limit per token; a small one per address to test the 429.
                ratelimits: {
                  RL_TOKEN: { simple: { limit: 1_000_000, period: 60 } },
                  RL_ADDRESS: { simple: { limit: 20, period: 60 } },
                },
              },
            };
          }),
        ],
        // No retry: the pool's requests slowed with each one made (patches/, README "Tests"), which
        // was the last cause of a test that failed now and then.
        test: { name: "worker", include: ["test/api/**/*.test.ts"], setupFiles: ["test/api/setup.ts"], globalSetup: ["test/api/receiver.global.ts"] },
      },
      {
        test: {
          name: "e2e",
          environment: "node",
          include: ["test/e2e/**/*.test.ts"],
          testTimeout: 180_000,
          hookTimeout: 180_000,
          fileParallelism: false,
          // A failing browser test runs once more (the report names it): a page on two busy cores.
          retry: 1,
        },
      },
    ],
  },
});
