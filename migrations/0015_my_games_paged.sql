ALTER TABLE `player_seats` ADD `finished_at` integer;--> statement-breakpoint
CREATE INDEX `player_seats_finished` ON `player_seats` (`player_id`,`finished_at`);