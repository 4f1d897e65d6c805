// A league's seasons run against the real local server with compressed game time, the server's
// process group killed at random moments and started again (README, "The season soak").
// Members are players with a webhook channel each (to a loopback receiver), in several time zones,
// some with quiet hours; they play at once, late, or never. What the run checks is counted in the
// summary; its last line is the JSON the issue asks for.
import { loadavg } from "node:os";
import { join } from "node:path";
import { Api } from "./api";
import { checkLeague, type RoundStart } from "./checks";
import { holdSocket, playAnswering, playSide, playTable, type Acked, type Member, type Players, type SocketSpan, type Style } from "./play";
import { Receiver } from "./receiver";
import { SoakServer, freePort } from "./server";
import { tally } from "./tally";

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
  /** A member holds a socket at their tables (needs a WebSocket client: Node 20 runs with --experimental-websocket). */
  socket?: boolean;
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
  notifications: { turn: number; reminder: number; digest: number; escalation: number; duringQuietHours: number; takeover: number; whileAtTable: number };
  promoted: number;
  relegated: number;
  wallMinutes: number;
  load: number;
}

const HOUR = 3_600_000;
const ZONES = ["Europe/Vienna", "America/New_York", "Asia/Tokyo", "UTC", "Australia/Sydney", "America/Los_Angeles"];
const RULES = { preset: "standard", startPoints: 3, endAbove: 20 };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function runSoak(o: SoakOptions): Promise<SoakSummary> {
  const log = o.log ?? ((l: string) => console.log(l));
  const started = Date.now();
  const origin = Date.now();
  const server = new SoakServer(o.root, join(o.work), await freePort(), o.scale, origin);
  const receiver = new Receiver();
  const api = new Api(() => server.base);
  const decisionHours = 1;
  const roundDays = 1;
  const decisionReal = server.real(decisionHours * HOUR);
  const acked: Acked[] = [];
  const spans: SocketSpan[] = [];
  const sideActions = { n: 0 };
  const problems: string[] = [];
  const starts: RoundStart[] = [];
  const loads: number[] = [];
  let kills = 0;
  let missed = 0;
  const missedSeen = new Set<string>();
  let done = false;
  const restarts: number[] = [];
  const socket = o.socket ?? typeof WebSocket !== "undefined";

  server.prepare();
  await receiver.start();
  await server.start();
  log(`server up at ${server.base}; game time ${o.scale}× real time (a ${decisionHours}-hour decision = ${(decisionReal / 1000).toFixed(1)} s); load ${loadavg()[0].toFixed(1)}`);
  const sampler = setInterval(() => loads.push(loadavg()[0]), 10_000);

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

  const sides: Promise<void>[] = [];
  const sockets: Promise<void>[] = [];
  try {
    // The league: divisions of 12 (two for 24 members), tables of 4 (3 where the count needs it).
    const admin = await api.call("POST", "/api/leagues", {
      body: { name: "Soak", rules: RULES, tableSize: 4, roundDays, decisionHours, seasonRounds: o.rounds, divisionSize: Math.max(4, Math.ceil(o.members / 2)), divisionMoves: 2 },
    });
    if (admin.status !== 201) throw new Error(`league: ${admin.status} ${JSON.stringify(admin.body)}`);
    const league = admin.body as { id: string; adminKey: string; invite: string };
    const members: Member[] = [];
    const styles: Style[] = ["prompt", "prompt", "late", "prompt", "late", "never", "prompt", "prompt"];
    // Who is what (by index, so a short run has some of each): e-mail first (escalations) for a
    // member of each style; two who sleep in their quiet hours and have a side table (digests);
    // one who holds a socket at the table.
    const emailFirst = new Set([2, 5, 7]);
    const sleepers = new Set([3, 12]);
    const socketHolder = 0;
    const addMember = async (i: number): Promise<Member> => {
      const timeZone = ZONES[i % ZONES.length];
      const p = await api.call("POST", "/api/players", { body: { name: `M${i}`, timeZone, language: i % 2 ? "de" : "en" } });
      if (p.status !== 201) throw new Error(`player: ${p.status} ${JSON.stringify(p.body)}`);
      const sleeps = sleepers.has(i);
      // Night (9 hours) for a third and the sleepers, an afternoon (5 hours) for another third.
      const quiet: [number, number] | null = i % 3 === 0 || sleeps ? [22 * 60, 7 * 60] : i % 3 === 1 ? [12 * 60, 17 * 60] : null;
      const email = emailFirst.has(i);
      const patch = { ...(quiet ? { quietHours: { start: hm(quiet[0]), end: hm(quiet[1]) } } : {}), ...(email ? { resendAfter: 15 } : {}) };
      if (Object.keys(patch).length) await api.call("PATCH", "/api/players/me", { key: p.body.key, body: patch });
      if (email) {
        const e = await api.call("POST", "/api/players/me/channels", { key: p.body.key, body: { kind: "email", address: `m${i}@soak.invalid` } });
        if (e.status !== 201) throw new Error(`e-mail channel: ${e.status} ${JSON.stringify(e.body)}`);
      }
      const ch = await api.call("POST", "/api/players/me/channels", { key: p.body.key, body: { kind: "webhook", url: `${receiver.url}/hook/${i}` } });
      if (ch.status !== 201) throw new Error(`channel: ${ch.status} ${JSON.stringify(ch.body)}`);
      const j = await joinLeague(p.body.key, `M${i}`);
      const style = sleeps || i === socketHolder ? "prompt" : styles[i % styles.length];
      return { i, name: `M${i}`, key: p.body.key, playerId: p.body.id, id: j, timeZone, quiet, style, removed: false, reserve: false, awayUntil: 0, sleeps, email, socket: socket && i === socketHolder, tokens: new Map() };
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
    const special = (m: Member) => m.sleeps || m.socket;
    const reserve = members.find((m) => m.style === "prompt" && m.i > 0 && !special(m) && !m.email)!;
    await api.call("POST", `/api/leagues/${league.id}/reserve`, { key: reserve.key, body: { reserve: true } });
    reserve.reserve = true;
    log(
      `league ${league.id}: ${members.length} members, ${members.filter((m) => m.quiet).length} with quiet hours in ${ZONES.length} time zones; styles ${JSON.stringify(count(members.map((m) => m.style)))}; e-mail first ${members.filter((m) => m.email).map((m) => `M${m.i} (${m.style})`).join(", ")}, the one who never plays answering the second sending at a side table; asleep in quiet hours, with a side table ${members.filter((m) => m.sleeps).map((m) => `M${m.i}`).join(", ")}; ${socket ? `M${socketHolder} holds a socket at the table` : "no socket (no WebSocket client)"}`,
    );

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
    /** A decision whose deadline passed long ago (the server up meanwhile) still waiting: the deadline did not fire. */
    const checkDeadline = (table: string, view: any): void => {
      // Only while the server has been up all along since it last started: a view answered right
      // after a restart (before the start is noted) shows a deadline the alarm is about to run.
      if (!view.deadline || view.clock?.paused || server.restarting) return;
      const deadline = Date.parse(view.deadline);
      const upFor = Date.now() - server.upSince;
      const lateBy = server.now() - Math.max(deadline, server.now() - upFor * o.scale);
      if (lateBy > 20_000 * o.scale) {
        const k = `${table}:${view.version}`;
        if (!missedSeen.has(k)) {
          missedSeen.add(k);
          missed++;
          problems.push(`deadline of ${table} at version ${view.version} (${view.deadline}) had not fired ${Math.round(lateBy / o.scale / 1000)} s (real) later`);
        }
      }
    };
    const players: Players = {
      api,
      server,
      decisionReal,
      acked,
      sideActions,
      spans,
      byId,
      tokenOf,
      finished: async (table) => {
        const p = await adminPage();
        const row = p.rounds.flatMap((r: any) => r.tables).find((x: any) => x.tableId === table);
        return !!row && row.status !== "playing";
      },
      checkDeadline,
      log,
      over: () => done,
    };
    for (const m of members.filter((x) => x.sleeps)) sides.push(playSide(players, m, RULES));
    // The never-playing e-mail member answers the second sending at a side table (escalations).
    const answering = members.find((x) => x.email && x.style === "never");
    const heard = (m: Member) => (table: string, after: number) => receiver.deliveries.some((d) => d.member === m.i && d.at > after && d.tables.some((t) => t.table === table));
    if (answering) sides.push(playAnswering(players, answering, RULES, heard(answering)));

    let roundsPlayed = 0;
    let tablesPlayed = 0;
    for (let season = 1; season <= o.seasons; season++) {
      if (season > 1) {
        for (;;) {
          const s = await api.call("POST", `/api/leagues/${league.id}/seasons`, { key: league.adminKey, body: {} });
          if (s.status === 200 || s.status === 201) break;
          if ((await adminPage()).league.season === season) break;
        }
        const page = await adminPage();
        log(`season ${season} started: divisions ${(page.divisions ?? []).map((d: any) => `${d.no}: ${d.standings.map((r: any) => byId(r.member)?.name ?? "?").join(" ")}`).join("; ")}`);
      }
      for (let no = 1; no <= o.rounds; no++) {
        if (season === 1 && no === 3 && late) {
          members.push(await addMember(o.members - 1));
          log(`round 3: M${o.members - 1} joins (lowest division)`);
        }
        const duplicate = no === 2;
        const roundStart = Date.now();
        const from = server.now();
        for (;;) {
          const r = await api.call("POST", `/api/leagues/${league.id}/rounds`, { key: league.adminKey, body: { no, duplicate } });
          // 202: still starting (its slices run on; README "League rounds"), waited for below.
          if (r.status === 201 || r.status === 202 || (r.status === 409 && r.body?.error?.code === "ROUND_EXISTS")) break;
          // Started already, its answer lost with a killed server: the open round is this one.
          if (r.status === 409 && r.body?.error?.code === "ROUND_OPEN" && (await adminPage()).rounds.some((x: any) => x.no === no && !x.closedAt)) break;
          if (r.status !== 0) throw new Error(`round ${no}: ${r.status} ${JSON.stringify(r.body)}`);
        }
        let page = await adminPage();
        // A start that took longer than the request's wait (a busy machine, a kill) finishes by itself.
        while (page.rounds.find((r: any) => r.no === no)?.status === "starting") {
          await sleep(500);
          page = await adminPage();
        }
        starts.push({ season, no, from, to: server.now() });
        const round = page.rounds.find((r: any) => r.no === no);
        const tables: { id: string; holders: (string | null)[] }[] = round.tables.map((t: any) => ({ id: t.tableId, holders: t.seats.map((s: any) => s.member) }));
        log(`season ${season} round ${no}${duplicate ? " (duplicate)" : ""}: tables of ${tables.map((t) => t.holders.length).join(", ")}`);

        // Events of the round: a vacation, and (season 1, round 3) a removal and a reserve.
        const events: Promise<void>[] = [];
        if (no === 2 || (no === 1 && season === 1)) {
          const v = members.find((m) => m.style === "prompt" && !m.removed && m !== reserve && !special(m) && m.i % 5 === season);
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
          const table = tables.find((t) => !t.holders.includes(reserve.id) && t.holders.some((h) => byId(h)?.style === "late" && !special(byId(h)!)));
          const gone = table && byId(table.holders.find((h) => byId(h)?.style === "late" && !special(byId(h)!))!)!;
          if (table && gone)
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

        const times: string[] = [];
        await Promise.all(
          tables.map(async (t) => {
            let ended = false;
            const holder = t.holders.map((h) => byId(h)).find((m) => m?.socket);
            const held = holder ? holdSocket(players, holder, t.id, () => ended) : null;
            if (held) sockets.push(held);
            await playTable(players, t);
            ended = true;
            times.push(((Date.now() - roundStart) / 1000).toFixed(0));
          }),
        );
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
        log(`  closed after ${((Date.now() - roundStart) / 1000).toFixed(0)} s (tables done at ${times.join(", ")} s); ${acked.length} actions acknowledged so far, ${kills} kills (restarts took ${restarts.map((r) => (r / 1000).toFixed(0)).join(", ")} s), ${receiver.deliveries.length} notifications, load ${loadavg()[0].toFixed(1)}`);
      }
    }

    // A run shorter than planned kills the rest now, with alarms and deliveries pending (the
    // random killer stopped first, its restart finished).
    done = true;
    stopKilling();
    await killer;
    await Promise.all([...sides, ...sockets]);
    while (kills < o.kills) {
      await sleep(1000 + Math.random() * 2000);
      server.kill();
      kills++;
      await server.start();
    }
    // Let the last notifications arrive.
    await sleep(3000);

    const checked = await checkLeague(api, league, o.seasons, roundDays, members, acked, starts, adminPage, problems);
    const n = tally(receiver.deliveries, members, spans, { origin, scale: o.scale, decisionMs: decisionHours * HOUR }, problems);
    if (process.env.SOAK_DUMP) {
      const outboxes: Record<string, unknown> = {};
      for (const m of members.filter((x) => x.quiet)) outboxes[m.name] = (await api.call("GET", "/api/players/me/outbox", { key: m.key })).body;
      (await import("node:fs")).writeFileSync(process.env.SOAK_DUMP, JSON.stringify({ origin, scale: o.scale, members: members.map(({ tokens, key, ...m }) => m), deliveries: receiver.deliveries, outboxes, problems }, null, 1));
    }
    const socketHolderMember = members.find((m) => m.socket);
    const summary: SoakSummary = {
      members: members.length,
      seasons: o.seasons,
      rounds: roundsPlayed,
      tables: tablesPlayed,
      actions: acked.length,
      kills,
      lost: checked.lost,
      doubleFired: n.doubleFired,
      missedDeadlines: missed,
      mismatches: checked.mismatches,
      notifications: { turn: n.turn, reminder: n.reminder, digest: n.digest, escalation: n.escalation, duringQuietHours: n.duringQuietHours, takeover: n.takeover, whileAtTable: n.whileAtTable },
      promoted: checked.promoted,
      relegated: checked.relegated,
      wallMinutes: Math.round((Date.now() - started) / 6000) / 10,
      load: Math.round((loads.reduce((a, b) => a + b, 0) / Math.max(1, loads.length)) * 10) / 10,
    };
    log(`${checked.tablesChecked} records replayed; ${checked.calendarEvents} calendar events; into season 2 and on: ${checked.promoted} promoted and ${checked.relegated} relegated as the recount decides`);
    log(`escalations by kind ${JSON.stringify(n.escalatedKinds)}; ${sideActions.n} actions at side tables; ${socketHolderMember ? `M${socketHolderMember.i} held sockets ${spans.length} times (${(spans.reduce((a, s) => a + s.to - s.from, 0) / 1000).toFixed(0)} s), made ${acked.filter((a) => a.by === socketHolderMember.i && spans.some((s) => s.table === a.table)).length} moves at those tables, and got ${n.atTableAllowed} messages for turns begun before a socket opened` : "no socket held"}`);
    log(`${api.failed} requests met a dead server; ${(server.downMs / 1000).toFixed(0)} s down in all; mean load ${summary.load}`);
    for (const p of problems.slice(0, 40)) log(`  problem: ${p}`);
    if (problems.length > 40) log(`  … ${problems.length - 40} more`);
    return summary;
  } finally {
    done = true;
    clearInterval(sampler);
    stopKilling();
    killer.catch(() => {}); // a restart cut short by the stop below is no finding
    server.stop();
    await receiver.stop();
  }
}

const hm = (m: number) => `${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`;
const count = (xs: string[]) => xs.reduce<Record<string, number>>((a, x) => ({ ...a, [x]: (a[x] ?? 0) + 1 }), {});
