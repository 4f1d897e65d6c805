// Helpers for the API tests: talk to the Worker like a client, read D1 like an auditor, and
// check that a view shows a seat nothing it may not see.
import { SELF, env } from "cloudflare:test";
import { expect } from "vitest";
import { cardName, type Action, type GameState } from "../../worker/engine";
import { randomBot } from "../../worker/bots/random";
import { randomSource } from "../../worker/engine";
import type { ApiView } from "../../worker/table/view";
import { tableDatabase, tableDatabases } from "../../worker/db/placement";

export const BASE = "http://muli.test";

/** The D1 database that holds a table's rows (worker/db/placement.ts; DB or DB2 in the split layout). */
export const tableDb = (tableId: string): D1Database => tableDatabase(env, tableId);

/** How many tables every tables' database holds together. */
export async function tableCount(): Promise<number> {
  let n = 0;
  for (const d1 of tableDatabases(env)) n += (await d1.prepare("SELECT count(*) AS n FROM tables").first<{ n: number }>())!.n;
  return n;
}

export interface Created {
  id: string;
  seats: { seat: number; name: string; bot: string | null; token: string | null; link: string | null }[];
}

/**
 * Short games: few start points and an end at 20, so a random game ends within ~150 actions. No
 * auto-play of forced moves (correspondence play), so every version is one of the test's actions.
 */
export const SHORT_RULES = { preset: "standard", players: 4, startPoints: 5, endAbove: 20 };
export const FOUR_HUMANS = {
  rules: SHORT_RULES,
  seats: [{ name: "Anna" }, { name: "Bernd" }, { name: "Clara" }, { name: "Dora" }],
  autoPlay: false,
};

