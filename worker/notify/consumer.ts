// The Worker's queue handler: the notification queue and its dead-letter queue.
import type { NotifyEnv } from "../base/env";
import type { NotifyMessage } from "../base/notify-messages";
import { backoffSeconds, deadLetter, handle, type TellTable } from "./pipeline";
import type { SeenVersion } from "./escalation";
import { idsOf, logEvent } from "../base/log";
import { realSeconds, timeNow } from "../base/clock";

export const DEAD_LETTER_QUEUE = "muli-notify-dead";

/** `seen` and `tell` come from the Worker's entry, which may reach the table objects (this layer may not). */
export async function notifyQueue(batch: MessageBatch<NotifyMessage>, env: NotifyEnv & { DB: D1Database }, seen?: SeenVersion, tell?: TellTable): Promise<void> {
  for (const msg of batch.messages) {
    try {
      if (batch.queue === DEAD_LETTER_QUEUE) {
        await deadLetter(env, msg.body);
        msg.ack();
        continue;
      }
      const retryIn = await handle(env, msg.body, timeNow(), seen, tell);
      if (retryIn === null) msg.ack();
      else msg.retry({ delaySeconds: realSeconds(retryIn) });
    } catch (e) {
      // D1 or the queue itself failed: try the whole message again later.
      logEvent("error", "notify.message_failed", { kind: msg.body.type, ...idsOf(msg.body) }, e);
      msg.retry({ delaySeconds: realSeconds(backoffSeconds(msg.attempts)) });
    }
  }
}
