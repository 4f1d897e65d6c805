// Table options for correspondence play, as the create-table request carries them (additive to
// API.md's stable core): `clock: { hours, onTimeout }` and `autoPlay`.
import * as v from "valibot";
import { DEFAULT_OPTIONS, type ClockOptions } from "./clock";

export const HOUR_MS = 3_600_000;

export const ClockSchema = v.object({
  hours: v.pipe(v.number(), v.integer("hours: whole hours."), v.minValue(1, "hours: at least 1."), v.maxValue(336, "hours: at most 336 (two weeks).")),
  onTimeout: v.optional(v.picklist(["botOnce", "takeover"], "onTimeout: botOnce or takeover."), "botOnce"),
});

/** The fields the create-table schema gains. */
export const tableOptionFields = {
  clock: v.optional(v.nullable(ClockSchema)),
  autoPlay: v.optional(v.boolean()),
};

export function clockOptions(body: { clock?: v.InferOutput<typeof ClockSchema> | null; autoPlay?: boolean }): ClockOptions | null {
  if (!body.clock && body.autoPlay !== false) return null; // defaults: nothing to store
  return {
    decisionMs: body.clock ? body.clock.hours * HOUR_MS : DEFAULT_OPTIONS.decisionMs,
    onTimeout: body.clock?.onTimeout ?? DEFAULT_OPTIONS.onTimeout,
    autoPlay: body.autoPlay ?? DEFAULT_OPTIONS.autoPlay,
  };
}
