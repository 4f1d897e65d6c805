// A table's clock as the create request and the host's page carry it: from five minutes (a game
// in an evening) to two weeks, in whole minutes, kept as milliseconds.
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { ClockSchema, tableOptions } from "../../worker/deadlines/options";

const accepts = (hours: number) => v.safeParse(ClockSchema, { hours }).success;

describe("the clock's limits", () => {
  it("accepts short clocks in whole minutes", () => {
    for (const minutes of [5, 10, 15, 30, 45, 90]) expect(accepts(minutes / 60), `${minutes} minutes`).toBe(true);
    expect(tableOptions({ clock: { hours: 5 / 60, onTimeout: "botOnce" } })?.decisionMs).toBe(5 * 60_000);
    expect(tableOptions({ clock: { hours: 0.25, onTimeout: "botOnce" } })?.decisionMs).toBe(15 * 60_000);
  });
  it("still accepts the correspondence clocks", () => {
    for (const hours of [1, 12, 48, 168, 336]) expect(accepts(hours), `${hours} hours`).toBe(true);
    expect(tableOptions({ clock: { hours: 48, onTimeout: "takeover" } })).toMatchObject({ decisionMs: 48 * 3_600_000, onTimeout: "takeover" });
  });
  it("refuses less than five minutes, parts of a minute and more than two weeks", () => {
    for (const hours of [0, 4 / 60, 0.001, 1 / 7, 337, -1]) expect(accepts(hours), `${hours} hours`).toBe(false);
  });
});
