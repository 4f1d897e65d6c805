import { existsSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { SECONDS, longestFirst } from "../longest-first";

describe("the order of test files", () => {
  it("starts the long browser files first, longest first, and keeps the order of the rest", () => {
    const files = ["test/e2e/check.test.ts", "test/e2e/table.test.ts", "test/e2e/security.test.ts", "test/e2e/a11y.test.ts", "test/e2e/presets.test.ts"];
    expect(longestFirst(files, (f) => f)).toEqual(["test/e2e/a11y.test.ts", "test/e2e/table.test.ts", "test/e2e/presets.test.ts", "test/e2e/check.test.ts", "test/e2e/security.test.ts"]);
  });

  it("names only files that exist (a renamed file would silently drop to the end)", () => {
    for (const path of Object.keys(SECONDS)) expect(existsSync(path), path).toBe(true);
  });
});
