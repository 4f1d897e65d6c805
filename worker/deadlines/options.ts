// Table options as the create-table request carries them (additive to API.md's stable core):
// `clock: { hours, onTimeout }`, `autoPlay`, and `hints` (whether a seat may ask for a suggestion).
import * as v from "valibot";
import { DEFAULT_OPTIONS, type ClockOptions } from "./clock";

export const HOUR_MS = 3_600_000;

/** The shortest clock, for a game played in an evening (hours may count minutes: 0.25 is 15). */
const MIN_CLOCK_MINUTES = 5;

/** A clock in hours as milliseconds, to the whole minute (1/12 of an hour is not exact in binary). */
export const clockMs = (hours: number): number => Math.round(hours * 60) * 60_000;

export const ClockSchema = v.object({
  hours: v.pipe(
    v.number(),
    v.check((h) => Math.abs(h * 60 - Math.round(h * 60)) < 1e-6, "hours: whole minutes (0.25 is 15 minutes)."),
    v.check((h) => Math.round(h * 60) >= MIN_CLOCK_MINUTES, "hours: at least 5 minutes (5/60)."),
    v.maxValue(336, "hours: at most 336 (two weeks)."),
  ),
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
    decisionMs: body.clock ? clockMs(body.clock.hours) : DEFAULT_OPTIONS.decisionMs,
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
