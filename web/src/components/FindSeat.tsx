// A table link without a seat token (what messages carry, worker/notify/links.ts): the seat is
// found among this device's player's seats; a one-time sign-in in the link (#m_…, only in the
// player's own push or e-mail) signs a device that holds nothing in first. A device with neither
// is led to sign in.
import { createResource, Show, type JSX } from "solid-js";
import * as players from "../api/players";
import { A } from "../router";
import { playerKey, withKey } from "../store/player";
import { settings } from "../store/settings";

const words = {
  en: { finding: "Finding your seat…", none: "This device does not hold a seat at this table. Sign in (passkey, sign-in link or e-mail) on the settings page, then open the table again.", signIn: "Sign in" },
  de: { finding: "Dein Platz wird gesucht …", none: "Dieses Gerät hat keinen Platz an diesem Tisch. Melde dich auf der Einstellungsseite an (Passkey, Anmelde-Link oder E-Mail) und öffne den Tisch dann noch einmal.", signIn: "Anmelden" },
};

/** The seat token of `table` among the signed-in player's seats, after the sign-in `once` if there is one. */
async function seatToken(table: string, once: string | undefined): Promise<string | null> {
  if (once && !playerKey()) await (await import("../store/claim")).signIn(once);
  if (!playerKey()) return null;
  const me = await withKey(players.me).catch(() => null);
  const link = me?.seats.find((s) => s.table === table && s.link)?.link;
  return link ? decodeURIComponent(new URL(link).hash.slice(1)) || null : null;
}

export function FindSeat(props: { table: string; once?: string; children: (token: string) => JSX.Element }) {
  const w = () => words[settings.lang() === "en" ? "en" : "de"];
  const [token] = createResource(() => seatToken(props.table, props.once));
  return (
    <Show when={!token.loading} fallback={<p>{w().finding}</p>}>
      <Show
        when={token()}
        fallback={
          <p class="error" data-testid="no-seat">
            {w().none} <A href="/settings">{w().signIn}</A>
          </p>
        }
      >
        {(t) => props.children(t())}
      </Show>
    </Show>
  );
}
