-- contract: players.key_hash (moved to player_keys below). Expand and contract in ONE step, which
-- is what the rule now forbids: a Worker from before this migration reads players.key_hash, so
-- between `migrations apply` and the new Worker going live its sign-ins fail, and a rollback to
-- it stays broken. Kept as released (installations have applied it; D1 knows migrations by name):
-- an upgrade from before 0011 deploys the new Worker right after migrating (README, "Upgrading").
CREATE TABLE `passkeys` (
	`id` text PRIMARY KEY NOT NULL,
	`player_id` text NOT NULL,
	`public_key` text NOT NULL,
	`counter` integer DEFAULT 0 NOT NULL,
	`transports` text DEFAULT '' NOT NULL,
	`label` text DEFAULT '' NOT NULL,
	`created_at` integer NOT NULL,
	`last_used_at` integer
);
--> statement-breakpoint
CREATE INDEX `passkeys_player` ON `passkeys` (`player_id`);--> statement-breakpoint
CREATE TABLE `player_keys` (
	`id` text PRIMARY KEY NOT NULL,
	`player_id` text NOT NULL,
	`key_hash` text NOT NULL,
	`label` text DEFAULT '' NOT NULL,
	`via` text DEFAULT 'created' NOT NULL,
	`created_at` integer NOT NULL,
	`last_used_at` integer,
	`revoked_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `player_keys_key_hash_unique` ON `player_keys` (`key_hash`);--> statement-breakpoint
CREATE INDEX `player_keys_player` ON `player_keys` (`player_id`);--> statement-breakpoint
CREATE TABLE `sign_in_mails` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`player_id` text NOT NULL,
	`expires_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `sign_in_mails_player` ON `sign_in_mails` (`player_id`);--> statement-breakpoint
CREATE TABLE `webauthn_challenges` (
	`challenge` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`player_id` text,
	`expires_at` integer NOT NULL
);
--> statement-breakpoint
-- Every player's key so far becomes their first device (hand-written, drizzle-kit does not move data).
INSERT INTO `player_keys` (`id`, `player_id`, `key_hash`, `label`, `via`, `created_at`, `last_used_at`) SELECT 'd_' || lower(hex(randomblob(8))), `id`, `key_hash`, '', 'created', `created_at`, NULL FROM `players`;--> statement-breakpoint
DROP INDEX `players_key_hash_unique`;--> statement-breakpoint
ALTER TABLE `players` DROP COLUMN `key_hash`;