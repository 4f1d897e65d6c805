// Request bodies, checked with valibot before anything else looks at them. The shape of an action
// is checked here (400 INVALID_ACTION when it is not an action at all); whether it is allowed now
// is the engine's call (422 with the engine's code).
import * as v from "valibot";
import { BOT_NAMES } from "../bots";
import { SUITS, type Action, type ActionType } from "../engine";
import { tableOptionFields } from "../deadlines/options";

const card = v.pipe(v.string(), v.maxLength(3));
const cards = v.pipe(v.array(card), v.maxLength(8));
const suit = v.picklist(SUITS);
const bare = <T extends string>(type: T) => v.object({ type: v.literal(type) });

// The engine's `Action` type is the one definition of the shape: the check below makes the compiler
// refuse a schema that parses to something else or misses an action.
export const ActionSchema = v.variant("type", [
  bare("mulatschak"),
  bare("noMulatschak"),
  v.object({ type: v.literal("bid"), tricks: v.pipe(v.number(), v.integer()) }),
  bare("pass"),
  bare("hold"),
  bare("white"),
  v.object({ type: v.literal("trump"), suit }),
  bare("join"),
  bare("stayHome"),
  v.object({ type: v.literal("exchange"), cards }),
  v.object({ type: v.literal("takeShown"), discard: v.optional(card) }),
  bare("leaveShown"),
  bare("fiveOnSau"),
  v.object({ type: v.literal("discard"), cards }),
  v.object({ type: v.literal("play"), card }),
]);
type Parsed = v.InferOutput<typeof ActionSchema>;
const sameShape: [Parsed] extends [Action] ? ([ActionType] extends [Parsed["type"]] ? true : false) : false = true;
void sameShape;

export const VersionSchema = v.pipe(v.number(), v.integer(), v.minValue(0));

export const ActBodySchema = v.object({ version: VersionSchema, action: ActionSchema });

/** A socket message from a client. */
export const SocketMessageSchema = v.object({ type: v.literal("action"), version: VersionSchema, action: ActionSchema });

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

/** Largest request body the API reads (a create-table request is the biggest, well under this). */
export const MAX_BODY_BYTES = 8 * 1024;

/** A short sentence from valibot's first issue, with the path where it happened. */
export function issueMessage(issues: readonly v.BaseIssue<unknown>[]): string {
  const first = issues[0];
  const path = v.getDotPath(first);
  return path ? `${path}: ${first.message}` : first.message;
}
