// Drawing a page in two steps: what is on screen first, the rest once that has been painted. The
// first task stays short (Total Blocking Time), and what comes later is added below, so it moves
// nothing already seen (Cumulative Layout Shift).
import { createSignal, onCleanup, onMount } from "solid-js";

/**
 * False until the first frame after mounting has been painted (a timer queued from the next
 * animation frame runs after that paint). A hidden tab paints nothing: true at once there.
 */
export function afterFirstPaint(): () => boolean {
  const [painted, setPainted] = createSignal(false);
  onMount(() => {
    if (document.visibilityState === "hidden") return setPainted(true);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => (timer = setTimeout(() => setPainted(true))));
    onCleanup(() => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    });
  });
  return painted;
}

/**
 * Runs `work` once the page is idle (after the first paint and what follows it), or after
 * `timeoutMs` at the latest; at once where the browser cannot tell (no requestIdleCallback).
 */
export function whenIdle(work: () => void, timeoutMs = 3000): void {
  if (typeof requestIdleCallback === "function") requestIdleCallback(() => work(), { timeout: timeoutMs });
  else setTimeout(work);
}
