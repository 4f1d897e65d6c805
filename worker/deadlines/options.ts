// Table options as the create-table request carries them (additive to API.md's stable core):
// `clock: { hours, onTimeout }`, `autoPlay`, and `hints` (whether a seat may ask for a suggestion).
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
  hints: v.optional(v.boolean("hints: true or false.")),
};

/** Everything a table stores in `table_options`: its clock, and whether hints are allowed. */
export interface TableOptions extends ClockOptions {
  hints: boolean;
}

export const DEFAULT_TABLE_OPTIONS: TableOptions = { ...DEFAULT_OPTIONS, hints: true };

type OptionFields = { clock?: v.InferOutput<typeof ClockSchema> | null; autoPlay?: boolean; hints?: boolean };

/** The options to store for a new table, or null when all are defaults (no row needed). */
export function tableOptions(body: OptionFields): TableOptions | null {
  if (!body.clock && body.autoPlay !== false && body.hints !== false) return null;
  return {
    decisionMs: body.clock ? body.clock.hours * HOUR_MS : DEFAULT_OPTIONS.decisionMs,
    onTimeout: body.clock?.onTimeout ?? DEFAULT_OPTIONS.onTimeout,
    autoPlay: body.autoPlay ?? DEFAULT_OPTIONS.autoPlay,
    hints: body.hints ?? DEFAULT_TABLE_OPTIONS.hints,
  };
}

/**
 * Whether a loaded table allows hints. Options not loaded yet count as "no": a league game must
 * never offer a hint by accident.
 */
export const moveHintsAllowed = (live: { options: TableOptions } | undefined): boolean => live?.options.hints ?? false;
