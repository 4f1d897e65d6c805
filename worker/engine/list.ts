// Small in-place array edits for the hot paths. Order is kept everywhere: the position of a card
// in a hand decides which card a seeded random choice picks, so replays depend on it.

/** Remove the element at `i` (like `splice(i, 1)`, without allocating the array splice returns). */
export function removeAt<T>(a: T[], i: number): void {
  for (let k = i + 1; k < a.length; k++) a[k - 1] = a[k];
  a.pop();
}
