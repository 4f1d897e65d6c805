// Seating a league round: split the members into tables and order each table's seats so that,
// over a season, everyone meets everyone about equally often and sits right after everyone about
// equally often. Pure: the caller passes the season so far and a seed.
//
// Groups: the whole season is planned at once (simulated annealing on the sum of squared pair
// counts, see annealing.ts) and followed while the season goes by it; when members change it is
// planned anew from what happened. Seat order: per table, every order is tried (at most 5!) and
// the one that least repeats "who sits right after whom" wins, then seat numbers rotate.
// Over 300 lines: the planner, its counters and the seat order are one algorithm, read together.

import { startWalk, walk, type Shape, type Walk } from "./annealing";

/** A seat holds a member id, or null for a bot. */
export type SeatHolder = string | null;
/** A table of a past or new round: its seats in order (seat 0 first; play runs clockwise). */
export type SeatedTable = SeatHolder[];

export interface SeatingInput {
  members: string[];
  /** Seats per table the league asks for (3–5). */
  tableSize: number;
  /** Whether bots may fill the seats that the members cannot. */
  allowBots: boolean;
  /** Largest table the rules allow (without bots a table may grow past tableSize up to this). */
  maxSeats?: number;
  /** Every table of the season so far. */
  history: SeatedTable[];
  /** Rounds the season is planned to have (the plan looks ahead to its end). */
  seasonRounds?: number;
  /** Rounds already played this season. */
  roundsPlayed?: number;
  /** Names the season (league id and season number): its plan is replayed from this seed. */
  seed?: string;
  random: () => number;
  /** Steps of the annealing (more: slower, rarely better). */
  iterations?: number;
}

export class SeatingError extends Error {}

/** Table sizes (seats, and how many of them members take) for `n` members. */
export function tableShapes(n: number, tableSize: number, allowBots: boolean, maxSeats = 5): { seats: number; members: number }[] {
  if (n < 2) throw new SeatingError("A round needs at least two members.");
  if (allowBots) {
    // As few tables as the members fill, bots spread over them so no table gets many.
    const t = Math.ceil(n / tableSize);
    const base = Math.floor(n / t);
    const extra = n % t;
    return [...Array(t)].map((_, i) => ({ seats: tableSize, members: base + (i < extra ? 1 : 0) }));
  }
  // No bots: tables of 3 to 5 members, as close to the asked size as the count allows.
  let best: number[] | null = null;
  for (let t = 1; t <= n; t++) {
    const lo = Math.floor(n / t);
    const hi = Math.ceil(n / t);
    if (lo < 3 || hi > maxSeats) continue;
    const sizes = [...Array(t)].map((_, i) => lo + (i < n % t ? 1 : 0));
    const score = (s: number[]) => s.reduce((a, x) => a + Math.abs(x - tableSize) * 10 + (x > tableSize ? 5 : 0), 0) / s.length;
    if (!best || score(sizes) < score(best)) best = sizes;
  }
  if (!best) throw new SeatingError(`${n} members cannot be seated at tables of 3 to ${maxSeats} without bots.`);
  return best.map((s) => ({ seats: s, members: s }));
}

/** Counts over a season: meetings per pair, "sits right after" per ordered pair, bot tables. */
export class SeasonCounts {
  readonly met = new Map<string, number>();
  readonly after = new Map<string, number>();
  readonly withBots = new Map<string, number>();
  readonly seatNo = new Map<string, number>();

  constructor(history: SeatedTable[] = []) {
    for (const t of history) this.add(t);
  }

  static pair = (a: string, b: string) => (a < b ? `${a}\u0000${b}` : `${b}\u0000${a}`);
  static ordered = (a: string, b: string) => `${a}\u0000${b}`;

  add(table: SeatedTable): void {
    const people = table.filter((m): m is string => m !== null);
    for (let i = 0; i < people.length; i++)
      for (let j = i + 1; j < people.length; j++) bump(this.met, SeasonCounts.pair(people[i], people[j]));
    table.forEach((m, i) => {
      if (m === null) return;
      bump(this.seatNo, `${m}\u0000${i}`);
      const next = table[(i + 1) % table.length];
      if (next !== null && next !== m) bump(this.after, SeasonCounts.ordered(m, next));
    });
    if (people.length < table.length) for (const m of people) bump(this.withBots, m);
  }

  meetings = (a: string, b: string) => this.met.get(SeasonCounts.pair(a, b)) ?? 0;
  follows = (a: string, b: string) => this.after.get(SeasonCounts.ordered(a, b)) ?? 0;
}

