// What a seat sends: an action (HTTP body or socket message), checked with valibot before anything
// else looks at it (400 INVALID_ACTION when it is not an action at all); whether it is allowed now
// is the engine's call (422 with the engine's code).
import * as v from "valibot";
import { SUITS, type Action, type ActionType } from "../engine";

const card = v.pipe(v.string(), v.maxLength(3));
const cards = v.pipe(v.array(card), v.maxLength(8));
const suit = v.picklist(SUITS);
const bare = <T extends string>(type: T) => v.object({ type: v.literal(type) });

// The engine's `Action` type is the one definition of the shape: the check below makes the compiler
// refuse a schema that parses to something else or misses an action.
export const ActionSchema = v.variant("type", [
  v.object({ type: v.literal("cut"), value: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(0xffffffff)) }),
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

/** A socket's first message: the seat token (never in the socket's URL). */
export const SocketAuthSchema = v.object({
  type: v.literal("auth"),
  token: v.pipe(v.string(), v.minLength(1), v.maxLength(200)),
  /** Send what changed in the view after each change instead of the whole view (view-changes.ts). */
  changes: v.optional(v.boolean()),
});
