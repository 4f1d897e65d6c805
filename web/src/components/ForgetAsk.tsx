// "Forget" on My games for a running game: asks first, and says how the seat comes back. Loaded
// when asked (its words with it), not with the table page.
import type { SeatEntry } from "../store/seats";
import { keepWords } from "../i18n/keep-words";
import { playerKey } from "../store/player";

export default function ForgetAsk(props: { entry: SeatEntry; forget: () => void; keep: () => void }) {
  const w = () => keepWords().forget;
  return (
    <div class="ask" role="alertdialog" aria-label={w().ask} data-testid="forget-ask">
      <p>
        <strong>{w().ask}</strong> {props.entry.linked && playerKey() ? w().howPlayer : w().how}
      </p>
      <button type="button" onClick={() => props.forget()}>
        {w().yes}
      </button>
      <button type="button" class="primary" onClick={() => props.keep()}>
        {w().no}
      </button>
    </div>
  );
}
