// The Worker's bindings (wrangler.toml). Shared by the API and the table Durable Object.
import type { TableRoom } from "../table/room";
import type { NotifyEnv } from "../notify/env";

export interface Env extends NotifyEnv {
  DB: D1Database;
  TABLES: DurableObjectNamespace<TableRoom>;
  /** Requests per seat token. */
  RL_TOKEN: RateLimit;
  /** Requests per client address (CF-Connecting-IP). */
  RL_ADDRESS: RateLimit;
  /** Finished games' records (muli-record/1), archived out of D1 (worker/table/archive.ts). */
  RECORDS: R2Bucket;
  /** The built client (web/dist), with SPA fallback. */
  ASSETS?: Fetcher;
}
