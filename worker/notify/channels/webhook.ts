// Webhook channel: a JSON POST in one of three shapes: our own, ntfy's JSON publish, Discord's;
// signed with the channel's secret (./signature.ts).
import type { Message } from "../compose";
import type { WebhookConfig } from "./config";
import { post, type SendResult } from "./result";
import { SIGNATURE_HEADER, signature } from "./signature";

export function webhookRequest(config: WebhookConfig, m: Message): { url: string; body: unknown } {
  switch (config.format) {
    case "ntfy": {
      // https://ntfy.sh/my-topic → publish JSON to https://ntfy.sh/ with topic "my-topic".
      const url = new URL(config.url);
      const parts = url.pathname.split("/").filter(Boolean);
      const topic = parts.pop()!;
      url.pathname = "/" + parts.map((p) => p + "/").join("");
      url.search = "";
      return { url: url.toString(), body: { topic, title: m.title, message: m.text, click: m.url, tags: ["black_joker"] } };
    }
    case "discord":
      return {
        url: config.url,
        body: {
          content: `**${m.title}**\n${m.text}${m.tables.length > 1 ? "" : `\n${m.url}`}`.slice(0, 2000),
          allowed_mentions: { parse: [] },
        },
      };
    default:
      return { url: config.url, body: { type: "muli", ...m } };
  }
}

/** `secret`: the channel's, opened (null on channels made before signing: sent unsigned, README). */
export async function sendWebhook(config: WebhookConfig, m: Message, secret: string | null): Promise<SendResult> {
  const { url, body } = webhookRequest(config, m);
  const text = JSON.stringify(body);
  const headers: Record<string, string> = { "Content-Type": "application/json", "User-Agent": "Muli-Notify/1" };
  if (secret !== null) headers[SIGNATURE_HEADER] = await signature(secret, text);
  return post(url, { headers, body: text });
}
