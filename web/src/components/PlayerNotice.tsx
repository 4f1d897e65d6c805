// What became of a sign-in (a link, a passkey, an e-mail) or of this browser's key: shown above
// every page until dismissed, so a bad link never leaves a page waiting.
import { Show } from "solid-js";
import { t } from "../i18n";
import { dismissNotice, playerNotice } from "../store/player";

export function PlayerNoticeBar() {
  const text = () => {
    const n = playerNotice();
    if (!n) return null;
    const w = t().identity.signIn;
    return n.kind === "signedIn" ? w.signedIn(n.name) : w[n.kind];
  };
  return (
    <Show when={text()}>
      <div class="notice" role={playerNotice()?.kind === "signedIn" ? "status" : "alert"} data-testid="player-notice" data-kind={playerNotice()?.kind}>
        <p>{text()}</p>
        <button type="button" onClick={dismissNotice}>
          {t().identity.signIn.dismiss}
        </button>
      </div>
    </Show>
  );
}
