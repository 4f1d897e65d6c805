// Worker entry: the Hono API app, and the table Durable Object class that wrangler binds.
import { app } from "./api/app";
import { notifyQueue } from "./notify/consumer";
import { pruneScheduled } from "./notify/prune";

export { TableRoom } from "./table/room";

// The queue handler delivers notifications (worker/notify); the daily cron prunes what they left.
export default {
  fetch: app.fetch,
  queue: notifyQueue,
  scheduled: async (controller, env) => {
    await pruneScheduled(controller, env);
  },
} satisfies ExportedHandler<import("./base/env").Env, import("./base/notify-messages").NotifyMessage>;
