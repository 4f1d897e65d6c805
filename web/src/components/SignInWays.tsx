// Settings on a device that holds nothing: sign in with a passkey, or (where the server sends
// e-mail) have a one-time sign-in link sent. Loaded with Settings' player part; the WebAuthn code
// only when the passkey button is pressed.
import { createResource, createSignal, Show } from "solid-js";
import * as signInApi from "../api/sign-in";
import { ApiError } from "../api/request";
import { errorText } from "../i18n";
import { deviceWords, signInWords } from "../i18n/device-words";
import { passkeysWork, signInWithPasskey } from "../store/passkeys";
import { createRunner } from "../store/runner";

export default function SignInWays() {
  const w = signInWords;
  const [ways] = createResource(() => signInApi.ways().catch(() => ({ passkey: true, email: false })));
  const [address, setAddress] = createSignal("");
  const { message, run } = createRunner((e) => (e instanceof ApiError ? errorText(e, deviceWords().errors) : deviceWords().cancelled));
  return (
    <fieldset class="sign-in-ways" data-testid="sign-in-ways">
      <legend>{w().title}</legend>
      <p>{w().intro}</p>
      <Show when={passkeysWork()}>
        <p>
          <button type="button" data-testid="passkey-sign-in" onClick={() => run(signInWithPasskey)}>
            {w().passkey}
          </button>
        </p>
      </Show>
      <Show
        when={ways()?.email}
        fallback={
          <Show when={ways()}>
            <p class="help" data-testid="why-no-email-sign-in">
              {w().noEmail}
            </p>
          </Show>
        }
      >
        <form class="row" onSubmit={(e) => (e.preventDefault(), run(() => signInApi.mailMe(address().trim()), w().mailed))}>
          <label>
            {w().email}
            <input type="email" name="signInAddress" required maxLength={254} value={address()} onInput={(e) => setAddress(e.currentTarget.value)} />
          </label>
          <button type="submit">{w().mailMe}</button>
        </form>
      </Show>
      <Show when={message()}>
        <p role="status">{message()}</p>
      </Show>
    </fieldset>
  );
}
