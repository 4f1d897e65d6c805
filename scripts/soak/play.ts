// Members at their tables (README, "The season soak"): a league table driven to its end as each
// member's style says (at once, late, never, asleep in their quiet hours), a side table for the
// members who sleep (a second table of theirs, so that their messages come as digests), and a
// member who holds a socket while at the table (who must then get no turn message for it).
// Requests are few: the member to act reads and acts (two requests a decision; the action's
// answer is the next view), and a table waiting for a bot or a running clock is read again only
// as often as that can change.
import type { Api } from "./api";
import { intoQuiet, localMinutes } from "./recount";
import type { SoakServer } from "./server";

export type Style = "prompt" | "late" | "never";

export interface Member {
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
  /** Neither looks nor plays during their quiet hours (and has a side table). */
  sleeps: boolean;
  /** E-mail is their first channel (webhooks the second): what reaches the receiver is an escalation. */
  email: boolean;
  /** Holds a socket to each of their league tables while it is played. */
  socket: boolean;
  /** Seat tokens by table. */
  tokens: Map<string, string>;
}

export interface Acked {
  table: string;
  version: number;
  seat: number;
  type: string;
  /** The member who acted (index). */
  by: number;
}

/** When a member held a socket to a table (real ms). */
export interface SocketSpan {
  table: string;
  from: number;
  to: number;
}

