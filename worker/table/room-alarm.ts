// The object's one alarm (durable: after a restart the bots carry on): bot seats play, the clock's
// deadlines fire, and a finished game tells its pool and is archived.
import { logEvent } from "../base/log";
import { analysisSlice } from "./analysis";
import { markFinished } from "../players/store";
import { archiveGame } from "./archive";
import { botAction, botToAct } from "./bot-turns";
import { gameDone } from "./lifecycle";
import { KEYS, type RoomCore } from "./room-core";
import { tellPool } from "./room-pool";

/** Bot moves per alarm run: one, so that a run stays within the CPU budget of one invocation (bench:cpu). */
const BOT_STEPS_PER_RUN = 1;

export async function alarm(room: RoomCore): Promise<void> {
  if (room.id === undefined) return;
  try {
    await room.serial(async () => {
      for (let step = 0; step < BOT_STEPS_PER_RUN; step++) {
        const table = await room.load();
        const seat = table ? botToAct(table) : null;
        if (!table || seat === null || !(await room.opened(table))) return;
        const done = await room.commit(table, seat, await botAction(table, seat));
        if (!done.ok) throw new Error(`bot move not saved: ${done.code}`);
      }
      await room.ctx.storage.setAlarm(Date.now()); // more to play: continue in a fresh run
    });
    // Deadlines, reminders, forced moves; a timed move may hand the turn to a bot.
    const moved = await room.serial(async () => {
      const table = await room.load();
      return table ? room.clock.tick(table, (seat, action) => room.commit(table, seat, action)) : false;
    });
    if (moved) await room.ctx.storage.setAlarm(Date.now());
    await tellPool(room);
    await archiveIfOver(room);
  } catch (e) {
    logEvent("error", "bot.turn_failed", { tableId: room.id }, e);
    await room.ctx.storage.setAlarm(Date.now() + 2000);
  }
}

/** Once the game is over (or ended before its end): its record to R2, its log out of D1 (once; the alarm retries on failure); then, once asked for, the analysis' slices. */
async function archiveIfOver(room: RoomCore): Promise<void> {
  await room.serial(async () => {
    const table = await room.load();
    if (!table || !gameDone(table)) return;
    if (await room.ctx.storage.get<boolean>(KEYS.archived)) {
      // Then the analysis, a slice per alarm run (worker/table/analysis.ts).
      if (await analysisSlice(room.env, room.ctx.storage, table)) await room.ctx.storage.setAlarm(Date.now());
      return;
    }
    const done = await archiveGame(room.env, table);
    if (!done.ok) throw new Error(`archive failed: ${done.code}`);
    await room.ctx.storage.put(KEYS.archived, true);
    // Its seats leave the players' running "My games" read (worker/players/store.ts).
    await markFinished(room.env.DB, [table.id]);
    // The analysis' slices start when someone first asks for it (analysisFor sets the alarm), not
    // for every finished game: each slice is a Durable Object request.
  });
}
