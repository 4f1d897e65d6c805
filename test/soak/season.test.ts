// The season soak, short (scripts/soak; `npm run soak:season` is the long one): one season of
// three rounds for seven members against its own `wrangler dev` with compressed time, the server's
// process group killed three times. A project of its own ("soak"): no browser, and its length is
// the season's compressed time, not CPU, so `npm test` runs it in a lane beside the others. Nothing acknowledged may be lost, no deadline fire twice or
// never, and the standings, CSV and calendar agree with a recount from the records.
import { join } from "node:path";
import { expect, it } from "vitest";
import { runSoak } from "../../scripts/soak/season";

const root = join(import.meta.dirname, "..", "..");

it("a short season survives kills, and every count agrees with the records", async () => {
  const lines: string[] = [];
  const s = await runSoak({ members: 7, seasons: 1, rounds: 3, kills: 3, killEveryMs: 40_000, scale: 2400, root, work: join(root, ".wrangler", "soak-test"), log: (l) => lines.push(l) });
  const said = lines.join("\n");
  expect({ lost: s.lost, doubleFired: s.doubleFired, missedDeadlines: s.missedDeadlines, mismatches: s.mismatches, quiet: s.notifications.duringQuietHours, atTable: s.notifications.whileAtTable }, said).toEqual({ lost: 0, doubleFired: 0, missedDeadlines: 0, mismatches: 0, quiet: 0, atTable: 0 });
  expect(s.rounds).toBe(3);
  expect(s.kills).toBeGreaterThanOrEqual(3);
  expect(s.actions).toBeGreaterThan(0);
  // The members who are late or never there hear of their turns; the one who reads only the
  // second sending (e-mail first, unread) gets it by webhook.
  expect(s.notifications.turn + s.notifications.digest, said).toBeGreaterThan(0);
  expect(s.notifications.escalation, said).toBeGreaterThan(0);
}, 900_000);
