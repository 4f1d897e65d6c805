// What became of a sign-in (a link, a passkey, an e-mail) or of this browser's key: shown above
// every page until dismissed, so a bad link never leaves a page waiting. Loaded only once there
// is a notice (App.tsx).
import { Show } from "solid-js";
import { keepWords } from "../i18n/keep-words";
import { dismissNotice, playerNotice } from "../store/player";

export default function PlayerNoticeBar() {
  const text = () => {
    const n = playerNotice();
    if (!n) return null;
    const w = keepWords().signIn;
    return n.kind === "signedIn" ? w.signedIn(n.name) : w[n.kind];
  };
  return (
    <Show when={text()}>
      <div class="notice" role={playerNotice()?.kind === "signedIn" ? "status" : "alert"} data-testid="player-notice" data-kind={playerNotice()?.kind}>
        <p>{text()}</p>
        <button type="button" onClick={dismissNotice}>
          {keepWords().signIn.dismiss}
        </button>
      </div>
    </Show>
  );
}
