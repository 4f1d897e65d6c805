// E-mail through Cloudflare's Email Service (the Workers `send_email` binding `EMAIL`, from
// EMAIL_FROM on a domain onboarded to Email Sending): a plain-text UTF-8 message.
import * as v from "valibot";
import { EmailMessage } from "cloudflare:email";
import type { Message } from "../compose";
import type { NotifyEnv } from "../../base/env";
import { channelKind } from "./kind";
import { mime } from "./mime";
import type { SendResult } from "./result";

export interface EmailConfig {
  address: string;
}

/** Why this server sends no e-mail: no sender address, or no binding to send with; null when it does. */
export const emailUnavailable = (env: NotifyEnv): "NO_EMAIL_SENDER" | "NO_EMAIL_BINDING" | null => (!env.EMAIL_FROM ? "NO_EMAIL_SENDER" : !env.EMAIL ? "NO_EMAIL_BINDING" : null);

/**
 * The reason a refusal is recorded under (the operator's delivery view counts it): the Email
 * Service refuses recipients for good when the sending domain is not onboarded, or the account
 * is not on a paid plan and the address is not verified in it (README, "E-mail").
 */
export const RECIPIENT_REFUSED = "recipient refused by the e-mail service";

/** Also sends the one-time sign-in link (worker/notify/sign-in-mail.ts): only the words and the link are read. */
export async function sendEmail(env: NotifyEnv, config: EmailConfig, m: Pick<Message, "title" | "text" | "url">): Promise<SendResult> {
  const why = emailUnavailable(env);
  if (why) return { status: "failed", error: `e-mail is not set up on this server: ${why}` };
  try {
    await env.EMAIL!.send(new EmailMessage(env.EMAIL_FROM!, config.address, mime(env.EMAIL_FROM!, config.address, m)));
    return { status: "sent" };
  } catch (e) {
    // The binding refuses unverified destinations for good; anything else may pass later.
    const error = String(e);
    return /destination|not verified|not allowed/i.test(error) ? { status: "failed", error: `${RECIPIENT_REFUSED}: ${error}` } : { status: "retry", error };
  }
}

export const email = channelKind({
  kind: "email",
  schema: v.object({
    kind: v.literal("email"),
    address: v.pipe(v.string(), v.trim(), v.maxLength(254), v.email("address: not an e-mail address.")),
  }),
  tier: 1,
  readByPlayerAlone: true,
  unavailable: emailUnavailable,
  configure: async (input) => ({ ok: true, config: { address: input.address } satisfies EmailConfig }),
  describe: (c) => c.address,
  send: (env, config, m) => sendEmail(env, config, m),
});
