// A secret link with what one does with it: copy, share (the Web Share API, on phones), QR code.
import { createSignal, Show } from "solid-js";
import { t } from "../i18n";
import { hostWords } from "../i18n/host-words";
import { QrCode } from "./QrCode";

export function LinkTools(props: { link: string; label: string; id: string }) {
  const [copied, setCopied] = createSignal(false);
  const [qr, setQr] = createSignal(false);
  const canShare = typeof navigator !== "undefined" && typeof navigator.share === "function";
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(props.link);
    } catch {
      // No clipboard (insecure context): select the text so that it can be copied by hand.
      (document.getElementById(props.id) as HTMLInputElement | null)?.select();
    }
    setCopied(true);
  };
  return (
    <>
      <div class="link-row">
        <input id={props.id} class="seat-link" readonly value={props.link} aria-label={props.label} onFocus={(e) => e.currentTarget.select()} />
        <button type="button" onClick={copy}>
          {copied() ? t().copied : t().copy}
        </button>
        <Show when={canShare}>
          <button type="button" onClick={() => navigator.share({ title: "Muli", url: props.link }).catch(() => undefined)}>
            {hostWords().share}
          </button>
        </Show>
        <button type="button" aria-expanded={qr()} onClick={() => setQr(!qr())}>
          {t().showQr}
        </button>
      </div>
      <Show when={qr()}>
        <QrCode text={props.link} label={`${t().qrHelp}: ${props.label}`} />
      </Show>
    </>
  );
}
