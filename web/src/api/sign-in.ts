// Signing a device in (/api/players/signin…, an extension of API.md) and a player's devices and
// passkeys (/api/players/me/…). Every way of signing in answers this device's own new key.
import { call, post } from "./request";

export interface SignedIn {
  id: string;
  name: string;
  key: string;
}

/** What the server offers a device that holds nothing. */
export const ways = (): Promise<{ passkey: boolean; email: boolean }> => call("/api/players/signin");

/** A sign-in link's token (made on another device, good once): this device gets a key of its own. */
export const withLink = (token: string): Promise<SignedIn> => post("/api/players/signin", {}, token);

export const passkeyOptions = (): Promise<unknown> => post("/api/players/signin/passkey/options", {});
export const withPasskey = (response: unknown): Promise<SignedIn> => post("/api/players/signin/passkey", { response });

export const mailMe = (address: string): Promise<unknown> => post("/api/players/signin/email", { address });
export const withMail = (token: string): Promise<SignedIn> => post("/api/players/signin/email/redeem", { token });

export const revokeDevice = (key: string, id: string): Promise<unknown> => call(`/api/players/me/devices/${encodeURIComponent(id)}`, { method: "DELETE" }, key);
export const rotateKey = (key: string): Promise<{ key: string }> => post("/api/players/me/key", {}, key);

/** A sign-in link for another device: good once, for a day. */
export const makeLink = (key: string): Promise<{ id: string; link: string; expiresAt: number }> => post("/api/players/me/signin-links", {}, key);
/** Revokes a sign-in link; `signOut`: the device it signed in too. */
export const revokeLink = (key: string, id: string, signOut: boolean): Promise<unknown> =>
  call(`/api/players/me/signin-links/${encodeURIComponent(id)}${signOut ? "?signOut=1" : ""}`, { method: "DELETE" }, key);

export const registrationOptions = (key: string): Promise<unknown> => post("/api/players/me/passkeys/options", {}, key);
export const addPasskey = (key: string, response: unknown): Promise<{ id: string }> => post("/api/players/me/passkeys", { response }, key);
export const removePasskey = (key: string, id: string): Promise<unknown> => call(`/api/players/me/passkeys/${encodeURIComponent(id)}`, { method: "DELETE" }, key);
