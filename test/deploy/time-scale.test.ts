// The one clock (worker/base/clock.ts): real time unless a development run compresses it, and a
// deployment can neither set the compression nor be affected by it.
import { readFileSync } from "node:fs";
import { afterEach, describe, expect, it, vi } from "vitest";
import { realAt, realClock, realSeconds, timeNow, timeScaleOf, useClock } from "../../worker/base/clock";
import { makeSecrets, plan, type AccountState, type RawConfig } from "../../scripts/deploy-plan";

const ORIGIN = 1_780_000_000_000;
const dev = { DEV_TIME_SCALE: "600", DEV_TIME_ORIGIN: String(ORIGIN), LINK_KEY_DEV: "k" };

afterEach(() => {
  realClock();
  vi.useRealTimers();
});

describe("the clock", () => {
  it("is the real time when nothing compresses it", () => {
    vi.useFakeTimers({ now: ORIGIN + 5000 });
    useClock({ LINK_KEY_DEV: "k" });
    expect(timeNow()).toBe(ORIGIN + 5000);
    expect(realAt(ORIGIN + 60_000)).toBe(ORIGIN + 60_000);
    expect(realSeconds(90)).toBe(90);
  });

  it("runs SCALE times faster from the origin, and converts game instants and durations back to real ones", () => {
    vi.useFakeTimers({ now: ORIGIN });
    useClock(dev);
    expect(timeNow()).toBe(ORIGIN);
    vi.advanceTimersByTime(1000); // one real second is ten game minutes
    expect(timeNow()).toBe(ORIGIN + 600_000);
    // A 48-hour decision clock started now ends 288 real seconds later.
    const deadline = timeNow() + 48 * 3_600_000;
    expect(realAt(deadline)).toBe(ORIGIN + 1000 + 288_000);
    // Game time at that real instant has reached the deadline (an alarm there finds it due).
    vi.setSystemTime(realAt(deadline));
    expect(timeNow()).toBeGreaterThanOrEqual(deadline);
    // A quiet-hours wait of 8 hours is a queue delay of 48 s; a short one is at least `min`.
    expect(realSeconds(8 * 3600)).toBe(48);
    expect(realSeconds(0.001, 1)).toBe(1);
  });

  it("keeps game time continuous across restarts (a fixed origin, not the process's start)", () => {
    vi.useFakeTimers({ now: ORIGIN + 10_000 });
    useClock(dev);
    const before = timeNow();
    realClock(); // the process dies
    vi.advanceTimersByTime(2000);
    useClock(dev); // and starts again
    expect(timeNow()).toBe(before + 2000 * 600);
  });

  it("ignores the variables where a real link key is set (every deployment has one), and nonsense", () => {
    expect(timeScaleOf(dev)).toEqual([600, ORIGIN]);
    expect(timeScaleOf({ ...dev, LINK_KEY: "secret" })).toBeNull();
    expect(timeScaleOf({ ...dev, LINK_KEY_3: "secret" })).toBeNull();
    expect(timeScaleOf({ ...dev, DEV_TIME_ORIGIN: undefined })).toBeNull();
    expect(timeScaleOf({ ...dev, DEV_TIME_SCALE: "1" })).toBeNull();
    expect(timeScaleOf({ ...dev, DEV_TIME_SCALE: "fast" })).toBeNull();
    expect(timeScaleOf({ ...dev, DEV_TIME_SCALE: "1e9" })).toBeNull();
    vi.useFakeTimers({ now: ORIGIN + 1000 });
    useClock({ ...dev, LINK_KEY: "secret" });
    expect(timeNow()).toBe(ORIGIN + 1000);
  });
});

describe("the deploy never compresses time", () => {
  it("wrangler.toml sets no time variable", () => {
    const toml = readFileSync("wrangler.toml", "utf8");
    expect(toml).not.toMatch(/DEV_TIME/);
    expect(toml).not.toMatch(/^\s*\[vars\]/m);
  });

  it("the deploy's steps and secrets carry none", () => {
    const config: RawConfig = { name: "muli", d1_databases: [{ binding: "DB", database_name: "muli" }] };
    const empty: AccountState = { accountId: "acc1", databases: [], buckets: [], queues: [], secrets: null };
    const steps = plan(config, empty, { dryRun: false });
    expect(JSON.stringify(steps)).not.toMatch(/DEV_TIME/);
    expect(Object.keys(makeSecrets(["LINK_KEY", "VAPID_PUBLIC_KEY", "VAPID_PRIVATE_KEY", "OPERATOR_KEY"]))).not.toContain("DEV_TIME_SCALE");
    for (const file of ["scripts/deploy.ts", "scripts/deploy-plan.ts"]) expect(readFileSync(file, "utf8")).not.toMatch(/DEV_TIME/);
    // And the secrets it makes include the link key that switches the variables off.
    expect(Object.keys(makeSecrets(["LINK_KEY"]))).toContain("LINK_KEY");
  });
});
