-- contract: player_seats_player (player_id) goes; player_seats_finished (player_id, finished_at), since 0015, serves every read by player (EXPLAIN QUERY PLAN: test/api/player-seats-index.test.ts), and no query names an index
DROP INDEX `player_seats_player`;
