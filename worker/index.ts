// Worker entry: the Hono API app, and the table Durable Object class that wrangler binds.
import { app } from "./api/app";
import { notifyQueue } from "./notify/consumer";
import { pruneScheduled } from "./notify/prune";
import { pruneCounts } from "./api/quota";
import { tableStub } from "./table/stub";
import { withInvocation } from "./base/log";
import { alertOperator } from "./operator/alert";

export { TableRoom } from "./table/room";

// The queue handler delivers notifications (worker/notify); the daily cron prunes what they left,
// and the creation counters of windows long over (worker/api/quota.ts), and tells the operator
// when deliveries keep failing (worker/operator/alert.ts).
export default {
  fetch: app.fetch,
  // A turn message is not sent again to a player who opened the table since (its object knows).
  queue: (batch, env) => withInvocation(crypto.randomUUID(), () => notifyQueue(batch, env, (table, seat) => tableStub(env, table).seenVersion(seat))),
  scheduled: (controller, env) =>
    withInvocation(crypto.randomUUID(), async () => {
      await pruneScheduled(controller, env);
      await pruneCounts(env.DB, controller.scheduledTime);
      await alertOperator(env, controller.scheduledTime);
    }),
} satisfies ExportedHandler<import("./base/env").Env, import("./base/notify-messages").NotifyMessage>;
