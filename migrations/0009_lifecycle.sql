ALTER TABLE `seats` ADD `left_bot` text;--> statement-breakpoint
ALTER TABLE `tables` ADD `rematch` text;--> statement-breakpoint
ALTER TABLE `tables` ADD `ended` text;