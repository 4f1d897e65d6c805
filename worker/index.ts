// Worker entry: the Hono API app, and the table Durable Object class that wrangler binds.
import { app } from "./api/app";

export { TableRoom } from "./table/room";

export default app satisfies ExportedHandler<import("./api/env").Env>;
