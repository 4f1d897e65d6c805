// Keyboard focus at the table: after an action the element that had focus is gone or disabled,
// and focus would fall to <body>. Instead it goes to what comes next: the playable cards, the
// cards to select, the next question's first button, or else the hand, so that a keyboard or
// screen-reader player keeps their place. Focus the player moved elsewhere is left alone. While an
// action is being sent the question's buttons are disabled, and the next view can arrive (by the
// socket) before the answer does: focus is placed once sending is over, on the buttons then enabled.
import { createEffect, on, onCleanup } from "solid-js";

export function keepTableFocus(root: () => HTMLElement | undefined, version: () => number, acted: () => boolean, sending: () => boolean) {
  let keep = false;
  const onFocusIn = (e: FocusEvent) => {
    const r = root();
    keep = !!r && r.contains(e.target as Node);
  };
  document.addEventListener("focusin", onFocusIn);
  onCleanup(() => document.removeEventListener("focusin", onFocusIn));

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
  return q(".hand") ?? q("[data-testid=prompt]");
}
