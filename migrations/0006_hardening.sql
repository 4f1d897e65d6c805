CREATE TABLE `league_bans` (
	`league_id` text NOT NULL,
	`kind` text NOT NULL,
	`value` text NOT NULL,
	`member_id` text NOT NULL,
	`at` integer NOT NULL,
	PRIMARY KEY(`league_id`, `kind`, `value`)
);
--> statement-breakpoint
CREATE TABLE `write_counts` (
	`key` text NOT NULL,
	`window` integer NOT NULL,
	`n` integer NOT NULL,
	PRIMARY KEY(`key`, `window`)
);
--> statement-breakpoint
ALTER TABLE `league_members` ADD `name_key` text;--> statement-breakpoint
ALTER TABLE `league_members` ADD `join_address` text;--> statement-breakpoint
CREATE UNIQUE INDEX `league_members_name` ON `league_members` (`league_id`,`name_key`) WHERE status = 'active';--> statement-breakpoint
ALTER TABLE `league_seats` ADD `link` text;--> statement-breakpoint
ALTER TABLE `leagues` ADD `invite_gen` integer DEFAULT 0 NOT NULL;