/** SELF.fetch that fails loudly, naming the request, instead of hanging a test until its timeout. */
export async function fetchOrFail(url: string, init?: RequestInit, ms = 15_000): Promise<Response> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer in ${ms} ms: ${init?.method ?? "GET"} ${url} ${String(init?.body ?? "").slice(0, 200)}`)), ms);
  });
  try {
    return await Promise.race([SELF.fetch(url, init), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetchOrFail(BASE + path, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });

export async function createTable(body: unknown = FOUR_HUMANS): Promise<Created> {
  const res = await post("/api/tables", body);
  expect(res.status, await res.clone().text()).toBe(201);
  return res.json();
}

/** Everyone in `names` joins the league by its invite: each member's key, by member id. */
export async function joinAll(l: { id: string; invite: string }, names: readonly string[]): Promise<Map<string, string>> {
  const keyOf = new Map<string, string>();
  for (const name of names) {
    const j = await post(`/api/leagues/${l.id}/join`, { invite: l.invite, name });
    expect(j.status, await j.clone().text()).toBe(201);
    const body = await j.json<{ member: { id: string }; key: string }>();
    keyOf.set(body.member.id, body.key);
  }
  return keyOf;
}

export const auth = (token: string | null) => ({ Authorization: `Bearer ${token}` });

/**
 * Start a league round (the admin's key) and wait until its tables are made. On a busy machine
 * the start may answer 202 "starting" after its 20 s wait (the round object goes on in slices,
 * README "CPU per invocation"); the league page then shows the round open. Answers the start's
 * own status (201 or 202) and body; what a 202 means is tested in league-round-slices.test.ts.
 */
export async function startRound(leagueId: string, adminKey: string, body: unknown = {}): Promise<{ status: number; body: any }> {
  const res = await fetchOrFail(`${BASE}/api/leagues/${leagueId}/rounds`, { method: "POST", headers: { "Content-Type": "application/json", ...auth(adminKey) }, body: JSON.stringify(body) }, 40_000);
  const answer: any = await res.json();
  expect([201, 202], JSON.stringify(answer)).toContain(res.status);
  if (res.status === 202) {
    await expect
      .poll(
        async () => {
          const page: any = await (await fetchOrFail(`${BASE}/api/leagues/${leagueId}`, { headers: auth(adminKey) })).json();
          return page.rounds.find((r: any) => r.season === answer.season && r.no === answer.no)?.status ?? "open";
        },
        { timeout: 60_000, interval: 250 },
      )
      .not.toBe("starting");
  }
  return { status: res.status, body: answer };
}

export const getView = (id: string, token: string | null, headers: Record<string, string> = {}) =>
  fetchOrFail(`${BASE}/api/tables/${id}`, { headers: { ...auth(token), ...headers } });

export async function view(id: string, token: string | null): Promise<ApiView> {
  const res = await getView(id, token);
  expect(res.status).toBe(200);
  return res.json();
}

export const act = (id: string, token: string | null, version: number, action: unknown) =>
  post(`/api/tables/${id}/actions`, { version, action }, auth(token));

/** The truth in D1: state, version and the number of logged actions. */
export async function stored(id: string): Promise<{ state: GameState; version: number; logged: number }> {
  const row = await tableDb(id).prepare("SELECT state, version FROM tables WHERE id = ?").bind(id).first<{ state: string; version: number }>();
  if (!row) throw new Error(`table ${id} not in D1`);
  const log = await tableDb(id).prepare("SELECT count(*) AS n FROM actions WHERE table_id = ?").bind(id).first<{ n: number }>();
  // A finished game's rows leave D1 once its record is archived to R2.
  const logged = log?.n || row.version === 0 ? (log?.n ?? 0) : (await loggedSeats(id)).length;
  return { state: JSON.parse(row.state), version: row.version, logged };
}

/**
 * The seat of every logged action, oldest first: from D1, or from the record in R2 once a
 * finished game was archived (its rows then leave D1).
 */
export async function loggedSeats(id: string): Promise<number[]> {
  const { results } = await tableDb(id).prepare("SELECT seat FROM actions WHERE table_id = ? ORDER BY version").bind(id).all<{ seat: number }>();
  if (results.length > 0) return results.map((r) => r.seat);
  const archived = await env.RECORDS.get(`records/${id}.json`);
  return archived ? ((await archived.json()) as { actions: { seat: number }[] }).actions.map((a) => a.seat) : [];
}

/** The seat and type of every logged action, oldest first (from D1, or the archived record). */
export async function loggedActions(id: string): Promise<{ seat: number; type: string }[]> {
  const { results } = await tableDb(id).prepare("SELECT seat, action FROM actions WHERE table_id = ? ORDER BY version").bind(id).all<{ seat: number; action: string }>();
  if (results.length > 0) return results.map((r) => ({ seat: r.seat, type: (JSON.parse(r.action) as { type: string }).type }));
  const archived = await env.RECORDS.get(`records/${id}.json`);
  return archived ? ((await archived.json()) as { actions: { seat: number; type: string }[] }).actions.map((a) => ({ seat: a.seat, type: a.type })) : [];
}

/** An action from a view's legal summary: a cut (the first decision of every deal) names a number. */
export const asAction = (a: ApiView["legal"][number]): Action => (a.type === "cut" ? { type: "cut", value: 20261201 } : (a as Action));

/** A random player that uses nothing but its own view. */
export async function chooseAction(v: ApiView, state: GameState, salt: string): Promise<Action> {
  return randomBot({ view: v as never, rules: state.rules, random: randomSource(`${salt}:${v.version}:${v.you}`), budgetMs: 100 });
}

/** Every card-name string anywhere inside `value`, with its path. */
function cardStrings(value: unknown, path: string, names: Set<string>, out: [string, string][]): void {
  if (typeof value === "string") {
    if (names.has(value)) out.push([path, value]);
  } else if (Array.isArray(value)) {
    value.forEach((x, i) => cardStrings(x, `${path}[${i}]`, names, out));
  } else if (value && typeof value === "object") {
    for (const [k, x] of Object.entries(value)) cardStrings(x, `${path}.${k}`, names, out);
  }
}

/**
 * The view (or socket message) for `seat` must not show another seat's cards, the talon, the
 * discards or the seed: such cards may appear only where the rules make them public (the trick,
 * a face-up offer, events shown to everyone or to this seat), and only after the game, in `reveal`.
 */
export function expectNoLeak(message: unknown, seat: number, state: GameState): void {
  const json = JSON.stringify(message);
  const over = state.phase === "over";
  if (!over) {
    expect(json).not.toContain(state.seed);
    expect(json).not.toMatch(/"(reveal|talon|discards|rng|seed|deals)"\s*:/);
  }
  const h = state.hand;
  const own = new Set(h.hands[seat].map(cardName));
  const hidden = new Set<string>();
  h.hands.forEach((cards, s) => s !== seat && cards.forEach((c) => hidden.add(cardName(c))));
  [...h.talon, ...h.discards].forEach((c) => hidden.add(cardName(c)));
  // Public exceptions of the rules: the offered face-up card, cards shown in public events of this hand.
  if (h.offer) hidden.delete(cardName(h.offer.card));
  for (const e of state.events) if (e.hand === h.no && (e.visibleTo === "all" || e.visibleTo.includes(seat))) e.cards?.forEach((c) => hidden.delete(c));
  if (h.weliCutBy !== null) hidden.delete("W");
  own.forEach((c) => hidden.delete(c));
  // The cards this seat laid away itself are its own knowledge, and only its own.
  const laidAway = h.putAway[seat].map(cardName);
  laidAway.forEach((c) => hidden.delete(c));

  const v = (message as { view?: ApiView }).view ?? (message as ApiView);
  expect(new Set(v.hand)).toEqual(own);
  expect(v.discarded).toEqual(laidAway);
  const { events, reveal, ...rest } = v as ApiView & { reveal?: unknown };
  for (const e of events) expect(e.visibleTo === "all" || e.visibleTo.includes(seat)).toBe(true);
  if (over) return;
  expect(reveal).toBeUndefined();
  const found: [string, string][] = [];
  cardStrings(rest, "view", hidden, found);
  cardStrings(events.filter((e) => e.hand === h.no), "events", hidden, found);
  expect(found, `seat ${seat} sees hidden cards`).toEqual([]);
}
