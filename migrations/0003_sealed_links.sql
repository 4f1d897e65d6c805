ALTER TABLE `outbox` ADD `links` text;
--> statement-breakpoint
-- Seat links are now sealed (AES-GCM, worker/players/link-crypto.ts). SQL cannot seal the old
-- plaintext ones, so they are dropped (only local development data existed), and so are outbox
-- rows whose messages carried them in plain text.
DELETE FROM `player_seats` WHERE `link` NOT LIKE 'v1.%';
--> statement-breakpoint
DELETE FROM `outbox` WHERE `links` IS NULL AND `payload` LIKE '%#%';
