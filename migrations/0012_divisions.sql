CREATE TABLE `league_divisions` (
	`league_id` text NOT NULL,
	`season` integer NOT NULL,
	`member_id` text NOT NULL,
	`division` integer NOT NULL,
	`move` text,
	PRIMARY KEY(`league_id`, `season`, `member_id`)
);
--> statement-breakpoint
ALTER TABLE `seats` ADD `took_over` text;--> statement-breakpoint
ALTER TABLE `league_members` ADD `reserve` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `league_seats` ADD `taken_over` text;--> statement-breakpoint
ALTER TABLE `league_tables` ADD `division` integer;--> statement-breakpoint
ALTER TABLE `leagues` ADD `division_size` integer;--> statement-breakpoint
ALTER TABLE `leagues` ADD `division_moves` integer DEFAULT 1 NOT NULL;