// The key-turning command (scripts/link-keys.mjs) names the next key after the highest number the
// Worker has, and lets every older link key go (other secrets are not its business).
import { describe, expect, it } from "vitest";
// @ts-expect-error a plain .mjs script without types
import { nextKey } from "../../scripts/link-keys.mjs";

const next = nextKey as (names: string[]) => { keys: string[]; next: string | null };

describe("the next link key", () => {
  it("follows LINK_KEY with LINK_KEY_2, and the highest number with the one after", () => {
    expect(next(["LINK_KEY", "VAPID_PRIVATE_KEY", "OPERATOR_KEY"])).toEqual({ keys: ["LINK_KEY"], next: "LINK_KEY_2" });
    expect(next(["LINK_KEY_10", "LINK_KEY_9", "LINK_KEY", "LINK_KEY_DEV"])).toEqual({ keys: ["LINK_KEY", "LINK_KEY_9", "LINK_KEY_10"], next: "LINK_KEY_11" });
    expect(next(["LINK_KEY_3"])).toEqual({ keys: ["LINK_KEY_3"], next: "LINK_KEY_4" });
  });

  it("has nothing to turn without a link key", () => {
    expect(next(["OPERATOR_KEY", "LINK_KEYS"])).toEqual({ keys: [], next: null });
  });
});
