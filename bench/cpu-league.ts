// bench/cpu.ts's entry points beyond the table's own (bench/cpu-drive.ts): the league's routes on
// the league of bench/cpu-seed.ts (40 members, two seasons played), the player's, sign-in,
// operator, health, feedback and receipts routes, the table's host, chat and end routes, the
// clock's and pool's alarms, a queue batch of each message kind and the cron. Each entry sets up
// its next invocation (not measured) and returns it. Entries that add a round or a season to the
// league run fewer times (COUNTS), so that the league stays near the size it was seeded at.
import worker from "../worker/index";
import { MemorySocket } from "./room-drive";
import { http, newTable, move, over, tableOf, type Invocation, type Table } from "./cpu-drive";
import { env, roomOf, sent } from "./cpu-edges";
import { club, firstPlaying, openTables, player, playAt, post, SHORT_RULES } from "./cpu-seed";
import { roundSlice, type PlanShelf, type RoundJob } from "../worker/leagues/round-job";
import { TOLD_AT_ONCE } from "../worker/api/players";

const json = async <T>(p: Promise<string>) => JSON.parse(await p) as T;
const L = () => `/api/leagues/${club.id}`;
const admin = () => club.adminKey;
const member = (i = 0) => club.members[i].key;
let joined = 0;

/** A table made through POST /api/tables by the player: its seats' tokens and the host's key. */
async function hosted(bots: (string | null)[] = [null, null, null, null]) {
  const t = await json<{ id: string; seats: { token: string | null }[]; host: { key: string } }>(
    post("/api/tables", { rules: SHORT_RULES, seats: bots.map((bot, i) => ({ name: "ABCD"[i], bot })), autoPlay: false }, player.key),
  );
  return { id: t.id, tokens: t.seats.map((s) => s.token), hostKey: t.host.key };
}

// The league's round object (worker/leagues/round-room.ts), in memory: it keeps the job a round
// start hands it, and runs its slices, each its own invocation as each alarm is. While `hold` is
// set (the entries "round start" and "round slice") the start answers at once (202) and leaves its
// slices to them; otherwise (the seeding, every other entry's set-up) they run before it answers.
const plans = new Map<string, string[][][]>();
const shelf: PlanShelf = { get: async (k) => plans.get(k), put: async (k, p) => void plans.set(k, p) };
let pending: RoundJob | null = null;
let hold = false;
/** One slice of the pending job, from its state kept as the object keeps it (a copy). */
async function slice(): Promise<void> {
  const job = structuredClone(pending!);
  pending = (await roundSlice(env as never, job, shelf)) ? null : job;
}
/** The pending job's slices to its end, and round starts answered whole again. */
async function drain() {
  hold = false;
  while (pending) await slice();
}
env.ROUNDS = {
  getByName: () => ({
    begin: async (job: RoundJob) => {
      pending = structuredClone(job);
      if (hold) return false;
      await drain();
      return true;
    },
  }),
};

/** Decide every open table of the open round and close it; then start the next round. */
async function nextRound(closeOnly = false) {
  await drain();
  const page = await json<{ season: number; rounds: { no: number; season: number; closedAt: number | null; tables: { tableId: string; status: string }[] }[] }>(http(L(), admin()));
  const open = page.rounds.find((r) => r.closedAt === null);
  if (open) {
    for (const t of open.tables) if (t.status === "playing") await post(`${L()}/tables/${t.tableId}/decide`, { outcome: "annul" }, admin(), "POST").catch(() => undefined);
    await post(`${L()}/rounds/${open.no}/close`, {}, admin());
  }
  if (!closeOnly) await post(`${L()}/rounds`, {}, admin());
}
const openRoundNo = async () => {
  await drain();
  const page = await json<{ rounds: { no: number; closedAt: number | null }[] }>(http(L(), admin()));
  return page.rounds.find((r) => r.closedAt === null)?.no ?? null;
};
/** A table of the open round not decided yet with a member's seat (a new round when none is left). */
async function undecided() {
  await drain();
  const fit = (x: { status: string; seats: { member: string | null }[] }) => x.status === "playing" && x.seats.some((s) => s.member);
  let t = (await openTables()).find(fit);
  if (!t) {
    await nextRound();
    t = (await openTables()).find(fit)!;
  }
  return t;
}
/** Members take turns on the board (at most 10 messages a minute each). */
let posts = 0;
const boardPoster = () => posts++ % club.members.length;

