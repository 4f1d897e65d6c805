// The Worker's bindings (wrangler.toml). Shared by the API and the table Durable Object.
import type { TableRoom } from "../table/room";
import type { NotifyEnv } from "../notify/env";

export interface Env extends NotifyEnv {
  DB: D1Database;
  /** Which D1 binding holds each table's rows, by slot of its id (worker/db/placement.ts); unset = DB. */
  TABLE_DATABASES?: string;
  TABLES: DurableObjectNamespace<TableRoom>;
  /** Requests per seat token. */
  RL_TOKEN: RateLimit;
  /** Requests per client address (CF-Connecting-IP). */
  RL_ADDRESS: RateLimit;
  /** The built client (web/dist), with SPA fallback. */
  ASSETS?: Fetcher;
}
