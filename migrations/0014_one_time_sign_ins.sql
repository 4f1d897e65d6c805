CREATE TABLE `sign_in_links` (
	`id` text PRIMARY KEY NOT NULL,
	`player_id` text NOT NULL,
	`token_hash` text NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	`revoked_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `sign_in_links_token_hash_unique` ON `sign_in_links` (`token_hash`);--> statement-breakpoint
CREATE INDEX `sign_in_links_player` ON `sign_in_links` (`player_id`);--> statement-breakpoint
ALTER TABLE `player_keys` ADD `link_id` text;--> statement-breakpoint
ALTER TABLE `sign_in_mails` ADD `via` text DEFAULT 'email' NOT NULL;