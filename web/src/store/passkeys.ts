// Passkeys in this browser: the WebAuthn part (@simplewebauthn/browser) is loaded only when a
// passkey is made or used, from Settings, never with the table page.
import * as signInApi from "../api/sign-in";
import { adopt } from "./claim";
import { withKey } from "./player";

export const passkeysWork = (): boolean => typeof window.PublicKeyCredential === "function";

/** A passkey for the player signed in here (the browser asks the person to confirm). */
export async function addPasskey(): Promise<void> {
  const { startRegistration } = await import("@simplewebauthn/browser");
  const options = await withKey(signInApi.registrationOptions);
  const response = await startRegistration({ optionsJSON: options as Parameters<typeof startRegistration>[0]["optionsJSON"] });
  await withKey((k) => signInApi.addPasskey(k, response));
}

/** This device, holding nothing, signs in with a passkey and gets a key of its own. */
export async function signInWithPasskey(): Promise<void> {
  const { startAuthentication } = await import("@simplewebauthn/browser");
  const options = await signInApi.passkeyOptions();
  const response = await startAuthentication({ optionsJSON: options as Parameters<typeof startAuthentication>[0]["optionsJSON"] });
  adopt(await signInApi.withPasskey(response));
}
