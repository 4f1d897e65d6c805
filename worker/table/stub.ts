// The one way to reach a table's Durable Object: made by name (the table id), so the object knows
// its own id (worker/table/room.ts) and no caller has to tell it.
import type { Env } from "../base/env";
import type { TableRoom } from "./room";

export const tableStub = (env: Pick<Env, "TABLES">, id: string): DurableObjectStub<TableRoom> =>
  (env.TABLES as unknown as DurableObjectNamespace<TableRoom>).getByName(id);
