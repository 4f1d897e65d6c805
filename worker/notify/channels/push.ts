// Web Push channel: the message as JSON for the service worker (web/public/sw.js), encrypted for
// the subscription and authorised with the server's VAPID key.
import type { Message } from "../compose";
import type { NotifyEnv } from "../../base/env";
import type { PushConfig } from "./config";
import { post, type SendResult } from "./result";
import { fromBase64url, type Bytes } from "../../base/secrets";
import { encryptPush, vapidAuthorization } from "./webpush";

/** What the service worker shows (and the receipt it confirms with); kept well under the 4 KB a push message may carry. */
export function pushPayload(m: Message, receipt?: string): string {
  const text = m.text.length > 1500 ? m.text.slice(0, 1497) + "…" : m.text;
  return JSON.stringify({ title: m.title, body: text, url: m.url, tag: m.kind === "test" ? "muli-test" : "muli-turn", ...(receipt ? { receipt } : {}) });
}

export async function sendPush(env: NotifyEnv, config: PushConfig, m: Message, receipt?: string): Promise<SendResult> {
  if (!env.VAPID_PUBLIC_KEY || !env.VAPID_PRIVATE_KEY) return { status: "failed", error: "Web Push is not configured" };
  let body: Bytes;
  let authorization: string;
  try {
    body = await encryptPush(new TextEncoder().encode(pushPayload(m, receipt)), fromBase64url(config.keys.p256dh), fromBase64url(config.keys.auth));
    authorization = await vapidAuthorization(config.endpoint, env.VAPID_PUBLIC_KEY, env.VAPID_PRIVATE_KEY, env.VAPID_SUBJECT ?? "mailto:muli@example.invalid");
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
