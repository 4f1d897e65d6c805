// A destructive action asks first: the button turns into "Annul table 2? [Annul] [Cancel]" in place,
// focus on the answer, so a stray tap or a select's change never acts by itself.
import { adminWords } from "../i18n/league-admin";
import { createSignal, Show } from "solid-js";

export function ConfirmButton(props: { label: string; question: string; yes?: string; onYes: () => void; class?: string; testid?: string }) {
  const [asking, setAsking] = createSignal(false);
  return (
    <Show
      when={asking()}
      fallback={
        <button type="button" class={props.class} data-testid={props.testid} onClick={() => setAsking(true)}>
          {props.label}
        </button>
      }
    >
      <span class="confirm" role="group" aria-label={props.question} data-testid="confirm">
        <span>{props.question}</span>{" "}
        <button
          type="button"
          class="danger"
          data-testid="confirm-yes"
          ref={(el) => queueMicrotask(() => el.focus())}
          onClick={() => {
            setAsking(false);
            props.onYes();
          }}
        >
          {props.yes ?? props.label}
        </button>{" "}
        <button type="button" data-testid="confirm-no" onClick={() => setAsking(false)}>
          {adminWords().cancel}
        </button>
      </span>
    </Show>
  );
}
