// Bindings as the tests see them: the Worker's plus the migrations read by vitest.config.ts.
import type { D1Migration } from "cloudflare:test";
import type { Env as WorkerEnv } from "../../worker/base/env";

declare global {
  namespace Cloudflare {
    interface Env extends WorkerEnv {
      TEST_MIGRATIONS: D1Migration[];
      /** The second tables' database of the split layout (vitest.config.ts); absent otherwise. */
      DB2?: D1Database;
    }
  }
}
