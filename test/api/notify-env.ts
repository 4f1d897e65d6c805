// Bindings the notification tests need (read in Node by vitest.config.ts): a fresh VAPID key
// pair, webhooks allowed to loopback, and a sender address for e-mail.
import { generateKeyPairSync } from "node:crypto";

export function notifyTestBindings(): Record<string, string> {
  const { publicKey, privateKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
  const pub = publicKey.export({ format: "jwk" });
  const priv = privateKey.export({ format: "jwk" });
  const raw = Buffer.concat([Buffer.from([4]), Buffer.from(pub.x!, "base64url"), Buffer.from(pub.y!, "base64url")]);
  return {
    VAPID_PUBLIC_KEY: raw.toString("base64url"),
    VAPID_PRIVATE_KEY: priv.d!,
    VAPID_SUBJECT: "mailto:test@muli.test",
    WEBHOOK_ALLOW_LOCAL: "1",
    EMAIL_FROM: "muli@muli.test",
  };
}
