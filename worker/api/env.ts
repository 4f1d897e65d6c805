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
  /** Further origins allowed to write (comma-separated), besides the request's own. */
  ALLOWED_ORIGINS?: string;
  /** The built client (web/dist), with SPA fallback. */
  ASSETS?: Fetcher;
}
