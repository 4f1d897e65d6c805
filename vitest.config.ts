import { randomBytes } from "node:crypto";
import { mkdirSync } from "node:fs";
import { defineConfig } from "vitest/config";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-pool-workers";
import { notifyTestBindings } from "./test/api/notify-env";
import LongestFirst from "./test/longest-first";

/**
 * Worker test files that need a runtime of their own: they spend a client address's requests
 * (the limit per address is 20 a minute here), fill something to its cap, leave the
 * notification queue busy with a channel that hangs for 20 s (deadlines, notify: in a shared
 * runtime the next file's messages waited behind it), count across the whole database
 * (operator), re-seal every link with keys they then remove (link-rotation), or drop every table
 * (upgrade). The others share one runtime and one D1 (ids are random; counts are per table,
 * player or league), which saves the 6–8 s a fresh runtime costs per file. A new file that
 * changes what other files see belongs here.
 */
const ISOLATED = [
  "test/api/limits.test.ts",
  "test/api/writes.test.ts",
  "test/api/league-guard.test.ts",
  "test/api/deadlines.test.ts",
  "test/api/notify.test.ts",
  "test/api/operator.test.ts",
  "test/api/link-rotation.test.ts",
  "test/api/upgrade.test.ts",
  "test/api/time-scale.test.ts",
];

/** More D1 databases and settings for a project (the split layout below); none: wrangler.toml's. */
interface Layout {
  d1Databases?: Record<string, string>;
  bindings?: Record<string, string>;
}

/**
 * The Worker in workerd with wrangler.toml's bindings; test/api/setup.ts applies the D1
 * migrations (read here, in Node) before each file's tests (applying is idempotent).
 */
function workerProject(name: string, test: { isolate: boolean; include: string[]; exclude?: string[] }, layout: Layout = {}) {
  return {
    plugins: [
      cloudflareTest(async () => {
        // wrangler.toml serves web/dist; the API tests need no client, only the folder.
        mkdirSync("./web/dist", { recursive: true });
        return {
          wrangler: { configPath: "./wrangler.toml" },
          miniflare: {
            // LINK_KEY_DEV: a fresh key per run (as npm start makes one per local state).
            bindings: { TEST_MIGRATIONS: await readD1Migrations("./migrations"), LINK_KEY_DEV: randomBytes(32).toString("base64url"), ...notifyTestBindings(), ...layout.bindings },
            ...(layout.d1Databases ? { d1Databases: layout.d1Databases } : {}),
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
    // 30 s a test unless it says more: several files play whole games over HTTP, which ran past
    // the default 5 s on two cores shared with the other projects.
    test: { name, ...test, testTimeout: 30_000, setupFiles: ["test/api/setup.ts"], globalSetup: ["test/api/receiver.global.ts"] },
  };
}

// The same Worker files with tables spread over two local D1 databases (`npm run
// test:worker:split`, README "Past one database"): the directory and slots 0-127 in DB, slots
// 128-255 in DB2; test/api/setup.ts migrates both. Every test must pass in both layouts.
const SPLIT: Layout = { d1Databases: { DB2: "muli-tables-2" }, bindings: { TABLE_DATABASES: "DB:0-127 DB2:128-255" } };
/** Files about the split itself: they need DB2, so only the split projects run them. */
const SPLIT_ONLY = ["test/api/second-database.test.ts", "test/api/slot-move.test.ts"];
const splitProjects = [
  workerProject("worker-split", { isolate: true, include: ["test/api/**/*.test.ts"], exclude: ISOLATED }, SPLIT),
  workerProject("worker-isolated-split", { isolate: true, include: ISOLATED }, SPLIT),
];

// Projects: the pure engine and other pure code in plain Node, the Worker inside workerd (the
// workers pool; one shared runtime and one per file for the few that need it), and browser tests
// that drive one Debian Chromium against one local server.
export default defineConfig({
  test: {
    // The longest browser files first (test/longest-first.ts).
    sequence: { sequencer: LongestFirst },
    projects: [
      {
        test: {
          name: "engine",
          environment: "node",
          // Property tests over random games take a second or two alone; beside the typecheck on
          // two busy cores they ran past vitest's default 5 s.
          testTimeout: 60_000,
          include: ["test/engine/**/*.test.ts", "test/db/**/*.test.ts", "test/scenarios/**/*.test.ts", "test/bots/**/*.test.ts", "test/leagues/**/*.test.ts", "test/correspondence/**/*.test.ts", "test/web/**/*.test.ts", "test/table/**/*.test.ts", "test/deploy/**/*.test.ts", "test/bench/**/*.test.ts"],
        },
      },
      // One shared runtime for these files (vitest's one worker on two cores, so one workerd and
      // one D1): about 3 CPU s a file instead of 12. It had stopped ending its run (twice, Dec 3)
      // while every finished game set off chains of analysis alarms; since the analysis starts only
      // when asked for (a2110ad), it ends (README "The whole suite").
      workerProject("worker", { isolate: false, include: ["test/api/**/*.test.ts"], exclude: [...ISOLATED, ...SPLIT_ONLY] }),
      workerProject("worker-isolated", { isolate: true, include: ISOLATED }),
      ...splitProjects,
      {
        test: {
          name: "soak",
          environment: "node",
          include: ["test/soak/**/*.test.ts"],
          testTimeout: 900_000,
        },
      },
      {
        test: {
          name: "e2e",
          environment: "node",
          include: ["test/e2e/**/*.test.ts"],
          // One server and one Chromium for every file (test/e2e/global.ts).
          globalSetup: ["test/e2e/global.ts"],
          testTimeout: 180_000,
          hookTimeout: 180_000,
          // Two files at a time: most of a browser test is waiting on sockets, pacing and polls.
          // E2E_FILES=1 runs them one after the other.
          fileParallelism: (process.env.E2E_FILES ?? "2") !== "1",
          maxWorkers: Number(process.env.E2E_FILES ?? 2),
          // A failing browser test runs once more (the report names it): a page on two busy cores.
          retry: 1,
        },
      },
    ],
  },
});
