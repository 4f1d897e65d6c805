// A small, fast, seedable generator (sfc32) whose whole state is four 32-bit integers kept in the
// game state, so that seed + actions replay to the identical game.
export type RngState = [number, number, number, number];

/** Hash a seed string into four 32-bit words (cyrb128). */
export function seedRng(seed: string): RngState {
  let h1 = 1779033703, h2 = 3144134277, h3 = 1013904242, h4 = 2773480762;
  for (let i = 0; i < seed.length; i++) {
    const k = seed.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  // Signed words (| 0): the same bits as unsigned ones for every step of the generator, and the
  // first step overwrites all four anyway; small integers keep the array's elements untagged
  // integers instead of doubles, which makes every draw cheaper.
  const s: RngState = [(h1 ^ h2 ^ h3 ^ h4) | 0, (h2 ^ h1) | 0, (h3 ^ h1) | 0, (h4 ^ h1) | 0];
  for (let i = 0; i < 12; i++) nextU32(s);
  return s;
}

/** Advance the state in place and return a 32-bit unsigned integer. */
export function nextU32(s: RngState): number {
  // Each word read once and written once (locals, not the array, between the steps).
  const a = s[0], b = s[1], c = s[2], d = s[3];
  const t = (((a + b) | 0) + d) | 0;
  s[3] = (d + 1) | 0;
  s[0] = b ^ (b >>> 9);
  s[1] = (c + (c << 3)) | 0;
  s[2] = (((c << 21) | (c >>> 11)) + t) | 0;
  return t >>> 0;
}

/**
 * A uniform integer in [0, n) (bias below 2^-26 for card-game sizes). `u * n` scaled by 2^-32 is
 * the same double as `u / 2^32 * n` (scaling by a power of two is exact, so both round the one
 * product u·n once): the same draws, with a multiply where the division was.
 */
export const nextInt = (s: RngState, n: number): number => Math.floor(nextU32(s) * n * 2.3283064365386963e-10);

/**
 * Fisher-Yates, in place; runs once per deal. The generator's words stay in locals for the whole
 * shuffle (the same steps as `nextU32`, the same draws as `nextInt`), written back once at the end.
 */
export function shuffle<T>(s: RngState, a: T[]): T[] {
  let w0 = s[0], w1 = s[1], w2 = s[2], w3 = s[3];
  for (let i = a.length - 1; i > 0; i--) {
    const t = (((w0 + w1) | 0) + w3) | 0;
    w3 = (w3 + 1) | 0;
    w0 = w1 ^ (w1 >>> 9);
    w1 = (w2 + (w2 << 3)) | 0;
    w2 = (((w2 << 21) | (w2 >>> 11)) + t) | 0;
    const j = Math.floor((t >>> 0) * (i + 1) * 2.3283064365386963e-10);
    const x = a[i];
    a[i] = a[j];
    a[j] = x;
  }
  s[0] = w0;
  s[1] = w1;
  s[2] = w2;
  s[3] = w3;
  return a;
}

/** A seeded source of floats in [0, 1), for code outside the game state (bots, league seating). */
export function randomSource(seed: string): () => number {
  const s = seedRng(seed);
  return () => nextU32(s) / 4294967296;
}
