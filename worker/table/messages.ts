// What a seat sends: an action (HTTP body or socket message), checked with valibot before anything
// else looks at it (400 INVALID_ACTION when it is not an action at all); whether it is allowed now
// is the engine's call (422 with the engine's code).
import * as v from "valibot";

const card = v.pipe(v.string(), v.maxLength(3));
const cards = v.pipe(v.array(card), v.maxLength(8));
const suit = v.picklist(["E", "L", "H", "S"]);
const bare = <T extends string>(type: T) => v.object({ type: v.literal(type) });

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

export const VersionSchema = v.pipe(v.number(), v.integer(), v.minValue(0));

export const ActBodySchema = v.object({ version: VersionSchema, action: ActionSchema });

/** A socket message from a client. */
export const SocketMessageSchema = v.object({ type: v.literal("action"), version: VersionSchema, action: ActionSchema });
