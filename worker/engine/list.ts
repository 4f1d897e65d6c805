// Small in-place array edits for the hot paths. Order is kept everywhere: the position of a card
// in a hand decides which card a seeded random choice picks, so replays depend on it.

/** Remove the element at `i` (like `splice(i, 1)`, without allocating the array splice returns). */
export function removeAt<T>(a: T[], i: number): void {
  for (let k = i + 1; k < a.length; k++) a[k - 1] = a[k];
  a.pop();
}

/** Move the first `k` elements of `from` (all of them if there are fewer) to the end of `to`. */
export function moveFront<T>(from: T[], to: T[], k: number): void {
  const n = from.length;
  const m = Math.min(k, n);
  if (m === 0) return;
  for (let i = 0; i < m; i++) to.push(from[i]);
  for (let i = m; i < n; i++) from[i - m] = from[i];
  for (let i = 0; i < m; i++) from.pop();
}

/** A new array holding `a` and then `b` (`concat` is a slow generic builtin for such short lists). */
export function joined<T>(a: T[], b: T[]): T[] {
  const out = new Array<T>(a.length + b.length);
  for (let i = 0; i < a.length; i++) out[i] = a[i];
  for (let i = 0; i < b.length; i++) out[a.length + i] = b[i];
  return out;
}

/** Empty `a` in place by pops, which keep its store for the next fill (`length = 0` drops it). */
export function clearList<T>(a: T[]): void {
  while (a.length !== 0) a.pop();
}