const bump = (m: Map<string, number>, k: string) => m.set(k, (m.get(k) ?? 0) + 1);

function shuffle<T>(xs: T[], random: () => number): T[] {
  const a = [...xs];
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [a[i], a[j]] = [a[j], a[i]];
  }
  return a;
}

/** Steep, so that "who sits right after whom" stays level before seat numbers are considered. */
const weight = (count: number) => 6 ** count;

function permutations<T>(xs: T[]): T[][] {
  if (xs.length <= 1) return [xs];
  const out: T[][] = [];
  xs.forEach((x, i) => {
    for (const rest of permutations([...xs.slice(0, i), ...xs.slice(i + 1)])) out.push([x, ...rest]);
  });
  return out;
}

/** The seat order of a table: who sits right after whom stays level, then seat numbers rotate. */
function orderSeats(group: string[], seats: number, c: SeasonCounts, random: () => number): SeatedTable {
  const holders: SeatHolder[] = [...shuffle(group, random), ...Array<null>(seats - group.length).fill(null)];
  let best = holders;
  let bestCost = Infinity;
  for (const p of permutations(holders)) {
    let cost = 0;
    p.forEach((m, i) => {
      if (m === null) return;
      const next = p[(i + 1) % p.length];
      if (next !== null) cost += weight(c.follows(m, next)) * 10;
      cost += c.seatNo.get(`${m}\u0000${i}`) ?? 0;
    });
    if (cost < bestCost) {
      bestCost = cost;
      best = p;
    }
  }
  return best;
}


const groupKey = (tables: SeatedTable[]): string =>
  tables
    .map((t) => t.filter((m) => m !== null).sort().join(","))
    .sort()
    .join("|");

/** Annealing steps: enough for 12 members over 10 rounds to come out level (it stops once level). */
const DEFAULT_ITERATIONS = 1_500_000;

/**
 * The seating of a round as work that can stop and go on (plain data between slices, see
 * annealing.ts). Groups: the whole season is planned at once from the league's seed and followed
 * while the season goes by it (a plan made anew each round from a different start would lose the
 * evenness planned for the end); when members change it is planned anew from what happened.
 * Planning ahead matters: a round-by-round choice, even an optimal one, paints itself into
 * corners where the last rounds must repeat pairings.
 */
export interface SeatingJob {
  members: string[];
  shapes: Shape[];
  played: number;
  /** The season's plan from its seed ("season"), or the rest of it from what happened ("rest"). */
  stage: "season" | "rest";
  /** Names the season's plan (seed, members, shapes): the same key, the same plan. */
  planKey: string;
  walk: Walk;
  groups: string[][] | null;
}

const matrix = (members: string[], c: SeasonCounts) => {
  const n = members.length;
  const met = new Array<number>(n * n).fill(0);
  members.forEach((a, i) => members.forEach((b, j) => (met[i * n + j] = i === j ? 0 : c.meetings(a, b))));
  return { met, bots: members.map((a) => c.withBots.get(a) ?? 0) };
};
const named = (members: string[], plan: number[][][]) => plan.map((round) => round.map((g) => g.map((i) => members[i])));

/** The first step of the seating; `season`: the season's plan if it was kept from an earlier round. */
export function startSeating(input: SeatingInput, season?: string[][][] | null): SeatingJob {
  const members = [...new Set(input.members)].sort();
  const shapes = tableShapes(members.length, input.tableSize, input.allowBots, input.maxSeats);
  const seasonRounds = Math.max(1, input.seasonRounds ?? 10);
  const played = input.roundsPlayed ?? 0;
  const iterations = input.iterations ?? DEFAULT_ITERATIONS;
  const planKey = `${input.seed ?? ""}:${members.join(",")}:${shapes.map((s) => `${s.seats}/${s.members}`).join(",")}`;
  const job: SeatingJob = { members, shapes, played, stage: "season", planKey, walk: null as unknown as Walk, groups: null };
  if (played < seasonRounds) {
    const empty = matrix(members, new SeasonCounts());
    // Seeded: the same season replays the same plan.
    job.walk = startWalk(members.length, shapes, seasonRounds, empty.met, empty.bots, planKey, iterations);
    if (season) Object.assign(job.walk, { best: season.map((round) => round.map((g) => g.map((m) => members.indexOf(m)))), done: true });
    return job;
  }
  return planRest(job, input, seasonRounds, iterations);
}

