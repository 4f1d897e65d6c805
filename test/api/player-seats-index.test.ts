// "My games" reads a player's seats by player: the running ones, then the finished ones a page at
// a time (worker/players/store.ts). One index, (player_id, finished_at), serves all of them; the
// index on player_id alone was dropped as redundant (migrations/0016). These are the queries'
// shapes as the store builds them, asked of SQLite's planner on the migrated directory.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";

const plan = async (sql: string, ...params: unknown[]): Promise<string> => {
  const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`).bind(...params).all<{ detail: string }>();
  return results.map((r) => r.detail).join("\n");
};

describe("player_seats: one index for reads by player", () => {
  it("only player_seats_finished indexes player_id", async () => {
    const { results } = await env.DB.prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'player_seats' AND sql IS NOT NULL ORDER BY name").all<{ name: string }>();
    expect(results.map((r) => r.name)).toEqual(["player_seats_finished"]);
  });

  it("the running seats, the first finished page and a later page search that index", async () => {
    const running = await plan("SELECT table_id, seat, link FROM player_seats WHERE player_id = ? AND finished_at IS NULL ORDER BY linked_at DESC", "p");
    const first = await plan("SELECT table_id, seat, link FROM player_seats WHERE player_id = ? AND finished_at IS NOT NULL ORDER BY finished_at DESC, table_id DESC, seat DESC LIMIT 11", "p");
    const later = await plan(
      "SELECT table_id, seat, link FROM player_seats WHERE player_id = ? AND (finished_at, table_id, seat) < (?, ?, ?) ORDER BY finished_at DESC, table_id DESC, seat DESC LIMIT 11",
      "p",
      5,
      "t",
      1,
    );
    for (const p of [running, first, later]) {
      expect(p).toMatch(/SEARCH player_seats USING INDEX player_seats_finished \(player_id=\?/);
      expect(p).not.toMatch(/SCAN player_seats/);
    }
  });
});
