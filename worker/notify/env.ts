// Bindings and settings of notifications (wrangler.toml, secrets). All optional: without them the
// corresponding channel is simply unavailable.
import type { NotifyMessage } from "./messages";

export interface NotifyEnv {
  /** The notification queue (producer); its consumer is this Worker's `queue` handler. */
  NOTIFY?: Queue<NotifyMessage>;
  /** Workers `send_email` binding. */
  EMAIL?: SendEmail;
  /** Sender address for e-mail (on a domain with Email Routing). */
  EMAIL_FROM?: string;
  /** VAPID keys (base64url: the raw 65-byte public key, the 32-byte private scalar) and contact. */
  VAPID_PUBLIC_KEY?: string;
  VAPID_PRIVATE_KEY?: string;
  VAPID_SUBJECT?: string;
  /** Key sealing seat links at rest (32 random bytes, base64url; a secret). */
  LINK_KEY?: string;
  /** Local development's key (scripts/dev-key.mjs), used only while LINK_KEY is not set. */
  LINK_KEY_DEV?: string;
  /** "1" lets webhooks point at http:// and loopback addresses (local development and tests). */
  WEBHOOK_ALLOW_LOCAL?: string;
}
