// Settings: sign-in links for the player's other devices. A link is made on request, works once
// and within a day; each is listed with the device it signed in, and revoking it can sign that
// device out too (worker/players/sign-in-links.ts).
import { createSignal, For, Show } from "solid-js";
import type { Profile } from "../api/players";
import * as signInApi from "../api/sign-in";
import { errorText } from "../i18n";
import { deviceWords } from "../i18n/device-words";
import { withKey } from "../store/player";
import { createRunner } from "../store/runner";
import { settings } from "../store/settings";

const when = (ms: number) => new Date(ms).toLocaleString(settings.lang() === "de" ? "de-AT" : "en-GB", { day: "numeric", month: "short", hour: "2-digit", minute: "2-digit" });

export function SignInLinks(props: { profile: Profile; reload: () => Promise<void> }) {
  const w = () => deviceWords().links;
  const [made, setMade] = createSignal<{ link: string; expiresAt: number } | null>(null);
  const { message, run } = createRunner((e) => errorText(e, deviceWords().errors), props.reload);
  const make = () => run(async () => setMade(await withKey(signInApi.makeLink)));
  const revoke = (id: string, signOut: boolean) => run(() => withKey((k) => signInApi.revokeLink(k, id, signOut)));
  return (
    <div class="signin-links" data-testid="signin-links">
      <h3>{w().title}</h3>
      <p class="help">{w().intro}</p>
      <p class="row">
        <button type="button" data-testid="make-link" onClick={make}>
          {w().make}
        </button>
      </p>
      <Show when={made()}>
        {(m) => (
          <p>
            <code class="signin" style={{ "word-break": "break-all" }}>
              {m().link}
            </code>{" "}
            <button type="button" onClick={() => navigator.clipboard?.writeText(m().link)}>
              {deviceWords().copy}
            </button>
            <br />
            <span class="help">{w().until(when(m().expiresAt))}</span>
          </p>
        )}
      </Show>
      <ul class="device-list">
        <For each={props.profile.signInLinks}>
          {(l) => (
            <li data-testid="signin-link">
              <span>
                {when(l.createdAt)} ·{" "}
                {l.usedAt === null ? w().unused : l.devices.map((d) => `${w().signedIn(d.label || deviceWords().unnamed)}${d.signedOut ? ` ${w().signedOut}` : ""}`).join(", ")}
              </span>
              <button type="button" onClick={() => revoke(l.id, false)}>
                {w().revoke}
              </button>
              <Show when={l.devices.some((d) => !d.signedOut)}>
                <button type="button" data-testid="revoke-link-devices" onClick={() => revoke(l.id, true)}>
                  {w().revokeAll}
                </button>
              </Show>
            </li>
          )}
        </For>
      </ul>
      <Show when={message()}>
        <p role="status">{message()}</p>
      </Show>
    </div>
  );
}
