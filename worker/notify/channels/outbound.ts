// Where the server may send a request for a player (a webhook, a push service): checked before a
// channel is stored, so a private address is a 400, never a delivery that fails later.
import type { NotifyEnv } from "../../base/env";

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
