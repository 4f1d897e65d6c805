// An upgrade on a database that a previous release filled: its migrations only, its rows (a
// player signing in with their key, a table in play with its seats and log, the player's seat
// link), then this release's migrations on top, as `wrangler d1 migrations apply` does; then the
// player still signs in, "My games" still lists the seat, and the table plays on. Two previous
// releases: the last one before the contract step 0011 (players.key_hash moved out), and the one
// just before this release's newest migration.
import { SELF, applyD1Migrations, env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { applyAction, createGame, legalActions, resolveRules, type Action, type GameState } from "../../worker/engine";
import { sealLink } from "../../worker/base/link-crypto";
import { hashToken, newToken } from "../../worker/base/secrets";
import { tableDb, BASE, act, chooseAction, loggedSeats, view } from "./helpers";

const migrations = env.TEST_MIGRATIONS;

/** Every database: the directory, and the second tables' database of the split layout. */
const databases = [env.DB, ...(env.DB2 ? [env.DB2] : [])];

/** Empty databases: every table of ours dropped, the migrations' own record too. */
async function emptyDatabases(): Promise<void> {
  for (const d1 of databases) {
    const { results } = await d1.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE '_cf_%' AND name NOT LIKE 'sqlite_%'").all<{ name: string }>();
    await d1.batch(results.map((r) => d1.prepare(`DROP TABLE "${r.name}"`)));
  }
}

async function columnsOf(table: string): Promise<Set<string>> {
  const { results } = await env.DB.prepare(`PRAGMA table_info("${table}")`).all<{ name: string }>();
  return new Set(results.map((r) => r.name));
}

/** Rows as the previous release wrote them, in its schema: a player, a table with two actions played, and the player's seat. */
async function previousReleaseRows() {
  const playerId = `p_${crypto.randomUUID().slice(0, 12)}`;
  const playerKey = `pk_${newToken()}`;
  const tableId = `t_${crypto.randomUUID().replace(/-/g, "").slice(0, 16)}`;
  const tokens = [0, 1, 2, 3].map(() => newToken());
  const resolved = resolveRules({ preset: "standard", players: 4, startPoints: 5, endAbove: 20 });
  if (!resolved.ok) throw new Error("rules");
  let state: GameState = createGame(resolved.rules, { seed: "upgrade-seed", v: 2 });
  const played: { seat: number; action: Action }[] = [];
  // Two actions, as the previous Worker would have logged them (the cut and what follows).
  for (let i = 0; i < 2; i++) {
    const seat = state.toAct[0];
    const legal = legalActions(state, seat);
    const action: Action = legal[0].type === "cut" ? { type: "cut", value: 20261201 } : legal[0];
    const r = applyAction(state, seat, action);
    if (!r.ok) throw new Error(`engine refused ${JSON.stringify(action)}`);
    state = r.state;
    played.push({ seat, action });
  }
  const now = Date.now();
  const players = await columnsOf("players");
  const tableRows = [
    tableDb(tableId).prepare("INSERT INTO tables (id, rules, state, version, phase, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)").bind(tableId, JSON.stringify(state.rules), JSON.stringify(state), played.length, state.phase, now, now),
    ...(await Promise.all(tokens.map(async (t, seat) => tableDb(tableId).prepare("INSERT INTO seats (table_id, seat, name, token_hash) VALUES (?, ?, ?, ?)").bind(tableId, seat, `S${seat}`, await hashToken(t))))),
    ...played.map((p, i) => tableDb(tableId).prepare("INSERT INTO actions (table_id, version, seat, action, at) VALUES (?, ?, ?, ?, ?)").bind(tableId, i + 1, p.seat, JSON.stringify(p.action), now)),
  ];
  const writes = [
    players.has("key_hash")
      ? env.DB.prepare("INSERT INTO players (id, name, key_hash, created_at) VALUES (?, 'Vorher', ?, ?)").bind(playerId, await hashToken(playerKey), now)
      : env.DB.prepare("INSERT INTO players (id, name, created_at) VALUES (?, 'Vorher', ?)").bind(playerId, now),
    env.DB.prepare("INSERT INTO player_seats (player_id, table_id, seat, link, linked_at) VALUES (?, ?, 1, ?, ?)").bind(playerId, tableId, await sealLink(`${BASE}/t/${tableId}#${tokens[1]}`), now),
  ];
  if (!players.has("key_hash")) {
    writes.push(env.DB.prepare("INSERT INTO player_keys (id, player_id, key_hash, created_at) VALUES (?, ?, ?, ?)").bind(`d_${crypto.randomUUID().slice(0, 8)}`, playerId, await hashToken(playerKey), now));
  }
  await env.DB.batch(writes);
  await tableDb(tableId).batch(tableRows);
  return { playerKey, tableId, tokens, version: played.length };
}

const cuts = [
  ["before the contract step 0011", migrations.findIndex((m) => m.name.startsWith("0011"))],
  ["before this release's newest migration", migrations.length - 1],
] as const;

describe("upgrading a database a previous release filled", () => {
  for (const [what, cut] of cuts) {
    it(`from the release ${what}: migrations apply, sign-in, "My games" and play go on`, async () => {
      expect(cut).toBeGreaterThan(0);
      await emptyDatabases();
      for (const d1 of databases) await applyD1Migrations(d1, migrations.slice(0, cut));
      const before = await previousReleaseRows();

      for (const d1 of databases) await applyD1Migrations(d1, migrations);
      const applied = await env.DB.prepare("SELECT count(*) AS n FROM d1_migrations").first<{ n: number }>();
      expect(applied?.n).toBe(migrations.length);

      // The player's key still signs in, and their seat is still theirs, with its link.
      const me = await SELF.fetch(`${BASE}/api/players/me`, { headers: { Authorization: `Bearer ${before.playerKey}` } });
      expect(me.status, await me.clone().text()).toBe(200);
      const profile = await me.json<{ name: string; seats: { table: string; seat: number; link: string }[] }>();
      expect(profile.name).toBe("Vorher");
      expect(profile.seats).toEqual([expect.objectContaining({ table: before.tableId, seat: 1, link: `${BASE}/t/${before.tableId}#${before.tokens[1]}` })]);

      // The table plays on from where the previous release left it.
      let version = before.version;
      for (let moves = 0; moves < 6; moves++) {
        const views = await Promise.all(before.tokens.map((t) => view(before.tableId, t)));
        expect(views.every((v) => v.version === version)).toBe(true);
        const actor = views.find((v) => v.legal.length > 0);
        if (!actor) break; // the game is over (a short game can end within a deal)
        const stateRow = await tableDb(before.tableId).prepare("SELECT state FROM tables WHERE id = ?").bind(before.tableId).first<{ state: string }>();
        const action = await chooseAction(actor, JSON.parse(stateRow!.state) as GameState, "upgrade");
        const res = await act(before.tableId, before.tokens[actor.you], version, action);
        expect(res.status, await res.clone().text()).toBe(200);
        version++;
      }
      expect(version).toBeGreaterThan(before.version);
      // Every action logged, the previous release's two first (from D1, or the record once the game ended and was archived).
      expect(await loggedSeats(before.tableId)).toHaveLength(version);

      // And the health check agrees.
      const health = await SELF.fetch(`${BASE}/api/health`);
      expect(health.status).toBe(200);
    }, 30_000);
  }
});
