CREATE TABLE `league_admin_log` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`league_id` text NOT NULL,
	`action` text NOT NULL,
	`data` text NOT NULL,
	`at` integer NOT NULL,
	`undo_until` integer,
	`undone_at` integer
);
--> statement-breakpoint
CREATE INDEX `league_admin_log_league` ON `league_admin_log` (`league_id`,`at`);--> statement-breakpoint
CREATE TABLE `league_admins` (
	`league_id` text NOT NULL,
	`player_id` text NOT NULL,
	`admin_key` text NOT NULL,
	`at` integer NOT NULL,
	PRIMARY KEY(`league_id`, `player_id`)
);
--> statement-breakpoint
CREATE INDEX `league_admins_player` ON `league_admins` (`player_id`);