export interface Players {
  api: Api;
  server: SoakServer;
  /** A decision's clock in real ms. */
  decisionReal: number;
  acked: Acked[];
  sideActions: { n: number };
  spans: SocketSpan[];
  byId(id: string | null): Member | undefined;
  tokenOf(m: Member, table: string): Promise<string | null>;
  /** Whether the league page shows the table finished. */
  finished(table: string): Promise<boolean>;
  checkDeadline(table: string, view: any): void;
  log(line: string): void;
  /** The run is over. */
  over(): boolean;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const pick = <T>(list: T[], k: number): T[] => {
  const pool = [...list];
  const out: T[] = [];
  while (out.length < k && pool.length) out.push(pool.splice(Math.floor(Math.random() * pool.length), 1)[0]);
  return out;
};

/** A random legal action from a seat's view (as bench/counts.mjs plays). */
export function chooseAction(view: any): unknown {
  let legal = view.legal;
  if (legal.length > 1 && legal.some((a: any) => a.type === "mulatschak")) legal = legal.filter((a: any) => a.type !== "mulatschak");
  const a = legal[Math.floor(Math.random() * legal.length)];
  if (a.type === "cut") return { type: "cut", value: Math.floor(Math.random() * (a.max + 1)) };
  if (a.type === "exchange") return { type: "exchange", cards: pick(view.hand, (a.min ?? 0) + Math.floor(Math.random() * (a.max - (a.min ?? 0) + 1))) };
  if (a.type === "discard") return { type: "discard", cards: pick(view.hand, a.count) };
  if (a.type === "takeShown" && a.discard === undefined) return { type: "takeShown", discard: pick(view.hand, 1)[0] };
  return a;
}

/** Whether `m` is asleep now (a sleeper inside their quiet hours, game time `now`). */
export function asleep(m: Member, now: number): boolean {
  return m.sleeps && !!m.quiet && intoQuiet(localMinutes(now, m.timeZone), m.quiet[0], m.quiet[1]) >= 0;
}

/** Whether `m` plays a decision now. */
const plays = (p: Players, m: Member | undefined): m is Member => !!m && !m.removed && m.style !== "never" && m.awayUntil < p.server.now() && !asleep(m, p.server.now());

/** Drive one league table to its end: each member acts as their style says; bots and the clock do the rest. */
export async function playTable(p: Players, t: { id: string; holders: (string | null)[] }): Promise<void> {
  let view: any = null;
  let lastVersion = -1;
  let since = Date.now();
  for (;;) {
    if (!view) view = await look(p, t);
    if (!view) {
      // Nobody of ours may look (never, asleep, away): the bots and clocks finish it.
      if (await p.finished(t.id)) return;
      await sleep(500);
      continue;
    }
    if (view.phase === "over" || view.ended) return;
    const seat = view.toAct[0];
    if (view.version !== lastVersion) {
      lastVersion = view.version;
      since = Date.now();
    } else if (Date.now() - since > 60_000) {
      const w = p.byId(t.holders[seat]);
      p.log(`  ${t.id} waits at version ${view.version} for seat ${seat} (${w ? `M${w.i}, ${w.style}${w.removed ? ", removed" : ""}` : "a bot"}), deadline ${view.deadline}, game now ${new Date(p.server.now()).toISOString()}, clock ${JSON.stringify(view.clock)}`);
      since = Date.now();
    }
    p.checkDeadline(t.id, view);
    const m = p.byId(t.holders[seat]);
    if (!plays(p, m)) {
      // A bot moves within moments; a clock runs to its deadline.
      const left = view.deadline && m ? p.server.real(Date.parse(view.deadline) - p.server.now()) : 0;
      await sleep(Math.min(800, Math.max(150, left + 50)));
      view = null;
      continue;
    }
    let mine = view.you === seat ? view : null;
    if (m.style === "late" && Math.random() < 0.3) {
      // Late: the reminder (80 %) and sometimes the deadline pass first.
      await sleep(p.decisionReal * (0.6 + Math.random() * 0.55));
      mine = null;
    }
    if (!mine) {
      const token = await p.tokenOf(m, t.id);
      const r = token ? await p.api.call("GET", `/api/tables/${t.id}`, { key: token }) : null;
      if (r?.status !== 200) {
        view = null;
        await sleep(200);
        continue;
      }
      mine = r.body;
    }
    if (mine.phase === "over" || mine.ended) return;
    if (mine.toAct[0] !== mine.you || !mine.legal.length) {
      view = mine.toAct[0] !== mine.you ? mine : null;
      await sleep(100);
      continue;
    }
    const token = (await p.tokenOf(m, t.id))!;
    const action: any = chooseAction(mine);
    const r = await p.api.call("POST", `/api/tables/${t.id}/actions`, { key: token, body: { version: mine.version, action }, retry: false });
    if (r.status === 200) {
      p.acked.push({ table: t.id, version: mine.version, seat: mine.you, type: action.type, by: m.i });
      view = r.body?.toAct ? r.body : null;
    } else view = null;
  }
}

/** A view of the table through a member who may look now (the one to act first), or null. */
async function look(p: Players, t: { id: string; holders: (string | null)[] }): Promise<any> {
  // Never one who does not play: looking would hand a taken-over seat back.
  const lookers = t.holders.map((h) => p.byId(h)).filter((m): m is Member => !!m && !m.removed && m.style !== "never" && !asleep(m, p.server.now()));
  for (const m of lookers) {
    const token = await p.tokenOf(m, t.id);
    if (!token) continue;
    const r = await p.api.call("GET", `/api/tables/${t.id}`, { key: token });
    if (r.status === 200) return r.body;
  }
  return null;
}

/**
 * A member at the table: a socket to it from before their first turn to the game's end, opened
 * again after every kill of the server. What it was open for is kept in `p.spans`.
 */
export async function holdSocket(p: Players, m: Member, table: string, ended: () => boolean): Promise<void> {
  const token = await p.tokenOf(m, table);
  if (!token) return;
  while (!ended() && !p.over()) {
    await new Promise<void>((resolve) => {
      const ws = new WebSocket(`${p.server.base.replace(/^http/, "ws")}/api/tables/${table}/ws`);
      let from: number | null = null;
      const end = () => {
        if (from !== null) p.spans.push({ table, from, to: Date.now() });
        from = null;
        resolve();
      };
      const stop = setInterval(() => {
        if (ended() || p.over()) ws.close();
      }, 250);
      ws.onopen = () => ws.send(JSON.stringify({ type: "auth", token }));
      ws.onmessage = (e) => {
        const msg = JSON.parse(String(e.data));
        if (msg.type === "view" && from === null) from = Date.now();
        if (msg.type === "view" && (msg.view.phase === "over" || msg.view.ended)) ws.close();
      };
      ws.onclose = () => {
        clearInterval(stop);
        end();
      };
      ws.onerror = () => {
        clearInterval(stop);
        end();
      };
    });
    if (!ended() && !p.over()) await sleep(500);
  }
}

/**
 * A sleeper's second table (three seats: theirs and two bots; a 1-hour clock that hands the seat
 * to a bot at once): played while they are awake, a new one when it ends. Asleep, both their
 * tables wait for them and their messages pile up until their quiet hours end: one digest.
 */
export async function playSide(p: Players, m: Member, rules: object): Promise<void> {
  let table: string | null = null;
  let token = "";
  while (!p.over()) {
    if (asleep(m, p.server.now()) || m.awayUntil >= p.server.now()) {
      await sleep(300);
      continue;
    }
    if (!table) {
      const c = await p.api.call("POST", "/api/tables", {
        body: { rules: { ...rules, players: 3 }, seats: [{ name: m.name }, { name: "Bot A", bot: "normal" }, { name: "Bot B", bot: "normal" }], clock: { hours: 1, onTimeout: "takeover" } },
      });
      if (c.status !== 201) {
        await sleep(500);
        continue;
      }
      const link = await p.api.call("POST", "/api/players/me/seats", { key: m.key, body: { table: c.body.id, token: c.body.seats[0].token } });
      if (link.status !== 200 && link.status !== 201) {
        await sleep(500);
        continue;
      }
      table = c.body.id as string;
      token = c.body.seats[0].token;
    }
    const r = await p.api.call("GET", `/api/tables/${table}`, { key: token });
    if (r.status !== 200) {
      await sleep(300);
      continue;
    }
    const v = r.body;
    if (v.phase === "over" || v.ended) {
      table = null;
      continue;
    }
    if (v.toAct[0] !== v.you || !v.legal.length) {
      await sleep(250);
      continue;
    }
    // Not at once: a quarter of a decision's clock or so, so that turns at both tables overlap.
    await sleep(p.decisionReal * Math.random() * 0.4);
    if (asleep(m, p.server.now())) continue;
    const again = await p.api.call("GET", `/api/tables/${table}`, { key: token });
    if (again.status !== 200 || again.body.toAct[0] !== again.body.you || !again.body.legal.length) continue;
    const a = await p.api.call("POST", `/api/tables/${table}/actions`, { key: token, body: { version: again.body.version, action: chooseAction(again.body) }, retry: false });
    if (a.status === 200) p.sideActions.n++;
  }
}

/**
 * A member whose first channel (e-mail) goes unread: at a side table of theirs (two bots, a
 * 12-hour clock, so that the player's 15 minutes before the second sending are well inside it)
 * they look only when the second sending (a webhook, `heard`) names that table, and then play.
 * Every turn of theirs there is thus an escalation, unless the clock runs out first. Now and then
 * they look anyway, to find a game that ended (or a seat a bot took over) and start another.
 */
export async function playAnswering(p: Players, m: Member, rules: object, heard: (table: string, after: number) => boolean): Promise<void> {
  let table: string | null = null;
  let token = "";
  let lastLook = 0;
  while (!p.over()) {
    if (!table) {
      const c = await p.api.call("POST", "/api/tables", {
        body: { rules: { ...rules, players: 3 }, seats: [{ name: m.name }, { name: "Bot C", bot: "normal" }, { name: "Bot D", bot: "normal" }], clock: { hours: 12, onTimeout: "botOnce" } },
      });
      const link = c.status === 201 ? await p.api.call("POST", "/api/players/me/seats", { key: m.key, body: { table: c.body.id, token: c.body.seats[0].token } }) : null;
      if (!link || (link.status !== 200 && link.status !== 201)) {
        await sleep(500);
        continue;
      }
      table = c.body.id as string;
      token = c.body.seats[0].token;
      lastLook = 0; // opened once: from now on its bots play
    }
    const due = heard(table, lastLook) || Date.now() - lastLook > 30_000;
    if (!due) {
      await sleep(200);
      continue;
    }
    lastLook = Date.now();
    const r = await p.api.call("GET", `/api/tables/${table}`, { key: token });
    if (r.status !== 200) continue;
    const v = r.body;
    if (v.phase === "over" || v.ended) {
      table = null;
      continue;
    }
    if (v.toAct[0] !== v.you || !v.legal.length) continue;
    const a = await p.api.call("POST", `/api/tables/${table}/actions`, { key: token, body: { version: v.version, action: chooseAction(v) }, retry: false });
    if (a.status === 200) p.sideActions.n++;
  }
}
