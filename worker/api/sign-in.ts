// Signing a device in (API extension, not part of API.md's core): with a sign-in link another
// device made (good once), a passkey, or a one-time link by e-mail or in a turn message; each
// gives this device a key of its own. And a player's own devices, sign-in links and passkeys:
// listed in the profile, revoked here, the key rotated.
import { Hono, type Context } from "hono";
import * as v from "valibot";
import type { Env } from "../base/env";
import { raise } from "../base/failure";
import { jsonBody } from "./json-body";
import { spend } from "./quota";
import { keyHolder } from "./players";
import { bearer } from "./guard";
import { LINK_TOKEN, makeSignInLink, redeemSignInLink, revokeSignInLink } from "../players/sign-in-links";
import { deviceLabel, issueKey, revokeDevice, rotateKey } from "../players/devices";
import { playerById } from "../players/store";
import { register, registrationOptions, removePasskey, signInOptions, signInWithPasskey, siteOf } from "../players/passkeys";
import { mailConfigured, playerWithAddress, redeemMailToken, sendSignInMail } from "../notify/sign-in-mail";
import { publicOrigin } from "./public-origin";

type Ctx = Context<{ Bindings: Env }>;

export const signIn = new Hono<{ Bindings: Env }>();

const text = (max: number) => v.pipe(v.string(), v.maxLength(max));
// The browser's answer, as @simplewebauthn/browser hands it over; worker/players/webauthn/ checks
// what the fields hold.
const answer = <T extends v.ObjectEntries>(response: T) =>
  v.object({
    response: v.looseObject({
      id: text(1400),
      rawId: text(1400),
      type: v.literal("public-key"),
      clientExtensionResults: v.optional(v.looseObject({}), {}),
      response: v.looseObject(response),
    }),
  });
const RegistrationBody = answer({ clientDataJSON: text(4000), attestationObject: text(8000), transports: v.optional(v.array(text(20))) });
const SignInBody = answer({ clientDataJSON: text(4000), authenticatorData: text(4000), signature: text(1400), userHandle: v.optional(text(200)) });
const AddressBody = v.object({ address: v.pipe(v.string(), v.trim(), v.maxLength(254), v.email("address: not an e-mail address.")) });
const TokenBody = v.object({ token: text(100) });

/** A new key for the device asking, as every way of signing in answers. */
async function signedIn(c: Ctx, playerId: string, via: "link" | "passkey" | "email" | "message", linkId: string | null = null) {
  const player = await playerById(c.env.DB, playerId);
  if (!player) return raise(401, "UNAUTHORIZED", "This player no longer exists.");
  const { key } = await issueKey(c.env.DB, player.id, deviceLabel(c.req.header("User-Agent")), via, linkId);
  return c.json({ id: player.id, name: player.name, key }, 200);
}

/** What this server offers a device that holds nothing. */
signIn.get("/signin", (c) => c.json({ passkey: true, email: mailConfigured(c.env) }));

/** A sign-in link opened (its token as the bearer): taken, and this device gets a key of its own. */
signIn.post("/signin", async (c) => {
  const token = bearer(c);
  if (!token || !LINK_TOKEN.test(token)) return raise(401, "UNAUTHORIZED", "A sign-in link's token is required (Authorization: Bearer sl_…); a device's key is not one.");
  const link = await redeemSignInLink(c.env.DB, token);
  if (!link) return raise(401, "LINK_SPENT", "This sign-in link was used already, revoked or has expired: make a new one on a signed-in device.");
  return signedIn(c, link.playerId, "link", link.id);
});

/** A sign-in link for another device: good once, for a day. */
signIn.post("/me/signin-links", async (c) => {
  const me = await keyHolder(c);
  const made = await makeSignInLink(c.env.DB, me.player.id);
  return c.json({ id: made.id, link: `${publicOrigin(c)}/signin#${made.token}`, expiresAt: made.expiresAt }, 201);
});

/** Revokes a sign-in link; `?signOut=1` signs out the device it signed in as well. */
signIn.delete("/me/signin-links/:id", async (c) => {
  const me = await keyHolder(c);
  if (!(await revokeSignInLink(c.env.DB, me.player.id, c.req.param("id"), c.req.query("signOut") === "1"))) return raise(404, "NOT_FOUND", "There is no such sign-in link.");
  return c.body(null, 204);
});

signIn.post("/signin/passkey/options", async (c) => c.json(await signInOptions(c.env.DB, siteOf(publicOrigin(c)))));

signIn.post("/signin/passkey", jsonBody(SignInBody), async (c) => {
  const body = c.req.valid("json");
  const r = await signInWithPasskey(c.env.DB, siteOf(publicOrigin(c)), body.response);
  if (!r.ok) return raise(r.status, r.code, r.message);
  return signedIn(c, r.playerId, "passkey");
});

/**
 * A one-time link to the address, if a player registered it as an e-mail channel. The answer is
 * the same either way (202), so that nobody learns from it whose address it is.
 */
signIn.post("/signin/email", jsonBody(AddressBody), async (c) => {
  if (!mailConfigured(c.env)) return raise(400, "NO_EMAIL", "This server sends no e-mail.");
  const body = c.req.valid("json");
  const player = await playerWithAddress(c.env.DB, body.address);
  await spend(c, "signInMails", player?.id ?? null);
  // Sent after the answer, so that its time does not tell either.
  if (player) c.executionCtx.waitUntil(sendSignInMail(c.env, publicOrigin(c), player, body.address));
  return c.json({ sent: true }, 202);
});

signIn.post("/signin/email/redeem", jsonBody(TokenBody), async (c) => {
  const body = c.req.valid("json");
  const found = await redeemMailToken(c.env.DB, body.token);
  if (!found) return raise(401, "LINK_SPENT", "This sign-in link was used already or has expired: ask for a new one.");
  return signedIn(c, found.playerId, found.via);
});

// The player's own devices and passkeys (the profile lists them).

signIn.delete("/me/devices/:id", async (c) => {
  const me = await keyHolder(c);
  if (!(await revokeDevice(c.env.DB, me.player.id, c.req.param("id")))) return raise(404, "NOT_FOUND", "There is no such device.");
  return c.body(null, 204);
});

/** A new key for this device; the old key stops at once. */
signIn.post("/me/key", async (c) => {
  const me = await keyHolder(c);
  const next = await rotateKey(c.env.DB, me.player.id, me.device);
  if (!next) return raise(401, "KEY_REVOKED", "This device was signed out meanwhile.");
  return c.json({ key: next.key }, 200);
});

signIn.post("/me/passkeys/options", async (c) => {
  const me = await keyHolder(c);
  return c.json(await registrationOptions(c.env.DB, siteOf(publicOrigin(c)), me.player));
});

signIn.post("/me/passkeys", jsonBody(RegistrationBody), async (c) => {
  const me = await keyHolder(c);
  const body = c.req.valid("json");
  const r = await register(c.env.DB, siteOf(publicOrigin(c)), me.player.id, body.response, deviceLabel(c.req.header("User-Agent")));
  if (!r.ok) return raise(r.status, r.code, r.message);
  return c.json({ id: r.id }, 201);
});

signIn.delete("/me/passkeys/:id", async (c) => {
  const me = await keyHolder(c);
  if (!(await removePasskey(c.env.DB, me.player.id, c.req.param("id")))) return raise(404, "NOT_FOUND", "There is no such passkey.");
  return c.body(null, 204);
});