let lastJoin: Promise<string> | null = null;
/** A member removed by the admin (not measured); one removed already is left as it is. */
const leave = (memberId: string) => http(`${L()}/members/${memberId}`, admin(), { method: "DELETE" }, [409]);
/** A new player with an e-mail channel (not measured). */
async function playerWithChannel() {
  const p = await json<{ key: string }>(post("/api/players", { name: "Kanal" }));
  const c = await json<{ id: number }>(post("/api/players/me/channels", { kind: "email", address: "a@club.example" }, p.key));
  return { p, c };
}
let wanderer: string[] | undefined;
const passers = new Map<string, string>();
/**
 * A new member for entry `entry`, whose member of the last time leaves first (neither measured): the
 * entries that add a member each time stay within the league's member cap together.
 */
async function passingMember(entry: string) {
  const before = passers.get(entry);
  if (before) await leave(before);
  const m = await newMember();
  passers.set(entry, m.member.id);
  return m;
}
/** A new member (joined outside the measurement). */
async function newMember() {
  const j = await json<{ member: { id: string }; key: string }>(post(`${L()}/join`, { invite: club.invite, name: `Guest ${++joined}` }));
  return j;
}

/** A queue batch of one message, through the Worker's queue handler. */
function batchOf(body: unknown, queue = "muli-notify"): Invocation {
  const msg = { id: crypto.randomUUID(), timestamp: new Date(), body, attempts: 1, ack: () => undefined, retry: () => undefined };
  return () => worker.queue!({ queue, messages: [msg], ackAll: () => undefined, retryAll: () => undefined } as never, env as never);
}
/** The next message of `type` the queue was sent (making some when none is waiting). */
async function queued(type: string, make: () => Promise<void>) {
  for (let tries = 0; tries < 50; tries++) {
    const i = sent.findIndex((m) => (m.body as { type: string }).type === type);
    if (i >= 0) return sent.splice(i, 1)[0].body;
    await make();
  }
  throw new Error(`no ${type} message`);
}
/** The player's email channel, made once: turn messages then go somewhere. */
let channel = 0;
async function withChannel() {
  if (!channel) channel = (await json<{ id: number }>(post("/api/players/me/channels", { kind: "email", address: "veteran@club.example" }, player.key))).id;
}
/** A turn notice for the player: moves until it is their seat's turn, past the grace before a turn message. */
let noticeTable: Table | null = null;
async function turnNotices() {
  await withChannel();
  for (;;) {
    if (!noticeTable || (await over(noticeTable))) {
      noticeTable = await newTable();
      await post("/api/players/me/seats", { table: noticeTable.id, token: noticeTable.tokens[1] }, player.key);
    }
    await move(noticeTable);
    if (!(await over(noticeTable)) && (await tableOf(noticeTable)).state.toAct[0] === 1) break;
  }
  const { room, ctx } = roomOf(noticeTable.id);
  const clock = (await ctx.storage.get("clock")) as { startedAt: number };
  await ctx.storage.put("clock", { ...clock, startedAt: Date.now() - 86_400_000 });
  await room.alarm();
}
/** Pumps the queue until a message of `type` comes out of handling another. */
async function pumped(type: string) {
  return queued(type, async () => {
    const next = sent.shift();
    if (!next) return turnNotices();
    await batchOf(next.body)();
  });
}

/**
 * The alarm of a table with an hour per decision whose current decision began long enough ago
 * that its reminder is due (`share` 0.85 of the hour) or its time is up (1.1: a bot moves once).
 */
function clockAlarm(share: number): () => Promise<Invocation> {
  return async () => {
    const t = await json<{ id: string }>(post("/api/tables", { rules: SHORT_RULES, seats: ["A", "B", "C", "D"].map((name) => ({ name })), autoPlay: false, clock: { hours: 1 } }, player.key));
    const { room, ctx } = roomOf(t.id);
    await room.alarm(); // settles what the start left to do
    const clock = (await ctx.storage.get("clock")) as { startedAt: number };
    await ctx.storage.put("clock", { ...clock, startedAt: Date.now() - share * 3_600_000 });
    return () => room.alarm();
  };
}

