// The order in which vitest starts test files: the longest browser files first. Two browser files
// run at a time, and a long file started last is the whole suite's tail; vitest's own order on a
// fresh clone (no cache of earlier runs) is the largest file first, which put the 23-line soak
// (two minutes) and the presets (three) last.
import { relative } from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * Seconds each long file took on two cores (Dec 4, alone or in fours, load about 9); files not
 * named take less and keep vitest's order after these. Only the order matters, not the figures.
 */
export const SECONDS: Record<string, number> = {
  "test/e2e/a11y.test.ts": 107,
  "test/e2e/table.test.ts": 92,
  "test/e2e/walk-table.test.ts": 91,
  "test/e2e/identity.test.ts": 85,
  "test/e2e/lighthouse.test.ts": 76,
  "test/e2e/walk-pages.test.ts": 73,
  "test/e2e/start.test.ts": 72,
  "test/e2e/hints.test.ts": 69,
  "test/e2e/presets.test.ts": 50,
};

/** Longest first; ties (every file not named) in vitest's own order. */
export function longestFirst<T>(files: T[], path: (f: T) => string): T[] {
  const weight = (f: T) => SECONDS[path(f)] ?? 0;
  return [...files].sort((a, b) => weight(b) - weight(a));
}

export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root;
    return longestFirst(await super.sort(files), (f) => relative(root, f.moduleId));
  }
}
