-- Delivery you can trust (worker/notify/escalation.ts): push messages confirmed shown and opened by
-- the service worker; a turn message not confirmed in time goes once by the next kind of channel.
CREATE TABLE `escalations` (
	`id` text PRIMARY KEY NOT NULL,
	`player_id` text NOT NULL,
	`tables` text NOT NULL,
	`from_tier` integer NOT NULL,
	`due_at` integer NOT NULL,
	`status` text NOT NULL,
	`created_at` integer NOT NULL,
	`done_at` integer
);
--> statement-breakpoint
CREATE INDEX `escalations_created` ON `escalations` (`created_at`);--> statement-breakpoint
ALTER TABLE `outbox` ADD `message_id` text;--> statement-breakpoint
ALTER TABLE `outbox` ADD `receipt_hash` text;--> statement-breakpoint
ALTER TABLE `outbox` ADD `shown_at` integer;--> statement-breakpoint
ALTER TABLE `outbox` ADD `opened_at` integer;--> statement-breakpoint
ALTER TABLE `outbox` ADD `escalated_at` integer;--> statement-breakpoint
ALTER TABLE `outbox` ADD `resent` integer DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX `outbox_receipt` ON `outbox` (`receipt_hash`);--> statement-breakpoint
CREATE INDEX `outbox_message` ON `outbox` (`message_id`);--> statement-breakpoint
ALTER TABLE `players` ADD `resend_after` integer DEFAULT 120;