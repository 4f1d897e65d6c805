// The season's plan (seating.ts) by simulated annealing, as a walk that can stop after any step
// and go on later from its state: a round start runs it in slices, one per invocation, each
// within the CPU budget (rounds-job.ts). The state is plain data (JSON), the random source's too,
// so a walk run in slices ends exactly where the same walk run at once ends.
import { nextU32, seedRng, type RngState } from "../engine";

export interface Shape {
  seats: number;
  members: number;
}

/** Where a walk stands: every field plain data, kept between slices. */
export interface Walk {
  n: number;
  rounds: number;
  iterations: number;
  /** Bot tables (true) among the shapes. */
  hasBots: boolean[];
  /** Meetings per ordered pair (n × n) and bot tables per member, with the plan counted in. */
  met: number[];
  bots: number[];
  /** plan[r][t] = member indices at table t of round r. */
  plan: number[][][];
  best: number[][][];
  score: number;
  bestScore: number;
  it: number;
  rng: RngState;
  done: boolean;
}

const BOT_WEIGHT = 1;
// Low, narrow temperatures: the objective moves in steps of 2, and what is left to fix near the
// end sits on wide plateaus that the walk must cross sideways (measured on 12 members).
const T0 = 1;
const T1 = 0.4;
const f = (c: number) => c * c;
const up = (c: number) => f(c + 1) - f(c);
const down = (c: number) => f(c - 1) - f(c);
const draw = (s: RngState) => nextU32(s) / 4294967296;
const copy = (plan: number[][][]) => plan.map((round) => round.map((g) => [...g]));

/**
 * A walk over `rounds` rounds of `shapes` for `n` members whose meetings so far are `met` (n × n)
 * and bot tables `bots`; `seed`: its random source.
 */
export function startWalk(n: number, shapes: Shape[], rounds: number, met: number[], bots: number[], seed: string, iterations: number): Walk {
  const rng = seedRng(seed);
  const hasBots = shapes.map((s) => s.members < s.seats);
  const plan: number[][][] = [];
  met = [...met];
  bots = [...bots];
  for (let r = 0; r < rounds; r++) {
    const order = [...Array(n).keys()];
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(draw(rng) * (i + 1));
      [order[i], order[j]] = [order[j], order[i]];
    }
    let k = 0;
    plan.push(shapes.map((s) => order.slice(k, (k += s.members))));
    plan[r].forEach((g, t) => {
      for (const x of g) {
        if (hasBots[t]) bots[x]++;
        for (const y of g) if (x !== y) met[x * n + y]++;
      }
    });
  }
  let score = 0;
  for (let x = 0; x < n; x++) for (let y = x + 1; y < n; y++) score += f(met[x * n + y]);
  for (let x = 0; x < n; x++) score += BOT_WEIGHT * f(bots[x]);
  return { n, rounds, iterations, hasBots, met, bots, plan, best: copy(plan), score, bestScore: score, it: 0, rng, done: shapes.length < 2 };
}

/** All pair counts within one of each other: nothing left to gain. */
function level(w: Walk): boolean {
  let lo = Infinity;
  let hi = -Infinity;
  for (let x = 0; x < w.n; x++)
    for (let y = x + 1; y < w.n; y++) {
      const c = w.met[x * w.n + y];
      if (c < lo) lo = c;
      if (c > hi) hi = c;
    }
  return hi - lo <= 1;
}

/** Up to `steps` more steps of the walk (in place); whether it has ended. */
export function walk(w: Walk, steps: number): boolean {
  if (w.done) return true;
  const { n, met, bots, hasBots, rounds, iterations, rng } = w;
  const tables = hasBots.length;
  const delta = (A: number[], B: number[], i: number, j: number, tA: number, tB: number): number => {
    const a = A[i];
    const b = B[j];
    let d = 0;
    for (let x = 0; x < A.length; x++) if (x !== i) d += down(met[a * n + A[x]]) + up(met[b * n + A[x]]);
    for (let y = 0; y < B.length; y++) if (y !== j) d += down(met[b * n + B[y]]) + up(met[a * n + B[y]]);
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
  const end = Math.min(iterations, w.it + steps);
  for (; w.it < end; w.it++) {
    const it = w.it;
    if (it % 4096 === 0 && level(w)) {
      // Level: the plan as it stands is as good as any (the walk ends here, not at its best).
      w.best = copy(w.plan);
      w.done = true;
      return true;
    }
    const temp = T0 * (T1 / T0) ** (it / iterations);
    const r = Math.floor(draw(rng) * rounds);
    const tA = Math.floor(draw(rng) * tables);
    let tB = Math.floor(draw(rng) * (tables - 1));
    if (tB >= tA) tB++;
    const A = w.plan[r][tA];
    const B = w.plan[r][tB];
    const i = Math.floor(draw(rng) * A.length);
    const j = Math.floor(draw(rng) * B.length);
    const d = delta(A, B, i, j, tA, tB);
    if (d <= 0 || draw(rng) < Math.exp(-d / temp)) {
      apply(A, B, i, j, tA, tB);
      w.score += d;
      if (w.score < w.bestScore) {
        w.bestScore = w.score;
        w.best = copy(w.plan);
      }
    }
  }
  w.done = w.it >= iterations;
  return w.done;
}
