// Worker entry: the Hono API app, and the table Durable Object class that wrangler binds.
import { app } from "./api/app";
import { notifyQueue } from "./notify/consumer";
import { pruneScheduled } from "./notify/prune";
import { pruneCounts } from "./api/quota";
import { tableStub } from "./table/stub";
import { withInvocation } from "./base/log";
import { alertOperator } from "./operator/alert";
import { gameAt, useClock } from "./base/clock";

export { TableRoom } from "./table/room";
export { RoundRoom } from "./leagues/round-room";

// The queue handler delivers notifications (worker/notify); the daily cron prunes what they left,
// and the creation counters of windows long over (worker/api/quota.ts), and tells the operator
// when deliveries keep failing (worker/operator/alert.ts).
export default {
  // Each entry sets the one clock from the environment (worker/base/clock.ts; real time unless a
  // development run compresses it).
  fetch: ((request, env, ctx) => {
    useClock(env ?? {});
    return app.fetch(request, env, ctx);
  }) as typeof app.fetch,
  // A turn message is not sent again to a player who opened the table since (its object knows).
  queue: (batch, env) =>
    (useClock(env),
    withInvocation(crypto.randomUUID(), () =>
      notifyQueue(
        batch,
        env,
        (table, seat) => tableStub(env, table).seenVersion(seat),
        (table) => tableStub(env, table).playersChanged(),
      ),
    )),
  // A cron fires on real time; what it prunes and counts is measured on the clock.
  scheduled: (controller, env) =>
    withInvocation(crypto.randomUUID(), async () => {
      useClock(env);
      const at = gameAt(controller.scheduledTime); // the cron's own time, not when this run got to start
      await pruneScheduled({ ...controller, scheduledTime: at }, env);
      await pruneCounts(env.DB, at);
      await alertOperator(env, at);
    }),
} satisfies ExportedHandler<import("./base/env").Env, import("./base/notify-messages").NotifyMessage>;
