// Webhook: a JSON POST in one of three shapes (our own, ntfy's JSON publish, Discord's), signed
// with the channel's own secret (./signature.ts). Last in line: a webhook may be a room others read.
import * as v from "valibot";
import type { Message } from "../compose";
import { openLinkOrNull, sealLink } from "../../base/link-crypto";
import { WEBHOOK_FORMATS, webhookRequest, type WebhookConfig } from "./webhook-request";
import { channelKind } from "./kind";
import { outboundUrlProblem } from "./outbound";
import { post, type SendResult } from "./result";
import { SIGNATURE_HEADER, newWebhookSecret, signature } from "./signature";

/** Channels made before signing have no secret: sent unsigned (README). */
async function sendWebhook(config: WebhookConfig, m: Message): Promise<SendResult> {
  const secret = config.secret ? await openLinkOrNull(config.secret, "webhook secret") : null;
  if (config.secret && secret === null) return { status: "failed", error: "the channel's secret does not open" };
  const { url, body } = webhookRequest(config, m);
  const text = JSON.stringify(body);
  const headers: Record<string, string> = { "Content-Type": "application/json", "User-Agent": "Muli-Notify/1" };
  if (secret !== null) headers[SIGNATURE_HEADER] = await signature(secret, text);
  return post(url, { headers, body: text });
}

export const webhook = channelKind({
  kind: "webhook",
  schema: v.object({
    kind: v.literal("webhook"),
    url: v.pipe(v.string(), v.trim(), v.maxLength(500, "url: at most 500 characters."), v.url("url: not a URL.")),
    format: v.optional(v.picklist(WEBHOOK_FORMATS, "format: json, ntfy or discord."), "json"),
  }),
  tier: 2,
  readByPlayerAlone: false,
  unavailable: () => null,
  async configure(input, env) {
    const problem = outboundUrlProblem(input.url, env);
    if (problem) return { ok: false, code: "INVALID_CHANNEL", message: `url: ${problem}.` };
    if (input.format === "ntfy" && new URL(input.url).pathname.split("/").filter(Boolean).length === 0) {
      return { ok: false, code: "INVALID_CHANNEL", message: "url: an ntfy URL names its topic, e.g. https://ntfy.sh/my-topic." };
    }
    // The signing secret: shown in the answer that made the channel only, kept sealed.
    const secret = newWebhookSecret();
    return { ok: true, config: { url: input.url, format: input.format, secret: await sealLink(secret) } satisfies WebhookConfig, secret };
  },
  describe: (c) => `${c.format} · ${new URL(c.url).host}`,
  send: (_env, config, m) => sendWebhook(config, m),
});
