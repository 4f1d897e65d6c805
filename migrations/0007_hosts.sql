CREATE TABLE `seat_links` (
	`table_id` text NOT NULL,
	`seat` integer NOT NULL,
	`link` text NOT NULL,
	`issued_at` integer NOT NULL,
	PRIMARY KEY(`table_id`, `seat`)
);
--> statement-breakpoint
CREATE TABLE `table_hosts` (
	`table_id` text PRIMARY KEY NOT NULL,
	`key_hash` text NOT NULL,
	`link` text NOT NULL,
	`player_id` text,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `table_hosts_player` ON `table_hosts` (`player_id`);