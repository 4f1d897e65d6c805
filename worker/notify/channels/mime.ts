// A plain-text UTF-8 e-mail as raw MIME (what the send_email binding takes).
import type { Message } from "../compose";

const b64 = (s: string) => btoa(String.fromCharCode(...new TextEncoder().encode(s)));
/** RFC 2047 encoded word, so umlauts survive in the subject. */
const header = (s: string) => `=?UTF-8?B?${b64(s)}?=`;

export function mime(from: string, to: string, m: Pick<Message, "title" | "text" | "url">, now = Date.now()): string {
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
