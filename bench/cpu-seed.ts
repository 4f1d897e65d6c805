// bench/cpu.ts's data, built through Muli's own routes and table objects (bench/cpu-edges.ts) a
// step per request: a league of 40 members (tables of 4) with two seasons of 5 rounds played to
// the end (every game played out move by move), its third season's first round open with games at
// every phase; a player with 200 finished games of their own (tables of 4 played out).
import * as engine from "../worker/engine";
import { chooseAction } from "./room-drive";
import { http, newTable, move, over, roomTable } from "./cpu-drive";
import { env, roomOf } from "./cpu-edges";
import { recordKey } from "../worker/table/archive";

export const SHORT_RULES = { preset: "standard", players: 4, startPoints: 5, endAbove: 20 };
let MEMBERS = 40;
const SEASON_ROUNDS = 5;
let SEASONS = 2;
let PLAYER_GAMES = 200;

export interface Club {
  id: string;
  invite: string;
  adminKey: string;
  members: { id: string; key: string; name: string }[];
}
export const club: Club = { id: "", invite: "", adminKey: "", members: [] };
export const player = { id: "", key: "", games: [] as string[] };

const json = async <T>(p: Promise<string>) => JSON.parse(await p) as T;
export const post = (path: string, body: unknown, token: string | null = null, method = "POST") => http(path, token, { method, body: JSON.stringify(body) });

/** The table behind a league table, as its object holds it. */
export const coreTable = roomTable;

/** `moves` random legal moves at a league table (to its end by default), each by the seat to act. */
export async function playAt(id: string, moves = Infinity) {
  for (let i = 0; i < moves; i++) {
    const { room } = roomOf(id);
    const t = await coreTable(id);
    if (t.state.phase === "over" || !t.state.toAct.length) return;
    const seat = t.state.toAct[0];
    const r = await room.submitAction(t.seats[seat].tokenHash!, t.version, chooseAction(engine.viewFor(t.state, seat)));
    if (!r.ok) throw new Error(`move refused: ${r.code}`);
  }
}

/** The league's tables of the open round, from its page as the admin reads it. */
export async function openTables(): Promise<{ tableId: string; seats: { member: string | null }[]; status: string }[]> {
  const page = await json<{ rounds: { no: number; season: number; closedAt: number | null; tables: { tableId: string; seats: { member: string | null }[]; status: string }[] }[]; season: number }>(http(`/api/leagues/${club.id}`, club.adminKey));
  const open = page.rounds?.find((r) => r.closedAt === null);
  return open ? open.tables : [];
}

/** The first table of the open round whose game is still being played (undefined: none). */
export async function firstPlaying() {
  for (const t of await openTables()) if (t.status === "playing" && (await coreTable(t.tableId)).state.phase !== "over") return t;
  return undefined;
}

/** A copy of finished game `from` as table `id`: its D1 rows and its record. */
async function copyGame(from: string, id: string): Promise<string> {
  const d1 = env.DB as D1Database;
  const stmts = [];
  for (const [table, column] of [["tables", "id"], ["seats", "table_id"], ["player_seats", "table_id"]]) {
    const { results } = await d1.prepare(`SELECT * FROM ${table} WHERE ${column} = ?`).bind(from).all<Record<string, unknown>>();
    for (const row of results) {
      const cols = Object.keys(row);
      stmts.push(d1.prepare(`INSERT INTO ${table} (${cols.join(", ")}) VALUES (${cols.map(() => "?").join(", ")})`).bind(...cols.map((c) => (c === column ? id : row[c]))));
    }
  }
  await d1.batch(stmts);
  const records = env.RECORDS as R2Bucket;
  const record = await records.get(recordKey(from));
  if (record) await records.put(recordKey(id), (await record.text()).replaceAll(from, id));
  return id;
}

let round = { no: 0, tables: [] as string[], played: 0 };
let season = 1;

async function startRound() {
  const r = await json<{ no: number; tables: { tableId: string }[] }>(post(`/api/leagues/${club.id}/rounds`, {}, club.adminKey));
  round = { no: r.no, tables: r.tables.map((t) => t.tableId), played: 0 };
}

/** One step of the seeding: what it did, or "done". */
export async function seedStep(step: number, small = false): Promise<string> {
  if (step === 0) {
    // A trial run of the bench itself (BENCH_SMALL): a league of 12 with one season, 10 games.
    if (small) [MEMBERS, SEASONS, PLAYER_GAMES] = [12, 1, 10];
    const l = await json<{ id: string; invite: string; adminKey: string }>(post("/api/leagues", { name: "Stammtisch", rules: SHORT_RULES, tableSize: 4, seasonRounds: SEASON_ROUNDS, decisionHours: 48 }));
    Object.assign(club, l);
    for (let i = 0; i < MEMBERS; i++) {
      const name = `Member ${i + 1}`;
      const j = await json<{ member: { id: string }; key: string }>(post(`/api/leagues/${club.id}/join`, { invite: club.invite, name }));
      club.members.push({ id: j.member.id, key: j.key, name });
    }
    const p = await json<{ id: string; key: string }>(post("/api/players", { name: "Veteran" }));
    Object.assign(player, p);
    // The player is a member too (a 41st), for their own league list.
    await post(`/api/leagues/${club.id}/join`, { invite: club.invite, name: "Veteran" }, player.key);
    await startRound();
    return "league";
  }
  if (season <= SEASONS) {
    if (round.played < round.tables.length) {
      const id = round.tables[round.played++];
      await playAt(id, round.no === 1 ? Infinity : 40);
      if ((await coreTable(id)).state.phase !== "over") await post(`/api/leagues/${club.id}/tables/${id}/decide`, { outcome: "score" }, club.adminKey);
      return `season ${season}, round ${round.no}`;
    }
    await post(`/api/leagues/${club.id}/rounds/${round.no}/close`, {}, club.adminKey);
    if (round.no === SEASON_ROUNDS) {
      await post(`/api/leagues/${club.id}/seasons`, {}, club.adminKey);
      season++;
    }
    await startRound();
    if (season > SEASONS) {
      // The open round: its tables at every phase, from not begun to over.
      for (const [i, id] of round.tables.entries()) await playAt(id, Math.round((i / (round.tables.length - 1)) * 400));
    }
    return `season ${season}, round ${round.no} started`;
  }
  if (player.games.length < PLAYER_GAMES) {
    if (!player.games.length) {
      const t = await newTable();
      await post("/api/players/me/seats", { table: t.id, token: t.tokens[0] }, player.key);
      while (!(await over(t))) await move(t);
      await t.room.alarm(); // archived: its record in R2, its log out of D1
      player.games.push(t.id);
    }
    for (let i = 0; i < 20 && player.games.length < PLAYER_GAMES; i++) player.games.push(await copyGame(player.games[0], `t_cpuv${String(player.games.length).padStart(12, "0")}`));
    return `player: ${player.games.length} games`;
  }
  return "done";
}
