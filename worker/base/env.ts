// The Worker's bindings (wrangler.toml, secrets), shared by every layer above this one. The table
// namespace is untyped here, so this layer imports nothing above it: `tableStub`
// (worker/table/stub.ts) is the one place that reaches a table's Durable Object with its type.
import type { NotifyMessage } from "./notify-messages";

/** Bindings and settings of notifications. All optional: without them a channel is unavailable. */
export interface NotifyEnv {
  /** The notification queue (producer); its consumer is this Worker's `queue` handler. */
  NOTIFY?: Queue<NotifyMessage>;
  /** Workers `send_email` binding. */
  EMAIL?: SendEmail;
  /** Sender address for e-mail (on a domain onboarded to Cloudflare's Email Service). */
  EMAIL_FROM?: string;
  /** VAPID keys (base64url: the raw 65-byte public key, the 32-byte private scalar) and contact. */
  VAPID_PUBLIC_KEY?: string;
  VAPID_PRIVATE_KEY?: string;
  VAPID_SUBJECT?: string;
  /** Key sealing seat links at rest (32 random bytes, base64url; a secret). */
  LINK_KEY?: string;
  /** Local development's key (scripts/dev-key.mjs), used only while LINK_KEY is not set. */
  LINK_KEY_DEV?: string;
  /**
   * The address players reach Muli at (`https://muli.club.example`): every link Muli hands out or
   * sends is built on it, never on the request's Host header. Unset: the request's own origin.
   */
  PUBLIC_ORIGIN?: string;
  /** "1" lets webhooks point at http:// and loopback addresses (local development and tests). */
  WEBHOOK_ALLOW_LOCAL?: string;
}

export interface Env extends NotifyEnv {
  DB: D1Database;
  /** Which D1 binding holds each table's rows, by slot of its id (worker/db/placement.ts); unset = DB. */
  TABLE_DATABASES?: string;
  /** One Durable Object per table (worker/table/room.ts), reached through `tableStub`. */
  TABLES: DurableObjectNamespace;
  /** One Durable Object per league that starts its rounds in slices (worker/leagues/round-room.ts); unset (a bench's Worker): the slices run in the request. */
  ROUNDS?: DurableObjectNamespace;
  /** Requests per seat token. */
  RL_TOKEN: RateLimit;
  /** Requests per client address (CF-Connecting-IP). */
  RL_ADDRESS: RateLimit;
  /** Further origins allowed to write (comma-separated), besides the request's own. */
  ALLOWED_ORIGINS?: string;
  /** Finished games' records (muli-record/1), archived out of D1 (worker/table/archive.ts). */
  RECORDS: R2Bucket;
  /** Bearer key of the operator's routes (/api/operator/*; a secret the deploy sets); unset = those routes are closed. */
  OPERATOR_KEY?: string;
  /** The operator's own channel (a webhook URL; a secret): told daily when deliveries keep failing (worker/operator/alert.ts). */
  OPERATOR_WEBHOOK?: string;
  /** The built client (web/dist), with SPA fallback. */
  ASSETS?: Fetcher;
}
