// A league's seasons run against the real local server with compressed game time, the server's
// process group killed at random moments and started again (README, "The season soak").
// Members are players with a webhook channel each (to a loopback receiver), in several time zones,
// some with quiet hours; they play at once, late, or never. What the run checks is counted in the
// summary; its last line is the JSON the issue asks for.
import { createHash } from "node:crypto";
import { join } from "node:path";
import { verifyRecord, type GameRecord } from "../../worker/engine";
import { Api } from "./api";
import { Receiver } from "./receiver";
import { intoQuiet, localMinutes, parseCsv, recount } from "./recount";
import { SoakServer, freePort } from "./server";

export interface SoakOptions {
  members: number;
  seasons: number;
  rounds: number;
  kills: number;
  /** Mean real ms between kills. */
  killEveryMs: number;
  /** Game time runs this many times faster than real time. */
  scale: number;
  /** Where the local state lives (wiped first). */
  work: string;
  root: string;
  log?: (line: string) => void;
}

export interface SoakSummary {
  members: number;
  seasons: number;
  rounds: number;
  tables: number;
  actions: number;
  kills: number;
  lost: number;
  doubleFired: number;
  missedDeadlines: number;
  mismatches: number;
  notifications: { turn: number; reminder: number; digest: number; escalation: number; duringQuietHours: number };
}

type Style = "prompt" | "late" | "never";

interface Member {
  i: number;
  name: string;
  key: string;
  playerId: string;
  id: string;
  timeZone: string;
  quiet: [number, number] | null;
  style: Style;
  removed: boolean;
  reserve: boolean;
  /** Game ms until which the member is away on vacation (does not play). */
  awayUntil: number;
  /** Seat tokens by table. */
  tokens: Map<string, string>;
}

interface Acked {
  table: string;
  version: number;
  seat: number;
  type: string;
}

const HOUR = 3_600_000;
const ZONES = ["Europe/Vienna", "America/New_York", "Asia/Tokyo", "UTC", "Australia/Sydney", "America/Los_Angeles"];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const pick = <T>(list: T[], k: number): T[] => {
  const pool = [...list];
  const out: T[] = [];
  while (out.length < k && pool.length) out.push(pool.splice(Math.floor(Math.random() * pool.length), 1)[0]);
  return out;
};

/** A random legal action from a seat's view (as bench/counts.mjs plays). */
function chooseAction(view: any): unknown {
  let legal = view.legal;
  if (legal.length > 1 && legal.some((a: any) => a.type === "mulatschak")) legal = legal.filter((a: any) => a.type !== "mulatschak");
  const a = legal[Math.floor(Math.random() * legal.length)];
  if (a.type === "cut") return { type: "cut", value: Math.floor(Math.random() * (a.max + 1)) };
  if (a.type === "exchange") return { type: "exchange", cards: pick(view.hand, (a.min ?? 0) + Math.floor(Math.random() * (a.max - (a.min ?? 0) + 1))) };
  if (a.type === "discard") return { type: "discard", cards: pick(view.hand, a.count) };
  if (a.type === "takeShown" && a.discard === undefined) return { type: "takeShown", discard: pick(view.hand, 1)[0] };
  return a;
}

