// "Send this move?" for players who switched on "confirm moves": the move is named, Send is
// focused, Back drops it. Nothing is sent before Send.
import { onMount } from "solid-js";
import { t } from "../i18n";

export function ConfirmMove(props: { label: string; send: () => void; back: () => void }) {
  let sendButton!: HTMLButtonElement;
  onMount(() => sendButton.focus());
  return (
    <div class="confirm-move" role="group" aria-label={t().confirmTitle} data-testid="confirm-move">
      <p>{t().confirmQuestion(props.label)}</p>
      <button type="button" class="action strong" ref={sendButton} onClick={() => props.send()}>
        {t().confirmSend}
      </button>
      <button type="button" class="action" onClick={() => props.back()}>
        {t().back}
      </button>
    </div>
  );
}
