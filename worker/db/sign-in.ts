// How a player signs in: one key per device (listed, revocable), passkeys, and the short-lived
// single-use secrets of a sign-in in progress (a passkey's challenge, an e-mailed link).
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

/** A device's key. A revoked key's row stays, so that its next request hears why it stopped. */
export const playerKeys = sqliteTable(
  "player_keys",
  {
    /** `d_…`: names the device in the list (not a secret). */
    id: text("id").primaryKey(),
    playerId: text("player_id").notNull(),
    /** Hex SHA-256 of the key (the key itself stays on the device). */
    keyHash: text("key_hash").notNull().unique(),
    /** "Chrome · Android", from the device's User-Agent when the key was made. */
    label: text("label").notNull().default(""),
    /** How the device got its key. */
    via: text("via", { enum: ["created", "link", "passkey", "email", "message", "rotated"] }).notNull().default("created"),
    /** The sign-in link (sign_in_links.id) this device was signed in with, if any. */
    linkId: text("link_id"),
    createdAt: integer("created_at").notNull(),
    /** Written at most once an hour (not on every request). */
    lastUsedAt: integer("last_used_at"),
    revokedAt: integer("revoked_at"),
  },
  (t) => [index("player_keys_player").on(t.playerId)],
);

/** A WebAuthn credential registered by a player (the public key only). */
export const passkeys = sqliteTable(
  "passkeys",
  {
    /** The credential id, base64url. */
    id: text("id").primaryKey(),
    playerId: text("player_id").notNull(),
    /** The COSE public key, base64url. */
    publicKey: text("public_key").notNull(),
    counter: integer("counter").notNull().default(0),
    /** Comma-separated transports the authenticator named ("internal,hybrid"). */
    transports: text("transports").notNull().default(""),
    label: text("label").notNull().default(""),
    createdAt: integer("created_at").notNull(),
    lastUsedAt: integer("last_used_at"),
  },
  (t) => [index("passkeys_player").on(t.playerId)],
);

/**
 * A WebAuthn challenge handed out and not yet answered: taken (deleted) by the first answer, so it
 * is used once; refused after `expiresAt`. `playerId` is set when registering a passkey.
 */
export const webauthnChallenges = sqliteTable("webauthn_challenges", {
  challenge: text("challenge").primaryKey(),
  kind: text("kind", { enum: ["register", "signIn"] }).notNull(),
  playerId: text("player_id"),
  expiresAt: integer("expires_at").notNull(),
});

/**
 * A one-time sign-in sent to the player alone, stored hashed; deleted when used. `email`: asked
 * for on the sign-in page; `message`: carried by a turn message to the player's own push or e-mail.
 */
export const signInMails = sqliteTable(
  "sign_in_mails",
  {
    tokenHash: text("token_hash").primaryKey(),
    playerId: text("player_id").notNull(),
    expiresAt: integer("expires_at").notNull(),
    via: text("via", { enum: ["email", "message"] }).notNull().default("email"),
  },
  (t) => [index("sign_in_mails_player").on(t.playerId)],
);

/**
 * A sign-in link one device made for another: good once and for a short time. Its row stays after
 * use, so that the device it made is listed with it and revoking it can sign that device out.
 */
export const signInLinks = sqliteTable(
  "sign_in_links",
  {
    /** `l_…`: names the link in the list (not a secret). */
    id: text("id").primaryKey(),
    playerId: text("player_id").notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    createdAt: integer("created_at").notNull(),
    expiresAt: integer("expires_at").notNull(),
    usedAt: integer("used_at"),
    revokedAt: integer("revoked_at"),
  },
  (t) => [index("sign_in_links_player").on(t.playerId)],
);
