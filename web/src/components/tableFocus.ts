// Keyboard focus at the table: after an action the element that had focus is gone or disabled,
// and focus would fall to <body>. Instead it goes to what comes next: the playable cards, the
// cards to select, the next question's first button, or else the hand (at the end, with no hand:
// "play again"), so that a keyboard or screen-reader player keeps their place. Focus the player
// moved elsewhere is left alone. While an action is being sent the question's buttons are
// disabled, and the next view can arrive (by the socket) before the answer does: focus is placed
// once sending is over, on the buttons then enabled.
import { createEffect, on, onCleanup } from "solid-js";

export function keepTableFocus(root: () => HTMLElement | undefined, version: () => number, acted: () => boolean, sending: () => boolean) {
  let keep = false;
  const onFocusIn = (e: FocusEvent) => {
    const r = root();
    keep = !!r && r.contains(e.target as Node);
  };
  // A press outside the table (the chat, the page's margin) means the player went elsewhere.
  const onPointer = (e: PointerEvent) => {
    const r = root();
    if (r && !r.contains(e.target as Node)) keep = false;
  };
  document.addEventListener("focusin", onFocusIn);
  document.addEventListener("pointerdown", onPointer);
  // The focused button can also go later than the new view: the paced moves of others, the next
  // question replacing this one, a button disabled while sending. Each change of the table's DOM
  // while focus was there checks once more (cheap: one look at document.activeElement).
  let queued = false;
  const observer = new MutationObserver(() => {
    if (!keep || queued || sending()) return;
    queued = true;
    requestAnimationFrame(() => {
      queued = false;
      const r = root();
      if (keep && r && isLost(r) && !sending()) nextTarget(r)?.focus();
    });
  });
  createEffect(() => {
    const r = root();
    observer.disconnect();
    if (r) observer.observe(r, { subtree: true, childList: true, attributes: true, attributeFilter: ["disabled"] });
  });
  onCleanup(() => {
    observer.disconnect();
    document.removeEventListener("focusin", onFocusIn);
    document.removeEventListener("pointerdown", onPointer);
  });

  createEffect(
    on(
      [version, sending],
      () => {
        if (sending() || (!keep && !acted())) return;
        // After Solid has updated the DOM for the new view.
        requestAnimationFrame(() => {
          const r = root();
          if (!r || !isLost(r)) return;
          nextTarget(r)?.focus();
        });
      },
      { defer: true },
    ),
  );
}

/** Whether focus has nowhere useful to be: on <body>, on a disabled control, or on a container. */
function isLost(r: HTMLElement): boolean {
  const a = document.activeElement as HTMLElement | null;
  if (!a || a === document.body) return true;
  if (!r.contains(a)) return false;
  return (a as HTMLButtonElement).disabled === true || a.classList.contains("hand") || a.dataset.testid === "prompt";
}

function nextTarget(r: HTMLElement): HTMLElement | null {
  const q = <T extends HTMLElement>(sel: string) => r.querySelector<T>(sel);
  if (q(".prompt .question.mine")) {
    return (
      q(".hand[data-mode=play] .card-button.playable") ??
      q(".hand[data-mode=select] .card-button") ??
      q(".prompt .actions button:not([disabled])") ??
      q(".hand")
    );
  }
  // At the end there is no hand and no question: the end screen's first button.
  return q(".hand") ?? q("[data-testid=prompt]") ?? q("[data-testid=play-again]");
}
