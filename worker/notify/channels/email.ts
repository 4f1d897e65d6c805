// E-mail channel through the Workers `send_email` binding: a plain-text UTF-8 message.
import { EmailMessage } from "cloudflare:email";
import type { Message } from "../compose";
import type { NotifyEnv } from "../../base/env";
import type { EmailConfig } from "./config";
import { mime } from "./mime";
import type { SendResult } from "./result";

/** Also sends the one-time sign-in link (worker/players/sign-in-mail.ts): only the words and the link are read. */
export async function sendEmail(env: NotifyEnv, config: EmailConfig, m: Pick<Message, "title" | "text" | "url">): Promise<SendResult> {
  if (!env.EMAIL || !env.EMAIL_FROM) return { status: "failed", error: "e-mail is not configured" };
  try {
    await env.EMAIL.send(new EmailMessage(env.EMAIL_FROM, config.address, mime(env.EMAIL_FROM, config.address, m)));
    return { status: "sent" };
  } catch (e) {
    // The binding refuses unverified destinations for good; anything else may pass later.
    const error = String(e);
    return /destination|not verified|not allowed/i.test(error) ? { status: "failed", error } : { status: "retry", error };
  }
}
