// E-mail channel through the Workers `send_email` binding: a plain-text UTF-8 message.
import { EmailMessage } from "cloudflare:email";
import type { Message } from "../compose";
import type { NotifyEnv } from "../env";
import type { EmailConfig } from "./config";
import type { SendResult } from "./result";

const b64 = (s: string) => btoa(String.fromCharCode(...new TextEncoder().encode(s)));
/** RFC 2047 encoded word, so umlauts survive in the subject. */
const header = (s: string) => `=?UTF-8?B?${b64(s)}?=`;

export function mime(from: string, to: string, m: Message, now = Date.now()): string {
  const body = `${m.text}\n\n${m.url}\n`;
  const wrapped = b64(body).replace(/.{76}/g, "$&\r\n");
  return [
    `From: Muli <${from}>`,
    `To: <${to}>`,
    `Subject: ${header(m.title)}`,
    `Date: ${new Date(now).toUTCString()}`,
    `Message-ID: <${crypto.randomUUID()}@${from.split("@")[1] ?? "muli"}>`,
    "MIME-Version: 1.0",
    "Content-Type: text/plain; charset=utf-8",
    "Content-Transfer-Encoding: base64",
    "",
    wrapped,
    "",
  ].join("\r\n");
}

export async function sendEmail(env: NotifyEnv, config: EmailConfig, m: Message): Promise<SendResult> {
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
