// Channels behind one interface: send a composed message, report how it went.
import type { Message } from "../compose";
import type { NotifyEnv } from "../../base/env";
import type { EmailConfig, PushConfig, WebhookConfig } from "./config";
import { sendEmail } from "./email";
import { sendPush } from "./push";
import type { SendResult } from "./result";
import { sendWebhook } from "./webhook";

export type { SendResult } from "./result";

/** `receipt`: what a push message carries for the service worker to confirm it (worker/notify/receipt.ts). */
export async function sendVia(env: NotifyEnv, kind: string, config: string, m: Message, receipt?: string): Promise<SendResult> {
  let c: unknown;
  try {
    c = JSON.parse(config);
  } catch {
    return { status: "failed", error: "unreadable channel settings" };
  }
  switch (kind) {
    case "webhook":
      return sendWebhook(c as WebhookConfig, m);
    case "push":
      return sendPush(env, c as PushConfig, m, receipt);
    case "email":
      return sendEmail(env, c as EmailConfig, m);
    default:
      return { status: "failed", error: `unknown channel kind ${kind}` };
  }
}
