// What a player may register as a channel, checked before anything is stored: a bad URL, a
// private address or a malformed push subscription is a 400, never a delivery that fails later.
import * as v from "valibot";
import type { NotifyEnv } from "../../base/env";

export const WEBHOOK_FORMATS = ["json", "ntfy", "discord"] as const;
export type WebhookFormat = (typeof WEBHOOK_FORMATS)[number];

export interface WebhookConfig {
  url: string;
  format: WebhookFormat;
  /** The signing secret, sealed (worker/base/link-crypto.ts); absent on channels made before signing. */
  secret?: string;
}
export interface EmailConfig {
  address: string;
}
export interface PushConfig {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

const b64url = /^[A-Za-z0-9_-]+={0,2}$/;
const bytesOf = (s: string): number => Math.floor((s.replace(/=+$/, "").length * 3) / 4);

export const ChannelSchema = v.variant("kind", [
  v.object({
    kind: v.literal("webhook"),
    url: v.pipe(v.string(), v.trim(), v.maxLength(500, "url: at most 500 characters."), v.url("url: not a URL.")),
    format: v.optional(v.picklist(WEBHOOK_FORMATS, "format: json, ntfy or discord."), "json"),
  }),
  v.object({
    kind: v.literal("email"),
    address: v.pipe(v.string(), v.trim(), v.maxLength(254), v.email("address: not an e-mail address.")),
  }),
  v.object({
    kind: v.literal("push"),
    subscription: v.object({
      endpoint: v.pipe(v.string(), v.maxLength(1000), v.url("endpoint: not a URL.")),
      keys: v.object({
        p256dh: v.pipe(v.string(), v.regex(b64url), v.check((s) => bytesOf(s) === 65, "a 65-byte P-256 public key is needed.")),
        auth: v.pipe(v.string(), v.regex(b64url), v.check((s) => bytesOf(s) === 16, "a 16-byte secret is needed.")),
      }),
    }),
  }),
]);

export type ChannelInput = v.InferOutput<typeof ChannelSchema>;

/** Suffixes that never name a public host (RFC 6761, RFC 8375, common private zones). */
const PRIVATE_SUFFIX = /(^|\.)(localhost|local|internal|intranet|lan|home|corp|private|test|invalid|example|onion|arpa|home\.arpa|localdomain)$/i;
/** A DNS name of two labels or more whose last label is a real-looking TLD (letters, or xn--). */
const PUBLIC_NAME = /^(?!-)[a-z0-9-]{1,63}(\.(?!-)[a-z0-9-]{1,63})*\.([a-z]{2,63}|xn--[a-z0-9-]{1,59})$/i;

/**
 * A URL we may POST to: https on port 443 to a public DNS name. No address literals at all (an
 * IPv4 in any spelling, IPv6), no single-label or special-use names, no other port. Names are not
 * resolved here: on Cloudflare the Worker's fetch leaves from Cloudflare's edge, which cannot
 * reach the operator's private network, and a name pointing at a private address fails there.
 * With WEBHOOK_ALLOW_LOCAL=1 (local development, tests) http and loopback are allowed.
 */
export function outboundUrlProblem(raw: string, env: NotifyEnv): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return "not a URL";
  }
  const local = env.WEBHOOK_ALLOW_LOCAL === "1";
  if (local && (url.protocol === "http:" || url.protocol === "https:") && !url.username && !url.password) return null;
  if (url.protocol !== "https:") return "must be an https:// URL";
  if (url.username || url.password) return "must not contain a user name or password";
  if (url.port !== "") return "must use the standard https port (443)";
  // The URL parser has already turned 2130706433, 0x7f.1 and friends into dotted form.
  const host = url.hostname.replace(/\.$/, "");
  if (!PUBLIC_NAME.test(host) || PRIVATE_SUFFIX.test(host)) return "must point to a public host";
  return null;
}

/** The config to store for a valid input, or the reason it cannot be used. */
export function channelConfig(input: ChannelInput, env: NotifyEnv): { ok: true; config: WebhookConfig | EmailConfig | PushConfig } | { ok: false; code: string; message: string } {
  switch (input.kind) {
    case "webhook": {
      const problem = outboundUrlProblem(input.url, env);
      if (problem) return { ok: false, code: "INVALID_CHANNEL", message: `url: ${problem}.` };
      if (input.format === "ntfy" && new URL(input.url).pathname.split("/").filter(Boolean).length === 0) {
        return { ok: false, code: "INVALID_CHANNEL", message: "url: an ntfy URL names its topic, e.g. https://ntfy.sh/my-topic." };
      }
      return { ok: true, config: { url: input.url, format: input.format } };
    }
    case "email":
      if (!env.EMAIL || !env.EMAIL_FROM) return { ok: false, code: "CHANNEL_UNAVAILABLE", message: "E-mail is not configured on this server." };
      return { ok: true, config: { address: input.address } };
    case "push": {
      if (!env.VAPID_PUBLIC_KEY || !env.VAPID_PRIVATE_KEY) return { ok: false, code: "CHANNEL_UNAVAILABLE", message: "Web Push is not configured on this server." };
      const problem = outboundUrlProblem(input.subscription.endpoint, env);
      if (problem) return { ok: false, code: "INVALID_CHANNEL", message: `subscription.endpoint: ${problem}.` };
      return { ok: true, config: { endpoint: input.subscription.endpoint, keys: input.subscription.keys } };
    }
  }
}

/** What the settings page shows of a channel (never a push key or a full webhook secret path). */
export function describeChannel(kind: string, config: string): string {
  try {
    const c = JSON.parse(config) as Partial<WebhookConfig & EmailConfig & PushConfig>;
    if (kind === "email") return c.address ?? "";
    const url = new URL(kind === "push" ? c.endpoint! : c.url!);
    return kind === "push" ? url.host : `${c.format} · ${url.host}`;
  } catch {
    return kind;
  }
}
