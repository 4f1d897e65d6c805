// Request bodies of the table and feedback routes, checked with valibot before anything else
// looks at them (actions: worker/table/messages.ts).
import * as v from "valibot";
import { BOT_NAMES } from "../bots";
import { tableOptionFields } from "../deadlines/options";

const name = v.pipe(v.string(), v.trim(), v.minLength(1, "A seat needs a name."), v.maxLength(40, "Names are at most 40 characters."));

export const CreateTableSchema = v.object({
  // Options are checked by the engine's resolveRules, which names the option at fault.
  rules: v.record(v.string(), v.unknown()),
  seats: v.pipe(
    v.array(v.object({ name, bot: v.optional(v.nullable(v.picklist(BOT_NAMES))) })),
    v.minLength(2, "A table has at least 2 seats."),
    v.maxLength(5, "A table has at most 5 seats."),
  ),
  ...tableOptionFields,
});

export const FeedbackSchema = v.object({
  kind: v.picklist(["rule", "problem"]),
  text: v.pipe(v.string(), v.trim(), v.minLength(1, "Feedback needs some text."), v.maxLength(5000)),
  contact: v.optional(v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(200)))),
});

