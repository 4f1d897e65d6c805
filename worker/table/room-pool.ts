// A table of a duplicate pool (pool.ts): told that its pool has finished, and telling the others.
import { announcePoolEnd } from "./pool";
import { KEYS, type RoomCore } from "./room-core";

/** Every table of this table's duplicate pool has finished (told by the one that finished it). */
export async function poolFinished(room: RoomCore): Promise<void> {
  await room.serial(async () => {
    const table = await room.load();
    if (table) await room.revealable(table);
  });
}

/**
 * Once over, a table of a duplicate pool whose end finished the pool tells the pool's other
 * tables (once; in the alarm, outside the queue, so two tables telling each other never wait on
 * each other's queue).
 */
export async function tellPool(room: RoomCore): Promise<void> {
  const table = await room.serial(() => room.load());
  if (!table?.pool || !table.poolDone || (await room.ctx.storage.get<boolean>(KEYS.poolTold))) return;
  await announcePoolEnd(room.env, table.id, (id) => room.other(id));
  await room.ctx.storage.put(KEYS.poolTold, true);
}
