// The hint's reason in the player's words: apart from the hint button, because the words (all the
// bots' reasons, both languages) are needed only once a hint has come, never on first paint.
import type { TableHint } from "../api/tables";
import { hintWords } from "../i18n/hints";
import { settings } from "../store/settings";

export function HintReason(props: { hint: TableHint }) {
  return (
    <p class="table-hint" role="status" data-testid="table-hint" data-code={props.hint.code}>
      {props.hint.why ? hintWords(props.hint.why, settings.lang(), settings.get().cardStyle) : props.hint.reason[settings.lang()]}
    </p>
  );
}
