// A round started in slices (worker/leagues/round-job.ts) stays consistent when a slice fails and
// is tried again: the slices are run here one by one, each from the job as it was kept after the
// last one that ended, as the round object runs them. One slice makes its table and then fails
// before its end (its job is not kept), one throws at once; the round still ends with exactly one
// round, every table made once, each notice and the log entry once, and it reads as starting
// until its last slice.
import { SELF, env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { Env } from "../../worker/base/env";
import { tableDatabases } from "../../worker/db/placement";
import { claimRound } from "../../worker/leagues/rounds";
import { roundSlice, type PlanShelf, type RoundJob } from "../../worker/leagues/round-job";
import * as store from "../../worker/leagues/store";
import { BASE, auth, post } from "./helpers";

const get = (path: string, key: string) => SELF.fetch(BASE + path, { headers: auth(key) });
// Names of their own in this shared database (letters only: the name check folds look-alike digits).
const tag = Array.from(crypto.getRandomValues(new Uint8Array(5)), (b) => "bcdfghkmnpqtvwxz"[b % 16]).join("");
const FIRST = ["Anna", "Bert", "Cilli", "Dora", "Emil", "Fritz", "Gerti", "Hans", "Ida", "Jakob", "Kurt", "Lotte"];

async function league(n: number) {
  const res = await post("/api/leagues", { name: "Scheiben", rules: { preset: "standard", players: 4, startPoints: 5, endAbove: 20 }, tableSize: 4, decisionHours: null, botLevel: "random" });
  const l = await res.json<{ id: string; adminKey: string; invite: string }>();
  const names: string[] = [];
  for (let i = 0; i < n; i++) {
    const name = `${FIRST[i]} ${tag}`;
    const joined = await post(`/api/leagues/${l.id}/join`, { invite: l.invite, name });
    expect(joined.status, await joined.clone().text()).toBe(201);
    names.push(name);
  }
  return { l, names };
}

/** How many seat rows of any table (in every table database) carry this name. */
async function seatsNamed(name: string): Promise<number> {
  let n = 0;
  for (const d1 of tableDatabases(env as unknown as Env)) n += (await d1.prepare("SELECT count(*) AS n FROM seats WHERE name = ?").bind(name).first<{ n: number }>())!.n;
  return n;
}

const keep = (job: RoundJob): RoundJob => structuredClone(job);

describe("a round started in slices", () => {
  it("ends with one round, each table and notice once, after a slice failed mid-way and one threw", async () => {
    const { l, names } = await league(12);
    const e = env as unknown as Env;
    const row = (await store.leagueById(e.DB, l.id))!;
    let kept = keep(await claimRound(e, row, await store.membersOf(e.DB, l.id), BASE));
    const plans = new Map<string, string[][][]>();
    const shelf: PlanShelf = { get: async (k) => plans.get(k), put: async (k, p) => void plans.set(k, p) };

    // Claimed and starting: the page shows it without tables; closing it or starting it again is refused, naming it.
    const starting = await (await get(`/api/leagues/${l.id}`, l.adminKey)).json<{ rounds: { no: number; status?: string; tables: unknown[] }[] }>();
    expect(starting.rounds).toMatchObject([{ no: 1, status: "starting", tables: [] }]);
    expect((await post(`/api/leagues/${l.id}/rounds/1/close`, {}, auth(l.adminKey))).status).toBe(409);
    const again = await post(`/api/leagues/${l.id}/rounds`, {}, auth(l.adminKey));
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ error: { code: "ROUND_OPEN" }, round: { no: 1, status: "starting", tables: [] } });

    let failedAfterMaking = false;
    let threw = false;
    let slices = 0;
    for (;;) {
      const job = keep(kept);
      slices++;
      expect(slices).toBeLessThan(2_000);
      const making = job.step === "tables" && job.tables.some((t) => !t.made);
      if (making && !failedAfterMaking) {
        // The slice makes its table and then fails before its end: its job is not kept.
        await roundSlice(e, job, shelf);
        expect(job.tables.filter((t) => t.made)).toHaveLength(1);
        failedAfterMaking = true;
        continue;
      }
      if (making && !threw && job.tables.length === 2) {
        // The second table's slice throws at once (the table object cannot be reached).
        const broken = new Proxy(e, { get: (t, p) => (p === "TABLES" ? { getByName: () => { throw new Error("unreachable"); } } : Reflect.get(t, p)) });
        await expect(roundSlice(broken, job, shelf)).rejects.toThrow("unreachable");
        threw = true;
        continue;
      }
      if (job.step === "commit") {
        // The commit's batch written, and the slice fails before its end: the next one writes nothing again.
        await roundSlice(e, keep(job), shelf);
      }
      if (job.step !== "done" && job.step !== "guard") {
        const page = await (await get(`/api/leagues/${l.id}`, l.adminKey)).json<{ rounds: { status?: string; tables: unknown[] }[] }>();
        if (job.step !== "commit") expect(page.rounds[0]).toMatchObject({ status: "starting", tables: [] });
      }
      const done = await roundSlice(e, job, shelf);
      kept = keep(job);
      if (done) break;
    }
    expect(failedAfterMaking && threw).toBe(true);
    expect(slices).toBeGreaterThan(5);

    const rounds = await store.roundsOf(e.DB, l.id);
    expect(rounds).toHaveLength(1);
    expect(rounds[0].starting).toBe(false);
    const tables = await e.DB.prepare("SELECT table_id FROM league_tables WHERE league_id = ?").bind(l.id).all<{ table_id: string }>();
    expect(tables.results).toHaveLength(3);
    // Every member sits at exactly one table that was made: none made twice, none left over.
    for (const name of names) expect(await seatsNamed(name), name).toBe(1);
    const notices = await e.DB.prepare("SELECT count(*) AS n FROM league_notices WHERE league_id = ? AND kind = 'roundStarted'").bind(l.id).first<{ n: number }>();
    expect(notices?.n).toBe(12);
    const log = await e.DB.prepare("SELECT count(*) AS n FROM league_admin_log WHERE league_id = ? AND action = 'roundStarted'").bind(l.id).first<{ n: number }>();
    expect(log?.n).toBe(1);

    const page = await (await get(`/api/leagues/${l.id}`, l.adminKey)).json<{ rounds: { status?: string; tables: { seats: { member: string | null }[] }[] }[] }>();
    expect(page.rounds[0].status).toBeUndefined();
    expect(page.rounds[0].tables.flatMap((t) => t.seats.map((s) => s.member))).toHaveLength(12);
    // Tried again now: the same round, open, with its tables.
    const retried = await post(`/api/leagues/${l.id}/rounds`, { no: 1 }, auth(l.adminKey));
    expect(retried.status).toBe(409);
    expect(await retried.json()).toMatchObject({ error: { code: "ROUND_OPEN" }, round: { no: 1, status: "open", tables: [{}, {}, {}] } });
  });

  it("answers the round with its tables once the round object has run its slices", async () => {
    const { l } = await league(12);
    const res = await post(`/api/leagues/${l.id}/rounds`, { no: 1 }, auth(l.adminKey));
    expect(res.status, await res.clone().text()).toBe(201);
    const body = await res.json<{ status: string; tables: { seats: unknown[] }[] }>();
    expect(body.status).toBe("open");
    expect(body.tables.flatMap((t) => t.seats)).toHaveLength(12);
  });
});
