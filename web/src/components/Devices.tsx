// Settings: the player's devices (each with its own key), sign-in links and passkeys, each
// revocable, a passkey added, and a new key for this device. Loaded with Settings' player
// part, the WebAuthn code only when a passkey is added.
import { createSignal, For, Show } from "solid-js";
import type { Profile } from "../api/players";
import * as signInApi from "../api/sign-in";
import { ApiError } from "../api/request";
import { errorText } from "../i18n";
import { deviceWords } from "../i18n/device-words";
import { setPlayerKey, withKey } from "../store/player";
import { createRunner } from "../store/runner";
import { settings } from "../store/settings";
import { addPasskey, passkeysWork } from "../store/passkeys";
import { SignInLinks } from "./SignInLinks";

const day = (ms: number | null) => (ms === null ? "" : new Date(ms).toLocaleDateString(settings.lang() === "de" ? "de-AT" : "en-GB", { day: "numeric", month: "short", year: "numeric" }));

export default function Devices(props: { profile: Profile; reload: () => Promise<void> }) {
  const w = deviceWords;
  const [asking, setAsking] = createSignal(false);
  const { message, run } = createRunner((e) => (e instanceof ApiError ? errorText(e, w().errors) : w().cancelled), props.reload);
  const rotate = () =>
    run(async () => {
      setAsking(false);
      const next = await withKey(signInApi.rotateKey);
      setPlayerKey(next.key);
    }, w().rotated);

  return (
    <fieldset class="devices" data-testid="devices">
      <legend>{w().title}</legend>
      <p class="help">{w().intro}</p>
      <ul class="device-list">
        <For each={props.profile.devices}>
          {(d) => (
            <li data-testid="device" data-current={d.current ? "yes" : "no"}>
              <span>
                <strong>{d.label || w().unnamed}</strong> · {w().via[d.via] ?? d.via} · {w().since(day(d.createdAt))}
                {d.lastUsedAt ? ` · ${w().used(day(d.lastUsedAt))}` : ""}
              </span>
              <Show when={!d.current} fallback={<em>({w().thisDevice})</em>}>
                <button type="button" onClick={() => run(() => withKey((k) => signInApi.revokeDevice(k, d.id)))}>
                  {w().revoke}
                </button>
              </Show>
            </li>
          )}
        </For>
      </ul>
      <SignInLinks profile={props.profile} reload={props.reload} />
      <h3>{w().passkeys}</h3>
      <Show when={props.profile.passkeys.length} fallback={<p class="help">{w().noPasskeys}</p>}>
        <ul class="device-list">
          <For each={props.profile.passkeys}>
            {(k) => (
              <li data-testid="passkey">
                <span>
                  <strong>{k.label || w().unnamed}</strong> · {w().since(day(k.createdAt))}
                  {k.lastUsedAt ? ` · ${w().used(day(k.lastUsedAt))}` : ""}
                </span>
                <button type="button" onClick={() => run(() => withKey((key) => signInApi.removePasskey(key, k.id)))}>
                  {w().remove}
                </button>
              </li>
            )}
          </For>
        </ul>
      </Show>
      <p class="row">
        <Show when={passkeysWork()} fallback={<span class="help">{w().noPasskeySupport}</span>}>
          <button type="button" data-testid="add-passkey" onClick={() => run(addPasskey, w().passkeyAdded)}>
            {w().addPasskey}
          </button>
        </Show>{" "}
        <button type="button" data-testid="rotate" onClick={() => setAsking(true)}>
          {w().rotate}
        </button>
      </p>
      <Show when={asking()}>
        <div class="ask" role="alertdialog" aria-label={w().rotate}>
          <p>{w().rotateAsk}</p>
          <button type="button" data-testid="rotate-yes" onClick={rotate}>
            {w().rotateYes}
          </button>
          <button type="button" class="primary" onClick={() => setAsking(false)}>
            {w().rotateNo}
          </button>
        </div>
      </Show>
      <Show when={message()}>
        <p role="status" data-testid="devices-message">
          {message()}
        </p>
      </Show>
    </fieldset>
  );
}
