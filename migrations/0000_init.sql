CREATE TABLE `actions` (
	`table_id` text NOT NULL,
	`version` integer NOT NULL,
	`seat` integer NOT NULL,
	`action` text NOT NULL,
	`at` integer NOT NULL,
	PRIMARY KEY(`table_id`, `version`)
);
--> statement-breakpoint
CREATE TABLE `feedback` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`text` text NOT NULL,
	`contact` text,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `seats` (
	`table_id` text NOT NULL,
	`seat` integer NOT NULL,
	`name` text NOT NULL,
	`token_hash` text,
	`bot` text,
	PRIMARY KEY(`table_id`, `seat`)
);
--> statement-breakpoint
CREATE TABLE `tables` (
	`id` text PRIMARY KEY NOT NULL,
	`rules` text NOT NULL,
	`state` text NOT NULL,
	`version` integer NOT NULL,
	`phase` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
