// Seating a league round: split the members into tables and order each table's seats so that,
// over a season, everyone meets everyone about equally often and sits right after everyone about
// equally often. Pure: the caller passes the season so far and a seed.
//
// Groups: the whole season is planned at once (simulated annealing on the sum of squared pair
// counts, see planGroups) and followed while the season goes by it; when members change it is
// planned anew from what happened. Seat order: per table, every order is tried (at most 5!) and
// the one that least repeats "who sits right after whom" wins, then seat numbers rotate.
// Over 300 lines: the planner, its counters and the seat order are one algorithm, read together.

import { randomSource } from "../engine";

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

/**
 * Groups for the rest of the season, planned at once (then only the first round is used; the next
 * round plans again with what actually happened). Planning ahead matters: a round-by-round greedy
 * choice, even an optimal one, paints itself into corners where the last rounds must repeat
 * pairings. The objective is the sum of squared meeting counts at the season's end, which, for a
 * fixed number of meetings, is smallest exactly when all counts are within one of each other; bot
 * tables are levelled the same way. Simulated annealing over member swaps within a round.
 */
export function planGroups(
  members: string[],
  shapes: { seats: number; members: number }[],
  rounds: number,
  c: SeasonCounts,
  random: () => number,
  iterations: number,
): string[][][] {
  const n = members.length;
  const met = new Int32Array(n * n);
  const bots = new Int32Array(n);
  members.forEach((a, i) => {
    bots[i] = c.withBots.get(a) ?? 0;
    members.forEach((b, j) => (met[i * n + j] = i === j ? 0 : c.meetings(a, b)));
  });
  const hasBots = shapes.map((s) => s.members < s.seats);
  const BOT_WEIGHT = 1;
  // plan[r][t] = member indices at table t of round r
  const plan: number[][][] = [];
  for (let r = 0; r < rounds; r++) {
    const order = shuffle([...Array(n).keys()], random);
    let k = 0;
    plan.push(shapes.map((s) => order.slice(k, (k += s.members))));
    plan[r].forEach((g, t) => {
      for (const x of g) {
        if (hasBots[t]) bots[x]++;
        for (const y of g) if (x !== y) met[x * n + y]++;
      }
    });
  }
  const tables = shapes.length;
  if (tables < 2) return plan.map((round) => round.map((g) => g.map((i) => members[i])));
  const f = (c: number) => c * c;
  const up = (c: number) => f(c + 1) - f(c);
  const down = (c: number) => f(c - 1) - f(c);
  // Change of the objective when a (at table A) and b (at table B) swap.
  const delta = (A: number[], B: number[], i: number, j: number, tA: number, tB: number): number => {
    const a = A[i];
    const b = B[j];
    let d = 0;
    for (let x = 0; x < A.length; x++) {
      if (x === i) continue;
      const m = A[x];
      d += down(met[a * n + m]) + up(met[b * n + m]);
    }
    for (let y = 0; y < B.length; y++) {
      if (y === j) continue;
      const m = B[y];
      d += down(met[b * n + m]) + up(met[a * n + m]);
    }
    if (hasBots[tA] !== hasBots[tB]) {
      const [into, outOf] = hasBots[tA] ? [b, a] : [a, b];
      d += BOT_WEIGHT * (up(bots[into]) + down(bots[outOf]));
    }
    return d;
  };
  const apply = (A: number[], B: number[], i: number, j: number, tA: number, tB: number) => {
    const a = A[i];
    const b = B[j];
    for (let x = 0; x < A.length; x++) {
      if (x === i) continue;
      const m = A[x];
      met[a * n + m]--, met[m * n + a]--, met[b * n + m]++, met[m * n + b]++;
    }
    for (let y = 0; y < B.length; y++) {
      if (y === j) continue;
      const m = B[y];
      met[b * n + m]--, met[m * n + b]--, met[a * n + m]++, met[m * n + a]++;
    }
    if (hasBots[tA] !== hasBots[tB]) {
      if (hasBots[tA]) bots[b]++, bots[a]--;
      else bots[a]++, bots[b]--;
    }
    A[i] = b;
    B[j] = a;
  };
  // Low, narrow temperatures: the objective moves in steps of 2, and what is left to fix near
  // the end sits on wide plateaus that the walk must cross sideways (measured on 12 members).
  const T0 = 1;
  const T1 = 0.4;
  let score = 0;
  for (let x = 0; x < n; x++) for (let y = x + 1; y < n; y++) score += f(met[x * n + y]);
  for (let x = 0; x < n; x++) score += BOT_WEIGHT * f(bots[x]);
  let bestScore = score;
  let bestPlan = plan.map((round) => round.map((g) => [...g]));
  const level = () => {
    let lo = Infinity;
    let hi = -Infinity;
    for (let x = 0; x < n; x++)
      for (let y = x + 1; y < n; y++) {
        const c = met[x * n + y];
        if (c < lo) lo = c;
        if (c > hi) hi = c;
      }
    return hi - lo <= 1;
  };
  for (let it = 0; it < iterations; it++) {
    if (it % 4096 === 0 && level()) return plan.map((round) => round.map((g) => g.map((i) => members[i])));
    const temp = T0 * (T1 / T0) ** (it / iterations);
    const r = Math.floor(random() * rounds);
    const tA = Math.floor(random() * tables);
    let tB = Math.floor(random() * (tables - 1));
    if (tB >= tA) tB++;
    const A = plan[r][tA];
    const B = plan[r][tB];
    const i = Math.floor(random() * A.length);
    const j = Math.floor(random() * B.length);
    const d = delta(A, B, i, j, tA, tB);
    if (d <= 0 || random() < Math.exp(-d / temp)) {
      apply(A, B, i, j, tA, tB);
      score += d;
      if (score < bestScore) {
        bestScore = score;
        bestPlan = plan.map((round) => round.map((g) => [...g]));
      }
    }
  }
  return bestPlan.map((round) => round.map((g) => g.map((i) => members[i])));
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

/** The tables of the next round. */
export function seatRound(input: SeatingInput): SeatedTable[] {
  const members = [...new Set(input.members)].sort();
  const shapes = tableShapes(members.length, input.tableSize, input.allowBots, input.maxSeats);
  const counts = new SeasonCounts(input.history);
  const seasonRounds = Math.max(1, input.seasonRounds ?? 10);
  const played = input.roundsPlayed ?? 0;
  const iterations = input.iterations ?? DEFAULT_ITERATIONS;
  let groups: string[][] | null = null;
  // While the season went by its plan (same members, same groups), keep following it: a plan
  // made anew each round from a different start would lose the evenness planned for the end.
  if (played < seasonRounds) {
    const seed = `${input.seed ?? ""}:${members.join(",")}:${shapes.map((s) => `${s.seats}/${s.members}`).join(",")}`;
    // Seeded: the same season replays the same plan.
    const plan = planGroups(members, shapes, seasonRounds, new SeasonCounts(), randomSource(seed), iterations);
    if (groupKey(plan.slice(0, played).flat()) === groupKey(input.history)) groups = plan[played];
  }
  groups ??= planGroups(members, shapes, Math.max(1, seasonRounds - played), counts, input.random, iterations)[0];
  return groups.map((g, i) => orderSeats(g, shapes[i].seats, counts, input.random));
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

/** How even a season was, over the members given. */
export function measure(members: string[], season: SeatedTable[]): Fairness {
  const c = new SeasonCounts(season);
  const pairs: number[] = [];
  const after: number[] = [];
  for (const a of members)
    for (const b of members) {
      if (a < b) pairs.push(c.meetings(a, b));
      if (a !== b && c.meetings(a, b) > 0) after.push(c.follows(a, b));
    }
  const bots = members.map((m) => c.withBots.get(m) ?? 0);
  const lo = (xs: number[]) => (xs.length ? Math.min(...xs) : 0);
  const hi = (xs: number[]) => (xs.length ? Math.max(...xs) : 0);
  return { pairMin: lo(pairs), pairMax: hi(pairs), afterMin: lo(after), afterMax: hi(after), botMin: lo(bots), botMax: hi(bots) };
}
