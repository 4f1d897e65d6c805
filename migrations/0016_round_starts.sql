-- A round is started in slices (worker/leagues/round-job.ts): its row is claimed at once and reads
-- as starting until its tables and notices are in, in one batch with this flag cleared.
ALTER TABLE `league_rounds` ADD `starting` integer DEFAULT false NOT NULL;
