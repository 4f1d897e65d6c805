// Channels behind one interface: send a composed message, report how it went.
import type { Message } from "../compose";
import type { NotifyEnv } from "../../base/env";
import type { EmailConfig, PushConfig, WebhookConfig } from "./config";
import { sendEmail } from "./email";
import { sendPush } from "./push";
import type { SendResult } from "./result";
import { sendWebhook } from "./webhook";
import { openLinkOrNull } from "../../base/link-crypto";

export type { SendResult } from "./result";

/** Whether only the player reads what this kind of channel carries (a webhook may be a shared room). */
export const readByPlayerAlone = (kind: string): boolean => kind === "push" || kind === "email";

/** `receipt`: what a push message carries for the service worker to confirm it (worker/notify/receipt.ts). */
export async function sendVia(env: NotifyEnv, kind: string, config: string, m: Message, receipt?: string): Promise<SendResult> {
  let c: unknown;
  try {
    c = JSON.parse(config);
  } catch {
    return { status: "failed", error: "unreadable channel settings" };
  }
  switch (kind) {
    case "webhook": {
      const sealed = (c as WebhookConfig).secret;
      const secret = sealed ? await openLinkOrNull(sealed, "webhook secret") : null;
      if (sealed && secret === null) return { status: "failed", error: "the channel's secret does not open" };
      return sendWebhook(c as WebhookConfig, m, secret);
    }
    case "push":
      return sendPush(env, c as PushConfig, m, receipt);
    case "email":
      return sendEmail(env, c as EmailConfig, m);
    default:
      return { status: "failed", error: `unknown channel kind ${kind}` };
  }
}
