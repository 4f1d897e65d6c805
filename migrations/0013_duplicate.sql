ALTER TABLE `tables` ADD `pool` text;--> statement-breakpoint
ALTER TABLE `league_rounds` ADD `duplicate` integer DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX `tables_pool` ON `tables` (`pool`) WHERE `pool` IS NOT NULL;