/** A duplicate round's table played to its end: its alarm tells the pool (and archives). */
async function poolAlarm(): Promise<Invocation> {
  await drain();
  let t = await firstPlaying();
  const page = await json<{ rounds: { closedAt: number | null; duplicate?: boolean }[] }>(http(L(), admin()));
  if (!t || !page.rounds.find((r) => r.closedAt === null)?.duplicate) {
    await nextRound(true);
    await post(`${L()}/rounds`, { duplicate: true }, admin());
    t = (await openTables())[0];
  }
  await playAt(t.tableId);
  return () => roomOf(t.tableId).room.alarm();
}

export const COUNTS: Record<string, number> = {
  "alarm: pool (a duplicate round's game ends)": 20,
  "HTTP POST /api/leagues/:id/rounds (round start)": 8,
  "alarm: league round slice (a round start's seating, tables, commit)": 120,
  "HTTP POST /api/leagues/:id/rounds/:no/close": 8,
  "HTTP POST /api/leagues/:id/seasons": 4,
};

export const MORE_ENTRIES: Record<string, () => Promise<Invocation>> = {
  // --- leagues ---------------------------------------------------------------------------------
  "HTTP POST /api/leagues": async () => () => post("/api/leagues", { name: "Neu", rules: SHORT_RULES, tableSize: 4 }),
  "HTTP POST /api/leagues/:id/join": async () => {
    // The last one's guest leaves again (not measured): the league stays under its member cap for
    // the entries after this one that add members (undo, a reserve's seat).
    if (lastJoin) await leave((JSON.parse(await lastJoin) as { member: { id: string } }).member.id);
    return () => (lastJoin = post(`${L()}/join`, { invite: club.invite, name: `Guest ${++joined}` }));
  },
  "HTTP GET /api/leagues/:id/preview": async () => () => http(`${L()}/preview`, club.invite),
  "HTTP GET /api/leagues/:id (admin)": async () => () => http(L(), admin()),
  "HTTP GET /api/leagues/:id (member)": async () => () => http(L(), member(3)),
  "HTTP GET /api/leagues/:id/standings.csv": async () => () => http(`${L()}/standings.csv`, member(3)),
  "HTTP GET /api/leagues/:id/calendar.ics": async () => () => http(`${L()}/calendar.ics`, member(3)),
  "HTTP POST /api/leagues/:id/rounds (round start)": async () => {
    if ((await openRoundNo()) !== null) await nextRound(true);
    hold = true;
    return () => post(`${L()}/rounds`, {}, admin());
  },
  "alarm: league round slice (a round start's seating, tables, commit)": async () => {
    if (!pending) {
      await nextRound(true);
      // A member more each time: a season's plan kept from an earlier round would spare the seating.
      await newMember();
      hold = true;
      await post(`${L()}/rounds`, {}, admin());
    }
    return () => slice();
  },
  "HTTP POST /api/leagues/:id/rounds/:no/close": async () => {
    await nextRound();
    const open = await openTables();
    for (const t of open) if (t.status === "playing") await post(`${L()}/tables/${t.tableId}/decide`, { outcome: "score" }, admin());
    const no = await openRoundNo();
    return () => post(`${L()}/rounds/${no}/close`, {}, admin());
  },
  "HTTP POST /api/leagues/:id/rounds/:no/deadline": async () => {
    let no = await openRoundNo();
    if (no === null) {
      await nextRound();
      no = await openRoundNo();
    }
    return () => post(`${L()}/rounds/${no}/deadline`, { days: 1 }, admin());
  },
  "HTTP POST /api/leagues/:id/seasons": async () => {
    await nextRound(true);
    return () => post(`${L()}/seasons`, {}, admin());
  },
  "HTTP POST /api/leagues/:id/tables/:tableId/decide": async () => {
    const t = await undecided();
    return () => post(`${L()}/tables/${t.tableId}/decide`, { outcome: "score" }, admin());
  },
  "HTTP POST /api/leagues/:id/tables/:tableId/seats/:seat": async () => {
    const t = await undecided();
    const seat = t.seats.findIndex((s) => s.member);
    return () => post(`${L()}/tables/${t.tableId}/seats/${seat}`, { member: null }, admin());
  },
  "HTTP DELETE /api/leagues/:id/members/:memberId": async () => {
    const m = await newMember();
    return () => http(`${L()}/members/${m.member.id}`, admin(), { method: "DELETE" });
  },
  "HTTP POST /api/leagues/:id/members/:memberId/ban": async () => {
    const m = await newMember();
    return () => post(`${L()}/members/${m.member.id}/ban`, {}, admin());
  },
  "HTTP POST /api/leagues/:id/admin-log/:entry/undo": async () => {
    const m = await passingMember("undo");
    await http(`${L()}/members/${m.member.id}`, admin(), { method: "DELETE" });
    const page = await json<{ adminLog: { id: number; action: string }[] }>(http(L(), admin()));
    const entry = page.adminLog.find((e) => e.action === "memberRemoved")!;
    return () => post(`${L()}/admin-log/${entry.id}/undo`, {}, admin());
  },
  "HTTP POST /api/leagues/:id/invite": async () => async () => {
    const r = await json<{ code?: string; invite?: { code: string } }>(post(`${L()}/invite`, {}, admin()));
    club.invite = r.invite?.code ?? r.code ?? club.invite;
  },
  "HTTP POST /api/leagues/:id/admin-key": async () => async () => {
    const r = await json<{ adminKey: string; invite?: { code: string } }>(post(`${L()}/admin-key`, {}, admin()));
    club.adminKey = r.adminKey;
    if (r.invite) club.invite = r.invite.code;
  },
  "HTTP POST /api/leagues/:id/reserve": async () => {
    let on = false;
    return () => post(`${L()}/reserve`, { reserve: (on = !on) }, member(5));
  },
  "HTTP POST /api/leagues/:id/tables/:tableId/seats/:seat/reserve": async () => {
    const m = await passingMember("reserve");
    await post(`${L()}/reserve`, { reserve: true }, m.key);
    const t = await undecided();
    const seat = t.seats.findIndex((s) => s.member);
    await post(`${L()}/tables/${t.tableId}/seats/${seat}`, { member: null }, admin());
    return () => post(`${L()}/tables/${t.tableId}/seats/${seat}/reserve`, { member: m.member.id }, admin());
  },
  "HTTP GET /api/leagues/:id/board": async () => () => http(`${L()}/board`, member(2)),
  "HTTP GET /api/leagues/:id/board/unread": async () => () => http(`${L()}/board/unread`, member(2)),
  "HTTP POST /api/leagues/:id/board": async () => () => post(`${L()}/board`, { text: "Wer spielt am Dienstag?" }, member(boardPoster())),
  "HTTP POST /api/leagues/:id/board/read": async () => () => post(`${L()}/board/read`, { upTo: 1_000_000 }, member(2)),
  "HTTP PATCH /api/leagues/:id/board/settings": async () => () => post(`${L()}/board/settings`, { muted: false }, member(2), "PATCH"),
  "HTTP POST /api/leagues/:id/board/:message/hide": async () => {
    const m = await json<{ id: number }>(post(`${L()}/board`, { text: "Hallo" }, member(boardPoster())));
    return () => post(`${L()}/board/${m.id}/hide`, {}, admin());
  },
  "HTTP POST /api/leagues/:id/board/:message/report": async () => {
    const m = await json<{ id: number }>(post(`${L()}/board`, { text: "Hallo" }, member(boardPoster())));
    return () => post(`${L()}/board/${m.id}/report`, { reason: "rude" }, member(6));
  },
  // --- players and sign-in -----------------------------------------------------------------------
  "HTTP POST /api/players": async () => () => post("/api/players", { name: "Neu" }),
  "HTTP GET /api/players/me (200 finished games)": async () => () => http("/api/players/me", player.key),
  "HTTP PATCH /api/players/me": async () => () => post("/api/players/me", { quietHours: { start: "22:00", end: "07:00" } }, player.key, "PATCH"),
  "HTTP POST /api/players/me/seats": async () => {
    const t = await newTable();
    return () => post("/api/players/me/seats", { table: t.id, token: t.tokens[2] }, player.key);
  },
  "HTTP POST /api/players/me/channels": async () => {
    const p = await json<{ key: string }>(post("/api/players", { name: "Kanal" }));
    return () => post("/api/players/me/channels", { kind: "email", address: "a@club.example" }, p.key);
  },
  "HTTP DELETE /api/players/me/channels/:id": async () => {
    const { p, c } = await playerWithChannel();
    return () => http(`/api/players/me/channels/${c.id}`, p.key, { method: "DELETE" });
  },
  "HTTP POST /api/players/me/channels/:id/test": async () => {
    const { p, c } = await playerWithChannel();
    return () => post(`/api/players/me/channels/${c.id}/test`, {}, p.key);
  },
  "HTTP POST /api/players/me/vacation": async () => () => post("/api/players/me/vacation", { days: 7 }, player.key),
  "HTTP DELETE /api/players/me/vacation": async () => () => http("/api/players/me/vacation", player.key, { method: "DELETE" }),
  "HTTP GET /api/players/me/leagues": async () => () => http("/api/players/me/leagues", player.key),
  "HTTP GET /api/players/me/outbox": async () => {
    await withChannel();
    return () => http("/api/players/me/outbox", player.key);
  },
  "HTTP GET /api/players/signin": async () => () => http("/api/players/signin", null),
  "HTTP POST /api/players/me/signin-links": async () => () => post("/api/players/me/signin-links", {}, player.key),
  "HTTP POST /api/players/signin (a link)": async () => {
    const l = await json<{ link: string }>(post("/api/players/me/signin-links", {}, player.key));
    return () => post("/api/players/signin", {}, l.link.split("#")[1]);
  },
  "HTTP DELETE /api/players/me/signin-links/:id": async () => {
    const l = await json<{ id: string }>(post("/api/players/me/signin-links", {}, player.key));
    return () => http(`/api/players/me/signin-links/${l.id}`, player.key, { method: "DELETE" });
  },
  "HTTP DELETE /api/players/me/devices/:id": async () => {
    const l = await json<{ link: string }>(post("/api/players/me/signin-links", {}, player.key));
    const d = await json<{ key: string }>(post("/api/players/signin", {}, l.link.split("#")[1]));
    const me = await json<{ devices: { id: string; current?: boolean }[] }>(http("/api/players/me", d.key));
    const device = me.devices.find((x) => x.current) ?? me.devices[me.devices.length - 1];
    return () => http(`/api/players/me/devices/${device.id}`, player.key, { method: "DELETE" });
  },
  "HTTP POST /api/players/me/key": async () => {
    const p = await json<{ key: string }>(post("/api/players", { name: "Schlüssel" }));
    return () => post("/api/players/me/key", {}, p.key);
  },
  "HTTP POST /api/players/signin/passkey/options": async () => () => post("/api/players/signin/passkey/options", {}),
  "HTTP POST /api/players/signin/passkey (refused: unknown passkey)": async () => () =>
    http("/api/players/signin/passkey", null, { method: "POST", body: JSON.stringify({ response: { id: "AAAA", rawId: "AAAA", type: "public-key", response: { clientDataJSON: "e30", authenticatorData: "AAAA", signature: "AAAA" }, clientExtensionResults: {} } }) }, [400, 401, 404]),
  "HTTP POST /api/players/signin/email": async () => () => post("/api/players/signin/email", { address: "veteran@club.example" }),
  "HTTP POST /api/players/signin/email/redeem (refused: spent)": async () => () => http("/api/players/signin/email/redeem", null, { method: "POST", body: JSON.stringify({ token: "sm_" + "A".repeat(43) }) }, [400, 401]),
  "HTTP POST /api/players/me/passkeys/options": async () => () => post("/api/players/me/passkeys/options", {}, player.key),
  "HTTP POST /api/players/me/passkeys (refused: no challenge)": async () => () =>
    http("/api/players/me/passkeys", player.key, { method: "POST", body: JSON.stringify({ response: { id: "AAAA", rawId: "AAAA", type: "public-key", response: { clientDataJSON: "e30", attestationObject: "AAAA" }, clientExtensionResults: {} } }) }, [400, 401, 404]),
  "HTTP DELETE /api/players/me/passkeys/:id (refused: none)": async () => () => http("/api/players/me/passkeys/AAAA", player.key, { method: "DELETE" }, [404]),
  // --- the rest ------------------------------------------------------------------------------------
  "HTTP GET /api/health": async () => () => http("/api/health", null, {}, [503]),
  "HTTP POST /api/feedback": async () => () => post("/api/feedback", { kind: "rule", text: "Der Pagat zählt doppelt?" }),
  "HTTP POST /api/receipts (refused: unknown receipt)": async () => () =>
    http("/api/receipts", null, { method: "POST", body: JSON.stringify({ receipt: "r_" + "A".repeat(22), endpoint: "https://push.example/x", event: "shown" }) }, [400, 404]),
  "HTTP GET /api/operator/deliveries": async () => () => http("/api/operator/deliveries", env.OPERATOR_KEY as string),
  "HTTP POST /api/operator/link-keys/reseal": async () => () => post("/api/operator/link-keys/reseal", {}, env.OPERATOR_KEY as string),
  // --- a table's host, talk and end ----------------------------------------------------------------
  "HTTP GET /api/tables/:id/host": async () => {
    const t = await hosted();
    return () => http(`/api/tables/${t.id}/host`, t.hostKey);
  },
  "HTTP POST /api/tables/:id/seats/:seat/link": async () => {
    const t = await hosted();
    return () => post(`/api/tables/${t.id}/seats/2/link`, {}, t.hostKey);
  },
  "HTTP POST /api/tables/:id/seats/:seat/bot": async () => {
    const t = await hosted();
    return () => post(`/api/tables/${t.id}/seats/3/bot`, { bot: "normal" }, t.hostKey);
  },
  "HTTP PATCH /api/tables/:id/clock": async () => {
    const t = await hosted();
    return () => post(`/api/tables/${t.id}/clock`, { clock: null }, t.hostKey, "PATCH");
  },
  "HTTP POST /api/tables/:id/leave": async () => {
    const t = await newTable();
    return () => post(`/api/tables/${t.id}/leave`, {}, t.tokens[1]);
  },
  "HTTP POST /api/tables/:id/end (proposal)": async () => {
    const t = await newTable();
    return () => post(`/api/tables/${t.id}/end`, { outcome: "annul" }, t.tokens[0]);
  },
  "HTTP POST /api/tables/:id/end (last agreement: the game ends)": async () => {
    const t = await newTable();
    for (const s of [0, 1, 2]) await post(`/api/tables/${t.id}/end`, { outcome: "annul" }, t.tokens[s]);
    return () => post(`/api/tables/${t.id}/end`, { outcome: "annul" }, t.tokens[3]);
  },
  "HTTP DELETE /api/tables/:id/end": async () => {
    const t = await newTable();
    await post(`/api/tables/${t.id}/end`, { outcome: "annul" }, t.tokens[0]);
    return () => http(`/api/tables/${t.id}/end`, t.tokens[1], { method: "DELETE" });
  },
  "HTTP POST /api/tables/:id/rematch": async () => {
    const t = await newTable();
    while (!(await over(t))) await move(t);
    return () => post(`/api/tables/${t.id}/rematch`, {}, t.tokens[0]);
  },
  "HTTP GET /api/tables/:id/ws (upgrade)": async () => {
    const t = await newTable();
    return () => http(`/api/tables/${t.id}/ws`, null, { headers: { Upgrade: "websocket" } }, [101]);
  },
  "HTTP GET /api/tables/:id/chat": async () => {
    const t = await newTable();
    for (let i = 0; i < 20; i++) await post(`/api/tables/${t.id}/chat`, { text: `Zug ${i}` }, t.tokens[i % 4]);
    return () => http(`/api/tables/${t.id}/chat`, t.tokens[1]);
  },
  "HTTP GET /api/tables/:id/chat/unread": async () => {
    const t = await newTable();
    await post(`/api/tables/${t.id}/chat`, { text: "Servus" }, t.tokens[0]);
    return () => http(`/api/tables/${t.id}/chat/unread`, t.tokens[1]);
  },
  "HTTP POST /api/tables/:id/chat": async () => {
    const t = await newTable();
    return () => post(`/api/tables/${t.id}/chat`, { text: "Servus beinand" }, t.tokens[0]);
  },
  "HTTP POST /api/tables/:id/chat/read": async () => {
    const t = await newTable();
    await post(`/api/tables/${t.id}/chat`, { text: "Servus" }, t.tokens[0]);
    return () => post(`/api/tables/${t.id}/chat/read`, { upTo: 1_000_000 }, t.tokens[1]);
  },
  "HTTP PATCH /api/tables/:id/chat/settings": async () => {
    const t = await newTable();
    return () => post(`/api/tables/${t.id}/chat/settings`, { muted: true }, t.tokens[1], "PATCH");
  },
  "HTTP POST /api/tables/:id/chat/:message/hide": async () => {
    const t = await hosted();
    const m = await json<{ id: number; message?: { id: number } }>(post(`/api/tables/${t.id}/chat`, { text: "Servus" }, t.tokens[0]));
    return () => post(`/api/tables/${t.id}/chat/${m.message?.id ?? m.id}/hide`, {}, t.hostKey);
  },
  "HTTP POST /api/tables/:id/chat/:message/report": async () => {
    const t = await newTable();
    const m = await json<{ id: number; message?: { id: number } }>(post(`/api/tables/${t.id}/chat`, { text: "Servus" }, t.tokens[0]));
    return () => post(`/api/tables/${t.id}/chat/${m.message?.id ?? m.id}/report`, { reason: "rude" }, t.tokens[1]);
  },
  "socket chat message": async () => {
    const t = await newTable();
    const ws = new MemorySocket();
    t.ctx.acceptWebSocket(ws);
    ws.serializeAttachment({ seat: null, tokenHash: "", since: Date.now() });
    await t.room.webSocketMessage(ws as never, JSON.stringify({ type: "auth", token: t.tokens[0], changes: true }));
    return () => t.room.webSocketMessage(ws as never, JSON.stringify({ type: "chat", text: "Servus" }));
  },
  // --- alarms beyond bot turns, archive and analysis -------------------------------------------------
  "alarm: clock (reminder)": clockAlarm(0.85),
  "alarm: clock (the decision's time is up)": clockAlarm(1.1),
  "alarm: pool (a duplicate round's game ends)": poolAlarm,
  "alarm: league table (a game of the open round plays on)": async () => {
    const t = await firstPlaying();
    const id = t?.tableId ?? (await undecided()).tableId;
    await playAt(id, 1);
    return () => roomOf(id).room.alarm();
  },
  // --- the queue and the cron --------------------------------------------------------------------
  "queue: notice (turn)": async () => batchOf(await queued("notice", turnNotices)),
  "queue: flush": async () => batchOf(await pumped("flush")),
  "queue: deliver (e-mail)": async () => batchOf(await pumped("deliver")),
  "queue: playersChanged (8 tables)": async () => {
    // A player's change told to the tables the request did not tell itself (worker/api/players.ts).
    wanderer ??= await (async () => {
      const p = await json<{ key: string }>(post("/api/players", { name: "Wanderer" }));
      const tables: string[] = [];
      for (let i = 0; i < TOLD_AT_ONCE; i++) {
        const t = await newTable();
        await post("/api/players/me/seats", { table: t.id, token: t.tokens[0] }, p.key);
        tables.push(t.id);
      }
      return tables;
    })();
    return batchOf({ type: "playersChanged", tables: wanderer });
  },
  "queue: escalate": async () => batchOf({ type: "escalate", messageId: crypto.randomUUID() }),
  "queue: dead letter": async () => {
    // A delivery that failed every retry: the deliver message of a channel's test message.
    const { p, c } = await playerWithChannel();
    await post(`/api/players/me/channels/${c.id}/test`, {}, p.key);
    return batchOf(await queued("deliver", async () => undefined), "muli-notify-dead");
  },
  cron: async () => () => worker.scheduled!({ scheduledTime: Date.now(), cron: "17 3 * * *", noRetry: () => undefined } as never, env as never),
};
