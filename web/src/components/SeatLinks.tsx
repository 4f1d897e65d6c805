// After creating a table: every seat's personal link (copy, share, QR code), the host's own link
// (which shows them all again later), and a button to open your own seat.
import { For, Show } from "solid-js";
import type { CreatedTable } from "../api/tables";
import { A, navigate } from "../router";
import { t } from "../i18n";
import { hostWords } from "../i18n/host-words";
import { LinkTools } from "./LinkTools";

export function SeatLinks(props: { result: CreatedTable; me: number }) {
  const mine = () => props.result.seats.find((s) => s.seat === props.me);
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
                <LinkTools link={s.link!} label={s.name} id={`link-${s.seat}`} />
              </Show>
            </li>
          )}
        </For>
      </ul>
      <p class="help">
        {hostWords().hostLinkHelp}{" "}
        <A href={`/t/${encodeURIComponent(props.result.id)}/host`}>{hostWords().openHost}</A>
      </p>
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