function planRest(job: SeatingJob, input: SeatingInput, seasonRounds: number, iterations: number): SeatingJob {
  const counts = matrix(job.members, new SeasonCounts(input.history));
  // Its own seed, from the caller's random source: one draw, and the walk's state stays plain data.
  const seed = `${job.planKey}:rest:${job.played}:${input.random()}`;
  job.stage = "rest";
  job.walk = startWalk(job.members.length, job.shapes, Math.max(1, seasonRounds - job.played), counts.met, counts.bots, seed, iterations);
  return job;
}

/** The season's plan, once its walk has ended (to keep for the season's next rounds). */
export const seasonPlan = (job: SeatingJob): string[][][] | null => (job.stage === "season" && job.walk.done ? named(job.members, job.walk.best) : null);

/** Up to `steps` steps of the planning; whether the groups are known. */
export function stepSeating(job: SeatingJob, input: SeatingInput, steps: number): boolean {
  if (job.groups) return true;
  if (!walk(job.walk, steps)) return false;
  const plan = named(job.members, job.walk.best);
  if (job.stage === "rest") job.groups = plan[0];
  else if (groupKey(plan.slice(0, job.played).flat()) === groupKey(input.history)) job.groups = plan[job.played];
  else planRest(job, input, Math.max(1, input.seasonRounds ?? 10), job.walk.iterations);
  return job.groups !== null;
}

/** The tables of the round, once its groups are known: each table's seat order. */
export function finishSeating(job: SeatingJob, input: SeatingInput): SeatedTable[] {
  if (!job.groups) throw new Error("the seating's groups are not planned yet");
  const counts = new SeasonCounts(input.history);
  return job.groups.map((g, i) => orderSeats(g, job.shapes[i].seats, counts, input.random));
}

/** The tables of the next round, planned at once. */
export function seatRound(input: SeatingInput): SeatedTable[] {
  const job = startSeating(input);
  while (!stepSeating(job, input, Infinity));
  return finishSeating(job, input);
}

export interface Fairness {
  /** Fewest and most meetings over all pairs of the given members. */
  pairMin: number;
  pairMax: number;
  /** Fewest and most times one member sat right after another (over pairs that met). */
  afterMin: number;
  afterMax: number;
  /** Fewest and most bot tables per member. */
  botMin: number;
  botMax: number;
}

/**
 * How even a season was, over the members given. Counted in arrays by member index, not in
 * SeasonCounts' maps of string keys: the league page measures on every read (40 members: 1,560
 * ordered pairs), and the keys' strings were most of its time.
 */
export function measure(members: string[], season: SeatedTable[]): Fairness {
  const n = members.length;
  const index = new Map(members.map((m, i) => [m, i]));
  const met = new Int32Array(n * n);
  const after = new Int32Array(n * n);
  const bots = new Int32Array(n);
  for (const table of season) {
    const at = table.map((m) => (m === null ? -1 : (index.get(m) ?? -1)));
    const people = table.filter((m) => m !== null).length;
    table.forEach((m, i) => {
      if (m === null) return;
      const a = at[i];
      if (a < 0) return;
      if (people < table.length) bots[a]++;
      for (let j = i + 1; j < table.length; j++) {
        const b = at[j];
        if (b >= 0 && table[j] !== m) {
          met[a * n + b]++;
          met[b * n + a]++;
        }
      }
      const next = table[(i + 1) % table.length];
      const b = at[(i + 1) % table.length];
      if (next !== null && next !== m && b >= 0) after[a * n + b]++;
    });
  }
  const range = { pair: [Infinity, -Infinity], after: [Infinity, -Infinity] };
  const see = (r: number[], v: number) => {
    if (v < r[0]) r[0] = v;
    if (v > r[1]) r[1] = v;
  };
  for (let a = 0; a < n; a++)
    for (let b = 0; b < n; b++) {
      if (a === b) continue;
      if (a < b) see(range.pair, met[a * n + b]);
      if (met[a * n + b] > 0) see(range.after, after[a * n + b]);
    }
  const lo = (r: number[]) => (r[0] === Infinity ? 0 : r[0]);
  const hi = (r: number[]) => (r[1] === -Infinity ? 0 : r[1]);
  const botRange = [Infinity, -Infinity];
  for (const b of bots) see(botRange, b);
  return { pairMin: lo(range.pair), pairMax: hi(range.pair), afterMin: lo(range.after), afterMax: hi(range.after), botMin: lo(botRange), botMax: hi(botRange) };
}
