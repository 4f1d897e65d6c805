// After creating a table: every seat's personal link, with a copy button and a QR code, and a
// button to open your own seat.
import { createSignal, For, Show } from "solid-js";
import type { CreatedSeat } from "../api/tables";
import { navigate } from "../router";
import { t } from "../i18n";
import { QrCode } from "./QrCode";

export function SeatLinks(props: { result: { id: string; seats: CreatedSeat[] }; me: number }) {
  const [copied, setCopied] = createSignal<number | null>(null);
  const [qr, setQr] = createSignal<number | null>(null);
  const mine = () => props.result.seats.find((s) => s.seat === props.me);
  const copy = async (s: CreatedSeat) => {
    try {
      await navigator.clipboard.writeText(s.link!);
    } catch {
      // No clipboard (insecure context): select the text so that it can be copied by hand.
      const el = document.getElementById(`link-${s.seat}`) as HTMLInputElement | null;
      el?.select();
    }
    setCopied(s.seat);
  };
  return (
    <div class="links" data-testid="links" data-table={props.result.id}>
      <h1>{t().tableReady}</h1>
      <p>{t().linksHelp}</p>
      <ul>
        <For each={props.result.seats}>
          {(s) => (
            <li data-seat={s.seat}>
              <strong>{s.name}</strong>
              <Show when={s.link} fallback={<span class="help"> ({t().bot})</span>}>
                <div class="link-row">
                  <input id={`link-${s.seat}`} class="seat-link" readonly value={s.link ?? ""} aria-label={s.name} onFocus={(e) => e.currentTarget.select()} />
                  <button type="button" onClick={() => copy(s)}>
                    {copied() === s.seat ? t().copied : t().copy}
                  </button>
                  <button type="button" aria-expanded={qr() === s.seat} onClick={() => setQr(qr() === s.seat ? null : s.seat)}>
                    {t().showQr}
                  </button>
                </div>
                <Show when={qr() === s.seat}>
                  <QrCode text={s.link!} label={`${t().qrHelp}: ${s.name}`} />
                </Show>
              </Show>
            </li>
          )}
        </For>
      </ul>
      <Show when={mine()?.link}>
        <button
          type="button"
          class="primary"
          onClick={() => {
            const u = new URL(mine()!.link!, location.href);
            navigate(u.pathname + u.hash);
          }}
        >
          {t().openMySeat}
        </button>
      </Show>
    </div>
  );
}
