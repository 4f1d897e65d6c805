CREATE TABLE `chat_messages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`room` text NOT NULL,
	`author` text NOT NULL,
	`name` text NOT NULL,
	`kind` text NOT NULL,
	`text` text NOT NULL,
	`at` integer NOT NULL,
	`hidden_at` integer
);
--> statement-breakpoint
CREATE INDEX `chat_messages_room` ON `chat_messages` (`room`,`id`);--> statement-breakpoint
CREATE INDEX `chat_messages_author` ON `chat_messages` (`room`,`author`,`at`);--> statement-breakpoint
CREATE TABLE `chat_readers` (
	`room` text NOT NULL,
	`reader` text NOT NULL,
	`last_read` integer DEFAULT 0 NOT NULL,
	`muted` integer DEFAULT false NOT NULL,
	`notify` integer DEFAULT false NOT NULL,
	PRIMARY KEY(`room`, `reader`)
);
--> statement-breakpoint
ALTER TABLE `feedback` ADD `room` text;--> statement-breakpoint
ALTER TABLE `feedback` ADD `message_id` integer;