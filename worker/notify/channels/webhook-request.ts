// What a webhook request looks like for each format (our own JSON, ntfy's JSON publish, Discord's):
// pure, so the formats are tested in plain Node (test/correspondence/compose.test.ts).
import type { Message } from "../compose";

export const WEBHOOK_FORMATS = ["json", "ntfy", "discord"] as const;
export type WebhookFormat = (typeof WEBHOOK_FORMATS)[number];

export interface WebhookConfig {
  url: string;
  format: WebhookFormat;
  /** The signing secret, sealed (worker/base/link-crypto.ts); absent on channels made before signing. */
  secret?: string;
}

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
