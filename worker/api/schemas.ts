// Request bodies of the table and feedback routes, checked with valibot before anything else
// looks at them (actions: worker/table/messages.ts), and the answer to a table's creation.
import * as v from "valibot";
import { BOT_NAMES } from "../bots";
import { ClockSchema, tableOptionFields } from "../deadlines/options";
import { nameField } from "./names";

/**
 * A rules object, passed through as sent: valibot's record would drop keys like "constructor"
 * quietly, but an unknown option must be refused (the engine's resolveRules names it).
 */
export const RulesObject = v.custom<Record<string, unknown>>(
  (x) => typeof x === "object" && x !== null && !Array.isArray(x),
  "rules: an object with a preset and options.",
);

const name = nameField(40, "name", "A seat needs a name.");

export const CreateTableSchema = v.object({
  // Options are checked by the engine's resolveRules, which names the option at fault.
  rules: RulesObject,
  seats: v.pipe(
    v.array(v.object({ name, bot: v.optional(v.nullable(v.picklist(BOT_NAMES))) })),
    v.minLength(2, "A table has at least 2 seats."),
    v.maxLength(5, "A table has at most 5 seats."),
  ),
  /** The creator's own seat (a person's): linked to the creator's player, when the request carries its key. */
  you: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(4))),
  ...tableOptionFields,
});

export const FeedbackSchema = v.object({
  kind: v.picklist(["rule", "problem"]),
  text: v.pipe(v.string(), v.trim(), v.minLength(1, "Feedback needs some text."), v.maxLength(5000)),
  contact: v.optional(v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(200)))),
});


/** One seat in the answer to `POST /api/tables`: a person's seat has its token and link once. */
export interface CreatedSeat {
  seat: number;
  name: string;
  bot: string | null;
  token: string | null;
  link: string | null;
}

/** The answer to `POST /api/tables` (201). */
export interface CreatedTable {
  id: string;
  seats: CreatedSeat[];
  /** The creator's secret for looking after the table (API.md additions: the table's host). */
  host: { key: string; link: string };
}

/** POST /api/tables/:id/end: end the game scored as it stands, or annul it. */
export const EndBodySchema = v.object({ outcome: v.picklist(["score", "annul"], "outcome: score or annul.") });

/** PATCH /api/tables/:id/clock (the host): the time per decision from the next decision on, or none. */
export const ClockBodySchema = v.object({ clock: v.nullable(ClockSchema) });
