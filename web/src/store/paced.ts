// Other seats' moves, paced: bots answer within a fraction of a second, so each of their moves
// is held on screen for a moment (a finished trick too, before it is cleared) instead of the
// newest view replacing the last at once. Only the display waits; the server never does. The
// player's own moves, jumps of several versions (a poll) and a skip show the newest at once.
import { createEffect, createSignal, on, onCleanup, type Accessor } from "solid-js";
import type { TableView } from "../api/tables";

export const PACE_MS = 700;

/**
 * The view as it was a moment after `v`'s move: the finished trick still on the table. The trick
 * that ends the game is held too, before the end (still in play: the end screen comes after it).
 */
export function heldTrick(before: TableView, v: TableView): TableView | null {
  if (v.handNo !== before.handNo || v.tricks.length <= before.tricks.length) return null;
  const stillPlaying = v.phase === "over" ? { phase: before.phase, winners: before.winners, ended: before.ended } : {};
  return { ...v, ...stillPlaying, version: before.version, trick: v.tricks[v.tricks.length - 1], tricks: v.tricks.slice(0, -1), lastTrick: v.tricks[v.tricks.length - 2] ?? null, legal: [], toAct: [] };
}

export function createPaced(view: Accessor<TableView | null>, pace = PACE_MS) {
  const [shown, setShown] = createSignal<TableView | null>(null);
  let queue: TableView[] = [];
  let last: TableView | null = null; // the newest real view taken in
  let timer: ReturnType<typeof setTimeout> | undefined;

  const tick = () => {
    const next = queue.shift();
    if (!next) {
      timer = undefined;
      return;
    }
    setShown(next);
    timer = setTimeout(tick, pace);
  };
  const skip = () => {
    clearTimeout(timer);
    timer = undefined;
    if (last) setShown(last);
    queue = [];
  };

  createEffect(
    on(view, (v) => {
      if (!v) return;
      const before = last;
      last = v;
      const mine = before && before.phase !== "over" && before.toAct.includes(before.you) && before.legal.length > 0;
      if (!before || v.version !== before.version + 1 || mine) {
        // A jump, a re-sent view, or our own move: no one to follow.
        skip();
        return;
      }
      const held = heldTrick(before, v);
      if (held) queue.push(held);
      queue.push(v);
      if (timer === undefined) tick();
    }),
  );
  onCleanup(() => clearTimeout(timer));

  /** Whether newer moves are waiting to be shown. */
  const behind = () => shown()?.version !== view()?.version || shown() !== view();
  return { shown, skip, behind };
}
