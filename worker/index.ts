// Worker entry: the Hono API app, and the table Durable Object class that wrangler binds.
import { app } from "./api/app";
import { notifyQueue } from "./notify/consumer";

export { TableRoom } from "./table/room";

// The queue handler delivers notifications (worker/notify).
export default {
  fetch: app.fetch,
  queue: notifyQueue,
} satisfies ExportedHandler<import("./api/env").Env, import("./notify/messages").NotifyMessage>;
