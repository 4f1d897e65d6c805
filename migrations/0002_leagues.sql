CREATE TABLE `league_members` (
	`id` text PRIMARY KEY NOT NULL,
	`league_id` text NOT NULL,
	`name` text NOT NULL,
	`key_hash` text NOT NULL,
	`feed_hash` text NOT NULL,
	`player_id` text,
	`status` text NOT NULL,
	`joined_at` integer NOT NULL,
	`removed_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `league_members_key` ON `league_members` (`league_id`,`key_hash`);--> statement-breakpoint
CREATE TABLE `league_notices` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`league_id` text NOT NULL,
	`member_id` text,
	`kind` text NOT NULL,
	`data` text NOT NULL,
	`at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `league_notices_league` ON `league_notices` (`league_id`,`at`);--> statement-breakpoint
CREATE TABLE `league_rounds` (
	`league_id` text NOT NULL,
	`season` integer NOT NULL,
	`no` integer NOT NULL,
	`started_at` integer NOT NULL,
	`deadline` integer NOT NULL,
	`closed_at` integer,
	PRIMARY KEY(`league_id`, `season`, `no`)
);
--> statement-breakpoint
CREATE TABLE `league_seats` (
	`table_id` text NOT NULL,
	`seat` integer NOT NULL,
	`member_id` text,
	PRIMARY KEY(`table_id`, `seat`)
);
--> statement-breakpoint
CREATE TABLE `league_tables` (
	`table_id` text PRIMARY KEY NOT NULL,
	`league_id` text NOT NULL,
	`season` integer NOT NULL,
	`round` integer NOT NULL,
	`no` integer NOT NULL,
	`outcome` text,
	`result` text,
	`decided_at` integer
);
--> statement-breakpoint
CREATE INDEX `league_tables_round` ON `league_tables` (`league_id`,`season`,`round`);--> statement-breakpoint
CREATE TABLE `leagues` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`description` text NOT NULL,
	`rules` text NOT NULL,
	`table_size` integer NOT NULL,
	`allow_bots` integer NOT NULL,
	`bot_level` text NOT NULL,
	`round_days` integer NOT NULL,
	`decision_hours` integer,
	`season_rounds` integer NOT NULL,
	`visibility` text NOT NULL,
	`season` integer NOT NULL,
	`admin_hash` text NOT NULL,
	`invite_hash` text NOT NULL,
	`admin_feed_hash` text NOT NULL,
	`created_at` integer NOT NULL
);