export async function runSoak(o: SoakOptions): Promise<SoakSummary> {
  const log = o.log ?? ((l: string) => console.log(l));
  const origin = Date.now();
  const server = new SoakServer(o.root, join(o.work), await freePort(), o.scale, origin);
  const receiver = new Receiver();
  const api = new Api(() => server.base);
  const decisionHours = 1;
  const decisionReal = server.real(decisionHours * HOUR);
  const acked: Acked[] = [];
  const problems: string[] = [];
  let kills = 0;
  let missed = 0;
  const missedSeen = new Set<string>();
  let done = false;
  const restarts: number[] = [];

  server.prepare();
  await receiver.start();
  await server.start();
  log(`server up at ${server.base}; game time ${o.scale}× real time (a ${decisionHours}-hour decision = ${(decisionReal / 1000).toFixed(1)} s)`);

  // Faults: the server's process group killed at random moments, then started again.
  // Stopped (its wait cut short) before anyone else kills: two killers raced, one killing the
  // server the other was starting ("did not come up (it exited: SIGKILL)").
  let stopKilling = () => {};
  const stopped = new Promise<void>((r) => (stopKilling = r));
  const killer = (async () => {
    const interval = () => o.killEveryMs * (0.3 + Math.random() * 1.4);
    while (!done) {
      await Promise.race([sleep(interval()), stopped]);
      if (done) break;
      server.kill();
      kills++;
      await sleep(200 + Math.random() * 1500);
      const t0 = Date.now();
      await server.start();
      restarts.push(Date.now() - t0);
    }
  })();

  try {
    // The league: divisions of 12 (two for 24 members), tables of 4 (3 where the count needs it).
    const admin = await api.call("POST", "/api/leagues", {
      body: { name: "Soak", rules: { preset: "standard", startPoints: 5, endAbove: 20 }, tableSize: 4, roundDays: 1, decisionHours, seasonRounds: o.rounds, divisionSize: Math.max(4, Math.ceil(o.members / 2)), divisionMoves: 2 },
    });
    if (admin.status !== 201) throw new Error(`league: ${admin.status} ${JSON.stringify(admin.body)}`);
    const league = admin.body as { id: string; adminKey: string; invite: string };
    const members: Member[] = [];
    const styles: Style[] = ["prompt", "prompt", "late", "prompt", "late", "never", "prompt", "prompt"];
    const addMember = async (i: number): Promise<Member> => {
      const timeZone = ZONES[i % ZONES.length];
      const p = await api.call("POST", "/api/players", { body: { name: `M${i}`, timeZone, language: i % 2 ? "de" : "en" } });
      if (p.status !== 201) throw new Error(`player: ${p.status} ${JSON.stringify(p.body)}`);
      const quiet: [number, number] | null = i % 3 === 0 ? [22 * 60, 7 * 60] : i % 3 === 1 ? [13 * 60, 15 * 60] : null;
      if (quiet) await api.call("PATCH", "/api/players/me", { key: p.body.key, body: { quietHours: { start: hm(quiet[0]), end: hm(quiet[1]) } } });
      const ch = await api.call("POST", "/api/players/me/channels", { key: p.body.key, body: { kind: "webhook", url: `${receiver.url}/hook/${i}` } });
      if (ch.status !== 201) throw new Error(`channel: ${ch.status} ${JSON.stringify(ch.body)}`);
      const j = await joinLeague(p.body.key, `M${i}`);
      return { i, name: `M${i}`, key: p.body.key, playerId: p.body.id, id: j, timeZone, quiet, style: styles[i % styles.length], removed: false, reserve: false, awayUntil: 0, tokens: new Map() };
    };
    const joinLeague = async (key: string, name: string): Promise<string> => {
      for (;;) {
        const j = await api.call("POST", `/api/leagues/${league.id}/join`, { key, body: { invite: league.invite, name } });
        if (j.status === 201) return j.body.member.id;
        // Joined already (the answer was lost with a killed server): find the membership.
        const page = await api.call("GET", `/api/leagues/${league.id}`, { key: league.adminKey });
        const m = page.body?.members?.find((x: any) => x.name === name && x.status === "active");
        if (m) return m.id;
        if (j.status !== 0) throw new Error(`join: ${j.status} ${JSON.stringify(j.body)}`);
      }
    };
    const late = o.members > 6 ? 1 : 0; // one member joins in round 3
    for (let i = 0; i < o.members - late; i++) members.push(await addMember(i));
    const byId = (id: string | null) => members.find((m) => m.id === id);
    const reserve = members.find((m) => m.style === "prompt" && m.i > 0)!;
    await api.call("POST", `/api/leagues/${league.id}/reserve`, { key: reserve.key, body: { reserve: true } });
    reserve.reserve = true;
    log(`league ${league.id}: ${members.length} members, ${members.filter((m) => m.quiet).length} with quiet hours in ${ZONES.length} time zones; styles ${JSON.stringify(count(members.map((m) => m.style)))}`);

    const adminPage = async (season?: number) => {
      for (;;) {
        const r = await api.call("GET", `/api/leagues/${league.id}${season ? `?season=${season}` : ""}`, { key: league.adminKey });
        if (r.status === 200) return r.body;
        await sleep(500);
      }
    };
    const tokenOf = async (m: Member, table: string): Promise<string | null> => {
      const known = m.tokens.get(table);
      if (known) return known;
      const r = await api.call("GET", `/api/leagues/${league.id}`, { key: m.key });
      for (const round of r.body?.rounds ?? []) for (const t of round.tables) if (t.link) m.tokens.set(t.tableId, t.link.split("#")[1]);
      return m.tokens.get(table) ?? null;
    };

    let roundsPlayed = 0;
    let tablesPlayed = 0;
    for (let season = 1; season <= o.seasons; season++) {
      if (season > 1) {
        for (;;) {
          const s = await api.call("POST", `/api/leagues/${league.id}/seasons`, { key: league.adminKey, body: {} });
          if (s.status === 200 || s.status === 201) break;
          if ((await adminPage()).league.season === season) break;
        }
        log(`season ${season} started (divisions placed from season ${season - 1}'s standings)`);
      }
      for (let no = 1; no <= o.rounds; no++) {
        if (season === 1 && no === 3 && late) {
          members.push(await addMember(o.members - 1));
          log(`round 3: M${o.members - 1} joins (lowest division)`);
        }
        const duplicate = no === 2;
        const roundStart = Date.now();
        for (;;) {
          const r = await api.call("POST", `/api/leagues/${league.id}/rounds`, { key: league.adminKey, body: { no, duplicate } });
          if (r.status === 201 || (r.status === 409 && r.body?.error?.code === "ROUND_EXISTS")) break;
          // Started already, its answer lost with a killed server: the open round is this one.
          if (r.status === 409 && r.body?.error?.code === "ROUND_OPEN" && (await adminPage()).rounds.some((x: any) => x.no === no && !x.closedAt)) break;
          if (r.status !== 0) throw new Error(`round ${no}: ${r.status} ${JSON.stringify(r.body)}`);
        }
        const page = await adminPage();
        const round = page.rounds.find((r: any) => r.no === no);
        const tables: { id: string; holders: (string | null)[] }[] = round.tables.map((t: any) => ({ id: t.tableId, holders: t.seats.map((s: any) => s.member) }));
        log(`season ${season} round ${no}${duplicate ? " (duplicate)" : ""}: tables of ${tables.map((t) => t.holders.length).join(", ")}`);

        // Events of the round: a vacation, and (season 1, round 2) a removal and a reserve.
        const events: Promise<void>[] = [];
        if (no === 2 || (no === 1 && season === 1)) {
          const v = members.find((m) => m.style === "prompt" && !m.removed && m !== reserve && m.i % 5 === season);
          if (v) {
            await api.call("POST", "/api/players/me/vacation", { key: v.key, body: { days: 1 } });
            v.awayUntil = server.now() + 10 * HOUR;
            log(`  M${v.i} goes on vacation (back after 10 game hours, ends it then)`);
            events.push(
              (async () => {
                await sleep(server.real(10 * HOUR));
                await api.call("DELETE", "/api/players/me/vacation", { key: v.key });
                v.awayUntil = 0;
              })(),
            );
          }
        }
        if (season === 1 && no === 3 && o.members > 6) {
          const table = tables.find((t) => !t.holders.includes(reserve.id) && t.holders.some((h) => byId(h)?.style === "late"))!;
          const gone = byId(table.holders.find((h) => byId(h)?.style === "late")!)!;
          events.push(
            (async () => {
              await sleep(decisionReal * 3);
              for (;;) {
                const r = await api.call("DELETE", `/api/leagues/${league.id}/members/${gone.id}`, { key: league.adminKey });
                if (r.status === 200 || r.body?.error?.code === "ALREADY_REMOVED") break;
              }
              gone.removed = true;
              const seat = table.holders.indexOf(gone.id);
              log(`  M${gone.i} removed mid-round; M${reserve.i} (reserve) takes the seat`);
              for (;;) {
                const r = await api.call("POST", `/api/leagues/${league.id}/tables/${table.id}/seats/${seat}/reserve`, { key: league.adminKey, body: { member: reserve.id } });
                if (r.status === 200 || r.status === 201) break;
                if (r.status !== 0) {
                  problems.push(`the reserve was refused: ${r.status} ${r.body?.error?.code}`);
                  return;
                }
              }
              table.holders[seat] = reserve.id;
            })(),
          );
        }

        await Promise.all(tables.map((t) => playTable(t)));
        await Promise.all(events);
        for (;;) {
          const c = await api.call("POST", `/api/leagues/${league.id}/rounds/${no}/close`, { key: league.adminKey });
          if (c.status === 200) break;
          const r = (await adminPage()).rounds.find((x: any) => x.no === no);
          if (r.closedAt) break;
          if (c.status === 409 && c.body?.error?.code === "TABLES_OPEN") await sleep(500);
          else if (c.status !== 0) throw new Error(`close ${no}: ${c.status} ${JSON.stringify(c.body)}`);
        }
        roundsPlayed++;
        tablesPlayed += tables.length;
        log(`  closed after ${((Date.now() - roundStart) / 1000).toFixed(0)} s; ${acked.length} actions acknowledged so far, ${kills} kills (restarts took ${restarts.map((r) => (r / 1000).toFixed(0)).join(", ")} s), ${receiver.deliveries.length} notifications`);
      }
    }

    /** Drive one table to its end: each member acts as their style says; bots and the clock do the rest. */
    async function playTable(t: { id: string; holders: (string | null)[] }): Promise<void> {
      let lastVersion = -1;
      let since = Date.now();
      for (;;) {
        // Someone at the table who looks (never one who does not play: looking would hand a taken-over seat back).
        const lookers = t.holders.map((h) => byId(h)).filter((m): m is Member => !!m && !m.removed && m.style !== "never");
        let view: any = null;
        for (const m of lookers) {
          const token = await tokenOf(m, t.id);
          if (!token) continue;
          const r = await api.call("GET", `/api/tables/${t.id}`, { key: token });
          if (r.status === 200) {
            view = r.body;
            break;
          }
        }
        if (!view) {
          // Nobody of ours looks: the bots finish it; the round's close says when.
          const p = await adminPage();
          const row = p.rounds.flatMap((r: any) => r.tables).find((x: any) => x.tableId === t.id);
          if (row && row.status !== "playing") return;
          await sleep(500);
          continue;
        }
        if (view.phase === "over" || view.ended) return;
        const seat = view.toAct[0];
        if (view.version !== lastVersion) {
          lastVersion = view.version;
          since = Date.now();
        } else if (Date.now() - since > 60_000) {
          const w = byId(t.holders[seat]);
          log(`  ${t.id} waits at version ${view.version} for seat ${seat} (${w ? `M${w.i}, ${w.style}${w.removed ? ", removed" : ""}` : "a bot"}), deadline ${view.deadline}, game now ${new Date(server.now()).toISOString()}, clock ${JSON.stringify(view.clock)}`);
          since = Date.now();
        }
        const m = byId(t.holders[seat]);
        checkDeadline(t.id, view);
        const acts = m && !m.removed && m.style !== "never" && m.awayUntil < server.now();
        if (!acts) {
          await sleep(300);
          continue;
        }
        if (m.style === "late" && Math.random() < 0.3) await sleep(decisionReal * (0.6 + Math.random() * 0.55));
        const token = await tokenOf(m, t.id);
        if (!token) {
          await sleep(300);
          continue;
        }
        const mine = await api.call("GET", `/api/tables/${t.id}`, { key: token });
        if (mine.status !== 200 || mine.body.phase === "over" || mine.body.toAct[0] !== mine.body.you || !mine.body.legal.length) {
          await sleep(200);
          continue;
        }
        const action: any = chooseAction(mine.body);
        const r = await api.call("POST", `/api/tables/${t.id}/actions`, { key: token, body: { version: mine.body.version, action }, retry: false });
        if (r.status === 200) acked.push({ table: t.id, version: mine.body.version, seat: mine.body.you, type: action.type });
      }
    }

    /** A decision whose deadline passed long ago (the server up meanwhile) still waiting: the deadline did not fire. */
    function checkDeadline(table: string, view: any): void {
      // Only while the server has been up all along since it last started: a view answered right
      // after a restart (before the start is noted) shows a deadline the alarm is about to run.
      if (!view.deadline || view.clock?.paused || server.restarting) return;
      const deadline = Date.parse(view.deadline);
      const upFor = Date.now() - server.upSince;
      const late = server.now() - Math.max(deadline, server.now() - upFor * o.scale);
      if (late > 20_000 * o.scale) {
        const k = `${table}:${view.version}`;
        if (!missedSeen.has(k)) {
          missedSeen.add(k);
          missed++;
          problems.push(`deadline of ${table} at version ${view.version} (${view.deadline}) had not fired ${Math.round(late / o.scale / 1000)} s (real) later`);
        }
      }
    }

    // A run shorter than planned kills the rest now, with alarms and deliveries pending (the
    // random killer stopped first, its restart finished).
    done = true;
    stopKilling();
    await killer;
    while (kills < o.kills) {
      await sleep(1000 + Math.random() * 2000);
      server.kill();
      kills++;
      await server.start();
    }
    done = true;
    await killer;
    // Let the last notifications arrive.
    await sleep(3000);

    // ── Checks ───────────────────────────────────────────────────────────────────────────────
    let lost = 0;
    let mismatches = 0;
    const mismatch = (what: string) => {
      mismatches++;
      problems.push(what);
    };
    let tablesChecked = 0;
    for (let season = 1; season <= o.seasons; season++) {
      const page = await adminPage(season);
      const finished: { holders: (string | null)[]; result: { points: number[]; winners: number[] } }[] = [];
      for (const round of page.rounds) {
        for (const t of round.tables) {
          if (t.status === "annulled") continue;
          // The record, through any seat's token we hold.
          let record: GameRecord | null = null;
          for (const m of members) {
            const token = m.tokens.get(t.tableId);
            if (!token) continue;
            const r = await api.call("GET", `/api/tables/${t.tableId}/record`, { key: token });
            if (r.status === 200) {
              record = r.body;
              break;
            }
          }
          if (!record) {
            mismatch(`no record for ${t.tableId}`);
            continue;
          }
          tablesChecked++;
          const digest = createHash("sha256").update(record.seed ?? "", "utf8").digest("hex");
          const v = verifyRecord(record, record.seed ? digest : null);
          if (!v.ok) mismatch(`${t.tableId}: the record does not replay: ${v.problems.join("; ")}`);
          const result = record.result!;
          // What the league shows for the table is the record's result.
          t.seats.forEach((s: any, i: number) => {
            if (s.points !== result.points[i]) mismatch(`${t.tableId} seat ${i}: league shows ${s.points} points, the record ${result.points[i]}`);
          });
          for (const a of acked.filter((x) => x.table === t.tableId)) {
            const logged = record.actions[a.version];
            if (!logged || logged.seat !== a.seat || logged.type !== a.type) {
              lost++;
              problems.push(`${t.tableId}: acknowledged ${a.type} of seat ${a.seat} at version ${a.version} is not in the record (${JSON.stringify(logged)})`);
            }
          }
          finished.push({ holders: t.seats.map((s: any) => s.member), result: { points: result.points, winners: result.winners ?? [] } });
        }
      }
      // Standings, CSV: against the recount from the records.
      const expected = recount(finished);
      const shown = new Map<string, any>(page.standings.map((r: any) => [r.member, r]));
      for (const [member, e] of expected) {
        const r = shown.get(member);
        if (!r || r.games !== e.games || r.wins !== e.wins || Math.abs(r.points - e.points) > 1e-9) {
          mismatch(`season ${season}: ${byId(member)?.name ?? member} recounted ${JSON.stringify(e)}, standings show ${JSON.stringify(r && { games: r.games, wins: r.wins, points: r.points })}`);
        }
      }
      for (const r of page.standings) if (r.games > 0 && !expected.has(r.member)) mismatch(`season ${season}: ${r.name} has ${r.games} games in the standings, none in the records`);
      if (page.divisions) {
        for (const d of page.divisions) {
          for (const r of d.standings) {
            const e = expected.get(r.member) ?? { games: 0, wins: 0, points: 0 };
            if (r.games !== e.games || Math.abs(r.points - e.points) > 1e-9) mismatch(`season ${season} division ${d.no}: ${r.name} shows ${r.points} points in ${r.games} games, recounted ${e.points} in ${e.games}`);
          }
        }
      }
      const csv = await api.call("GET", `/api/leagues/${league.id}/standings.csv?season=${season}`, { key: league.adminKey, text: true });
      const rows = parseCsv(String(csv.body));
      const head = rows[0] ?? [];
      const col = (n: string) => head.indexOf(n);
      for (const row of rows.slice(1)) {
        const m = members.find((x) => x.name === row[col("name")]);
        const e = m ? (expected.get(m.id) ?? { games: 0, wins: 0, points: 0 }) : null;
        if (!e || Number(row[col("points")]) !== e.points || Number(row[col("games")]) !== e.games) mismatch(`season ${season} CSV: ${row.join(",")} ≠ recount ${JSON.stringify(e)}`);
      }
      if (rows.length - 1 !== page.standings.length) mismatch(`season ${season} CSV has ${rows.length - 1} rows, standings ${page.standings.length}`);
      // iCalendar: one event per round, at its deadline.
      const ics = String((await api.call("GET", `/api/leagues/${league.id}/calendar.ics`, { key: league.adminKey, text: true })).body);
      for (const r of page.rounds) {
        const uid = `UID:${league.id}-${season}-${r.no}@muli`;
        const at = ics.indexOf(uid);
        const stamp = new Date(r.deadline).toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, "");
        if (at < 0 || !ics.slice(at, at + 300).includes(`DTSTART:${stamp}`)) mismatch(`calendar: season ${season} round ${r.no} missing or not at ${stamp}`);
      }
      // Divisions of the next season: from this season's division standings (top n up, bottom n down).
      if (season < o.seasons && page.divisions) {
        const next = await adminPage(season + 1);
        const moves = page.league.divisionMoves as number;
        const divisionOf = new Map<string, number>();
        for (const d of next.divisions ?? []) for (const r of d.standings) divisionOf.set(r.member, d.no);
        page.divisions.forEach((d: any, k: number) => {
          const ranked = [...d.standings].filter((r: any) => !r.removed);
          const ordered = ranked.sort((a: any, b: any) => (expected.get(b.member)?.points ?? 0) - (expected.get(a.member)?.points ?? 0));
          const score = (r: any) => expected.get(r.member)?.points ?? 0;
          ordered.forEach((r: any, place: number) => {
            // Only where the recount alone decides it (no tie across the boundary).
            const up = k > 0 && place < moves && score(r) > score(ordered[moves] ?? { member: "" });
            const down = k < page.divisions.length - 1 && place >= ordered.length - moves && score(r) < score(ordered[ordered.length - moves - 1] ?? { member: "" });
            const want = up ? d.no - 1 : down ? d.no + 1 : null;
            if (want !== null && divisionOf.get(r.member) !== want) mismatch(`season ${season + 1}: ${r.name} should be in division ${want}, is in ${divisionOf.get(r.member)}`);
          });
        });
      }
    }

    // ── Notifications ─────────────────────────────────────────────────────────────────────────
    const kinds = { turn: 0, reminder: 0, digest: 0, escalation: 0, takeover: 0, duringQuietHours: 0 };
    let doubleFired = 0;
    const seen = new Map<string, number>();
    for (const d of receiver.deliveries) {
      if (d.kind in kinds) kinds[d.kind as keyof typeof kinds]++;
      const m = members[d.member] ?? members.find((x) => x.i === d.member);
      if (m?.quiet) {
        // Sent as quiet hours began, it may land a little after: an hour of game time (3 s real at 1200×) of slack.
        const into = intoQuiet(localMinutes(Math.floor(origin + (d.at - origin) * o.scale), m.timeZone), m.quiet[0], m.quiet[1]);
        if (into >= 60) {
          kinds.duringQuietHours++;
          problems.push(`M${m.i} got a ${d.kind} ${into} minutes into their quiet hours`);
        }
      }
      for (const t of d.tables) {
        if (t.kind !== "turn" && t.kind !== "reminder") continue;
        const k = `${d.member}:${t.table}:${t.seat}:${t.kind}:${t.deadline}`;
        seen.set(k, (seen.get(k) ?? 0) + 1);
        if (seen.get(k) === 2) {
          doubleFired++;
          problems.push(`M${d.member} got the ${t.kind} for ${t.table} (deadline ${t.deadline}) twice`);
        }
      }
    }

    const summary: SoakSummary = {
      members: members.length,
      seasons: o.seasons,
      rounds: roundsPlayed,
      tables: tablesPlayed,
      actions: acked.length,
      kills,
      lost,
      doubleFired,
      missedDeadlines: missed,
      mismatches,
      notifications: { turn: kinds.turn, reminder: kinds.reminder, digest: kinds.digest, escalation: kinds.escalation, duringQuietHours: kinds.duringQuietHours },
    };
    log(`${tablesChecked} records replayed; ${kinds.takeover} takeover messages; ${api.failed} requests met a dead server; ${(server.downMs / 1000).toFixed(0)} s down in all`);
    for (const p of problems.slice(0, 40)) log(`  problem: ${p}`);
    if (problems.length > 40) log(`  … ${problems.length - 40} more`);
    return summary;
  } finally {
    done = true;
    stopKilling();
    killer.catch(() => {}); // a restart cut short by the stop below is no finding
    server.stop();
    await receiver.stop();
  }
}

const hm = (m: number) => `${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`;
const count = (xs: string[]) => xs.reduce<Record<string, number>>((a, x) => ({ ...a, [x]: (a[x] ?? 0) + 1 }), {});
