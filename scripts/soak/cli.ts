// `npm run soak:season`: two seasons of ten rounds for 24 members, the server killed at least ten
// times (README, "The season soak"). SOAK_MEMBERS, SOAK_SEASONS, SOAK_ROUNDS, SOAK_KILLS,
// SOAK_SCALE, SOAK_KILL_EVERY_MS change the run; SOAK_LOG=1 shows the server's own log.
// The npm script runs Node with --experimental-websocket (Node 20's WebSocket client) for the
// member who holds a socket.
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { runSoak } from "./season";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const n = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const options = {
  members: n("SOAK_MEMBERS", 24),
  seasons: n("SOAK_SEASONS", 2),
  rounds: n("SOAK_ROUNDS", 10),
  kills: n("SOAK_KILLS", 10),
  scale: n("SOAK_SCALE", 2400),
  killEveryMs: n("SOAK_KILL_EVERY_MS", 90_000),
  root,
  work: process.env.SOAK_WORK ?? join(root, ".wrangler", "soak"),
};
const started = Date.now();
const s = await runSoak(options);
console.log(`${s.members} members, ${s.seasons} seasons, ${s.rounds} rounds, ${s.tables} tables, ${s.actions} actions by members in ${((Date.now() - started) / 60_000).toFixed(1)} min at a mean load of ${s.load}; ${s.kills} kills`);
const bad = s.lost + s.doubleFired + s.missedDeadlines + s.mismatches + s.notifications.duringQuietHours + s.notifications.whileAtTable;
console.log(JSON.stringify(s));
process.exit(bad === 0 && s.kills >= options.kills && s.rounds === options.seasons * options.rounds ? 0 : 1);
