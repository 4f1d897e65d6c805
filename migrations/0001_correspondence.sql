CREATE TABLE `channels` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`player_id` text NOT NULL,
	`kind` text NOT NULL,
	`config` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `channels_player` ON `channels` (`player_id`);--> statement-breakpoint
CREATE TABLE `notices` (
	`id` text PRIMARY KEY NOT NULL,
	`player_id` text NOT NULL,
	`table_id` text NOT NULL,
	`seat` integer NOT NULL,
	`version` integer NOT NULL,
	`kind` text NOT NULL,
	`deadline` integer,
	`status` text NOT NULL,
	`claimed_at` integer,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `notices_player_status` ON `notices` (`player_id`,`status`);--> statement-breakpoint
CREATE TABLE `outbox` (
	`id` text PRIMARY KEY NOT NULL,
	`player_id` text NOT NULL,
	`channel_id` integer NOT NULL,
	`channel_kind` text NOT NULL,
	`kind` text NOT NULL,
	`payload` text NOT NULL,
	`status` text NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`lease_until` integer,
	`last_error` text,
	`created_at` integer NOT NULL,
	`sent_at` integer
);
--> statement-breakpoint
CREATE INDEX `outbox_player` ON `outbox` (`player_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `player_seats` (
	`table_id` text NOT NULL,
	`seat` integer NOT NULL,
	`player_id` text NOT NULL,
	`link` text NOT NULL,
	`linked_at` integer NOT NULL,
	PRIMARY KEY(`table_id`, `seat`)
);
--> statement-breakpoint
CREATE INDEX `player_seats_player` ON `player_seats` (`player_id`);--> statement-breakpoint
CREATE TABLE `players` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`key_hash` text NOT NULL,
	`time_zone` text DEFAULT 'UTC' NOT NULL,
	`quiet_start` integer,
	`quiet_end` integer,
	`auto_play` integer DEFAULT true NOT NULL,
	`language` text DEFAULT 'de' NOT NULL,
	`vacation_from` integer,
	`vacation_until` integer,
	`vacation_year` integer,
	`vacation_days_used` integer DEFAULT 0 NOT NULL,
	`last_sent_at` integer,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `players_key_hash_unique` ON `players` (`key_hash`);--> statement-breakpoint
CREATE TABLE `table_options` (
	`table_id` text PRIMARY KEY NOT NULL,
	`decision_ms` integer,
	`on_timeout` text DEFAULT 'botOnce' NOT NULL,
	`auto_play` integer DEFAULT true NOT NULL
);
