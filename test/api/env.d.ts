// Bindings as the tests see them: the Worker's plus the migrations read by vitest.config.ts.
import type { D1Migration } from "cloudflare:test";
import type { Env } from "../../worker/api/env";

declare global {
  namespace Cloudflare {
    interface Env extends import("../../worker/api/env").Env {
      TEST_MIGRATIONS: D1Migration[];
    }
  }
}
export type { Env };
