// Web Push: the message as JSON for the service worker (web/public/sw.js), encrypted for the
// subscription and authorised with the server's VAPID key. First in line: only push can confirm
// that a device showed a message (worker/notify/confirm.ts).
import * as v from "valibot";
import type { Message } from "../compose";
import type { NotifyEnv } from "../../base/env";
import { channelKind } from "./kind";
import { outboundUrlProblem } from "./outbound";
import { post, type SendResult } from "./result";
import { fromBase64url, type Bytes } from "../../base/secrets";
import { encryptPush, vapidAuthorization } from "./webpush";

export interface PushConfig {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

const b64url = /^[A-Za-z0-9_-]+={0,2}$/;
const bytesOf = (s: string): number => Math.floor((s.replace(/=+$/, "").length * 3) / 4);

/** What the service worker shows (and the receipt it confirms with); kept well under the 4 KB a push message may carry. */
export function pushPayload(m: Message, receipt?: string): string {
  const text = m.text.length > 1500 ? m.text.slice(0, 1497) + "…" : m.text;
  return JSON.stringify({ title: m.title, body: text, url: m.url, tag: m.kind === "test" ? "muli-test" : "muli-turn", ...(receipt ? { receipt } : {}) });
}

const unavailable = (env: NotifyEnv): "NO_PUSH_KEYS" | null => (env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY ? null : "NO_PUSH_KEYS");

async function sendPush(env: NotifyEnv, config: PushConfig, m: Message, receipt: string): Promise<SendResult> {
  let body: Bytes;
  let authorization: string;
  try {
    body = await encryptPush(new TextEncoder().encode(pushPayload(m, receipt)), fromBase64url(config.keys.p256dh), fromBase64url(config.keys.auth));
    authorization = await vapidAuthorization(config.endpoint, env.VAPID_PUBLIC_KEY!, env.VAPID_PRIVATE_KEY!, env.VAPID_SUBJECT ?? "mailto:muli@example.invalid");
  } catch (e) {
    // A key the browser gave us that does not work will not work tomorrow either.
    return { status: "gone", error: `unusable subscription: ${String(e)}` };
  }
  return post(
    config.endpoint,
    {
      headers: {
        Authorization: authorization,
        "Content-Encoding": "aes128gcm",
        "Content-Type": "application/octet-stream",
        TTL: "86400",
        Urgency: "normal",
        // A newer turn message replaces one the device has not fetched yet.
        Topic: "muli-turn",
      },
      body,
    },
    true,
  );
}

export const push = channelKind({
  kind: "push",
  schema: v.object({
    kind: v.literal("push"),
    subscription: v.object({
      endpoint: v.pipe(v.string(), v.maxLength(1000), v.url("endpoint: not a URL.")),
      keys: v.object({
        p256dh: v.pipe(v.string(), v.regex(b64url), v.check((s) => bytesOf(s) === 65, "a 65-byte P-256 public key is needed.")),
        auth: v.pipe(v.string(), v.regex(b64url), v.check((s) => bytesOf(s) === 16, "a 16-byte secret is needed.")),
      }),
    }),
  }),
  tier: 0,
  readByPlayerAlone: true,
  unavailable,
  async configure(input, env) {
    const problem = outboundUrlProblem(input.subscription.endpoint, env);
    if (problem) return { ok: false, code: "INVALID_CHANNEL", message: `subscription.endpoint: ${problem}.` };
    return { ok: true, config: { endpoint: input.subscription.endpoint, keys: input.subscription.keys } satisfies PushConfig };
  },
  describe: (c) => new URL(c.endpoint).host,
  send: sendPush,
});
