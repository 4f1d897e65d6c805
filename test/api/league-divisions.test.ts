// Divisions over two simulated seasons: members placed in divisions of four, each division seated
// among itself, standings within each division (a tie decided head-to-head), and at the season's
// end the top one of each division up, the bottom one down, newcomers in the lowest division.
// Results are written as the table server's end would leave them (the games themselves are not
// played: what is tested here is what the league does with results).
import { SELF, env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { BASE, auth, post, startRound } from "./helpers";

interface Created {
  id: string;
  adminKey: string;
  invite: string;
}

interface Row {
  member: string;
  name: string;
  rank: number;
  points: number;
  wins: number;
  avgPlace: number | null;
  decidedBy: string | null;
  move: "up" | "down" | "new" | null;
  zone: "up" | "down" | null;
}

interface Page {
  league: { divisionSize: number | null; divisionMoves: number; season: number };
  divisions: { no: number; standings: Row[] }[] | null;
  rounds: { no: number; tables: { tableId: string; division: number | null; seats: { member: string | null }[] }[] }[];
  adminLog: { action: string; data: Record<string, unknown> }[];
  feeds: { csv: string };
}

async function page(l: Created, season?: number): Promise<Page> {
  const res = await SELF.fetch(`${BASE}/api/leagues/${l.id}${season ? `?season=${season}` : ""}`, { headers: auth(l.adminKey) });
  expect(res.status, await res.clone().text()).toBe(200);
  return res.json();
}

/**
 * Places per round for the four members of a division (in the order they were placed): the last
 * placed wins the division, the second is last, level with the first on points, wins and average
 * place, but behind them head-to-head (RULES: README, Leagues).
 *   round 1: first 2nd, second 3rd, third 4th, fourth 1st
 *   round 2: first 4th, second 2nd, third 1st, fourth 3rd
 *   round 3: first 3rd, second 4th, third 2nd, fourth 1st
 * Points (3, 2, 1, 0 for places 1–4): fourth 7, third 5, first 3, second 3; first ahead of second
 * in rounds 1 and 3, behind in round 2.
 */
const PLACES = [
  [2, 3, 4, 1],
  [4, 2, 1, 3],
  [3, 4, 2, 1],
];

async function playRound(l: Created, round: number, order: Map<number, string[]>) {
  const p = await page(l);
  const r = p.rounds.find((x) => x.no === round)!;
  for (const t of r.tables) {
    const members = order.get(t.division!)!;
    const result = t.seats.map((s) => {
      const place = PLACES[(round - 1) % 3][members.indexOf(s.member!)];
      return { member: s.member, points: place * 10, place };
    });
    await env.DB.prepare("UPDATE league_tables SET outcome = 'finished', result = ?, decided_at = ? WHERE table_id = ?")
      .bind(JSON.stringify(result), Date.now() + round, t.tableId)
      .run();
  }
  const closed = await post(`/api/leagues/${l.id}/rounds/${round}/close`, {}, auth(l.adminKey));
  expect(closed.status, await closed.clone().text()).toBe(200);
}

async function join(l: Created, name: string): Promise<string> {
  const j = await post(`/api/leagues/${l.id}/join`, { invite: l.invite, name });
  expect(j.status, await j.clone().text()).toBe(201);
  return (await j.json<{ member: { id: string } }>()).member.id;
}

describe("divisions across seasons", () => {
  it("refuses settings that do not fit together", async () => {
    const base = { name: "X", rules: { preset: "standard" }, tableSize: 4 };
    const small = await post("/api/leagues", { ...base, divisionSize: 3 });
    expect(small.status).toBe(400);
    const many = await post("/api/leagues", { ...base, divisionSize: 4, divisionMoves: 3 });
    expect(many.status).toBe(400);
    expect((await many.json<{ error: { code: string } }>()).error.code).toBe("INVALID_REQUEST");
  });

  it("seats and ranks within divisions, moves the top up and the bottom down, puts newcomers lowest", async () => {
    const res = await post("/api/leagues", { name: "Liga", rules: { preset: "standard" }, tableSize: 4, decisionHours: null, seasonRounds: 3, divisionSize: 4, divisionMoves: 1 });
    expect(res.status).toBe(201);
    const l = await res.json<Created>();
    const ids: string[] = [];
    for (let i = 1; i <= 12; i++) ids.push(await join(l, `Spieler ${String(i).padStart(2, "0")}`));

    // Season 1: divisions in the order members joined.
    await startRound(l.id, l.adminKey);
    let p = await page(l);
    expect(p.league).toMatchObject({ divisionSize: 4, divisionMoves: 1 });
    expect(p.divisions!.map((d) => d.standings.map((r) => r.member).sort())).toEqual([ids.slice(0, 4), ids.slice(4, 8), ids.slice(8, 12)].map((d) => [...d].sort()));
    const order = new Map(p.divisions!.map((d) => [d.no, ids.slice((d.no - 1) * 4, d.no * 4)]));
    // Each division at a table of its own.
    for (const t of p.rounds[0].tables) expect(t.seats.map((s) => s.member).sort()).toEqual([...order.get(t.division!)!].sort());
    await playRound(l, 1, order);
    for (const round of [2, 3]) {
      await startRound(l.id, l.adminKey);
      p = await page(l);
      for (const t of p.rounds[0].tables) expect(t.seats.map((s) => s.member).sort()).toEqual([...order.get(t.division!)!].sort());
      await playRound(l, round, order);
    }

    // The season's end as it stands: within each division the fourth leads, the first and second
    // are level on points, wins and average place, and head-to-head puts the first ahead.
    p = await page(l);
    for (const d of p.divisions!) {
      const [first, second, third, fourth] = order.get(d.no)!;
      expect(d.standings.map((r) => r.member)).toEqual([fourth, third, first, second]);
      const [, , a, b] = d.standings;
      expect([a.points, a.wins, a.avgPlace]).toEqual([b.points, b.wins, b.avgPlace]);
      expect(b.decidedBy).toBe("headToHead");
      expect(b.rank).toBe(a.rank + 1);
      // Zones: the top one goes up (not from the top division), the bottom one down (not from the lowest).
      expect(d.standings.map((r) => r.zone)).toEqual([d.no > 1 ? "up" : null, null, null, d.no < 3 ? "down" : null]);
    }
    // The standings file says the same: a division column first, ranks within each division.
    const csv = await SELF.fetch(p.feeds.csv);
    expect(csv.status).toBe(200);
    const lines = (await csv.text()).trim().split("\r\n").map((l) => l.split(","));
    expect(lines[0].slice(0, 3)).toEqual(["division", "rank", "name"]);
    expect(lines.slice(1).map((l) => [Number(l[0]), Number(l[1]), l[2]])).toEqual(p.divisions!.flatMap((d) => d.standings.map((r) => [d.no, r.rank, r.name])));

    // Four newcomers between the seasons; season 2.
    const fresh: string[] = [];
    for (let i = 1; i <= 4; i++) fresh.push(await join(l, `Neu ${i}`));
    const s2 = await post(`/api/leagues/${l.id}/seasons`, {}, auth(l.adminKey));
    expect(s2.status, await s2.clone().text()).toBe(201);
    await startRound(l.id, l.adminKey);
    p = await page(l);
    expect(p.league.season).toBe(2);
    const [d1, d2, d3] = [1, 2, 3].map((d) => order.get(d)!);
    // first, second, third, fourth of each division: [0], [1], [2], [3].
    const expected = [
      { no: 1, members: [d1[0], d1[2], d1[3], d2[3]] },
      { no: 2, members: [d1[1], d2[0], d2[2], d3[3]] },
      { no: 3, members: [d2[1], d3[0], d3[1], d3[2]] },
      { no: 4, members: fresh },
    ];
    expect(p.divisions!.map((d) => ({ no: d.no, members: d.standings.map((r) => r.member).sort() }))).toEqual(expected.map((e) => ({ no: e.no, members: [...e.members].sort() })));
    const moveOf = (m: string) => p.divisions!.flatMap((d) => d.standings).find((r) => r.member === m)!.move;
    expect([d2[3], d3[3]].map(moveOf)).toEqual(["up", "up"]);
    expect([d1[1], d2[1]].map(moveOf)).toEqual(["down", "down"]);
    expect([d1[0], d2[0], d3[0]].map(moveOf)).toEqual([null, null, null]);
    expect(fresh.map(moveOf)).toEqual(["new", "new", "new", "new"]);
    // Season 2's first round: every table within one division.
    const divisionOf = new Map(expected.flatMap((e) => e.members.map((m) => [m, e.no] as const)));
    for (const t of p.rounds[0].tables) {
      expect(t.seats.every((s) => divisionOf.get(s.member!) === t.division)).toBe(true);
    }
    expect(p.adminLog.find((e) => e.action === "seasonStarted")?.data).toMatchObject({ season: 2, divisions: { size: 4, moves: 1, placed: 16 } });

    // A member who joins mid-season is shown in the lowest division, as new.
    const late = await join(l, "Spät");
    p = await page(l);
    const lowest = p.divisions![p.divisions!.length - 1];
    expect(lowest.standings.find((r) => r.member === late)?.move).toBe("new");
    // Season 1 keeps its own divisions.
    const old = await page(l, 1);
    expect(old.divisions!.length).toBe(3);
  });
});
