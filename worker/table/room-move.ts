// A table moving to another database while Muli runs (its slot's range is "SOURCE>TARGET" in
// TABLE_DATABASES, worker/db/placement.ts; README "Past one database"). In the object's queue, so
// an action or any other change that arrives meanwhile waits and is then written where the table
// is: copy its rows to the target, read them back and compare, switch the object to the target
// (the target's table row is what tells every reader), and only then delete the source's rows.
import { fail, type Failure } from "../base/failure";
import { deleteRows, readRows, sameRows, writeRows } from "../db/placement-move";
import { parseSlots, slotOf, tableDatabasesOf } from "../db/placement";
import { logEvent } from "../base/log";
import type { RoomCore } from "./room-core";

export interface Moved {
  ok: true;
  /** copied: moved now; already: it was in the target (an earlier call); absent: no such table in either. */
  moved: "copied" | "already" | "absent";
  version: number | null;
  actions: number;
}

export function moveTo(room: RoomCore, target: string): Promise<Moved | Failure> {
  return room.serial(async () => {
    const id = room.id;
    if (id === undefined) return fail(404, "NOT_FOUND", "There is no such table.");
    if (parseSlots(room.env.TABLE_DATABASES)[slotOf(id)].to !== target) {
      return fail(409, "NOT_MOVING", `Slot ${slotOf(id)} is not moving to ${target} in TABLE_DATABASES.`);
    }
    const [source, to] = tableDatabasesOf(room.env, id);
    const [here, there] = [await readRows(source, id), await readRows(to, id)];
    if (there) {
      // Copied by an earlier call that stopped before the delete: the target is the table's since.
      room.placed = to;
      if (here && Number(there.table.version) < Number(here.table.version)) return fail(409, "MOVE_CONFLICT", "The target holds an older copy of this table than the source.");
      if (here) await deleteRows(source, id);
      return { ok: true, moved: "already", version: Number(there.table.version), actions: there.actions.length };
    }
    if (!here) return { ok: true, moved: "absent", version: null, actions: 0 };
    await writeRows(to, here);
    const copied = await readRows(to, id);
    if (!copied || !sameRows(here, copied)) {
      // The table stays where it was; the copy goes.
      await deleteRows(to, id);
      logEvent("error", "table.move_unverified", { tableId: id, kind: target });
      return fail(409, "MOVE_UNVERIFIED", "The copy in the target differs from the source; the table stays in the source.");
    }
    room.placed = to;
    await deleteRows(source, id);
    return { ok: true, moved: "copied", version: Number(here.table.version), actions: here.actions.length };
  });
}
