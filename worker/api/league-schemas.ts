// Request bodies of the league routes (worker/api/leagues.ts).
import * as v from "valibot";
import { BOT_NAMES } from "../bots";
import { nameField, textField } from "./names";
import { RulesObject } from "./schemas";

const int = (min: number, max: number, what: string) =>
  v.pipe(v.number(), v.integer(`${what}: a whole number.`), v.minValue(min, `${what}: at least ${min}.`), v.maxValue(max, `${what}: at most ${max}.`));

/**
 * Divisions (worker/leagues/divisions.ts): members per division (null: none) and how many go up
 * and down at each boundary at a season's end (at most half a division: checked with the size).
 */
const Divisions = {
  divisionSize: v.optional(v.nullable(int(3, 100, "divisionSize")), null),
  divisionMoves: v.optional(int(1, 50, "divisionMoves"), 1),
};

export const CreateLeagueSchema = v.object({
  name: nameField(60, "name", "A league needs a name."),
  description: v.optional(textField(2000, "description"), ""),
  // A preset plus house rules, checked by the engine for the table size (`players` is ours).
  rules: RulesObject,
  tableSize: int(3, 5, "tableSize"),
  allowBots: v.optional(v.boolean(), false),
  botLevel: v.optional(v.picklist(BOT_NAMES), "normal"),
  roundDays: v.optional(int(1, 60, "roundDays"), 7),
  decisionHours: v.optional(v.nullable(int(1, 336, "decisionHours")), 48),
  seasonRounds: v.optional(int(1, 52, "seasonRounds"), 10),
  visibility: v.optional(v.picklist(["private", "public"]), "private"),
  ...Divisions,
});

export const JoinSchema = v.object({
  invite: v.pipe(v.string(), v.maxLength(100)),
  name: nameField(40, "name", "A member needs a name."),
});

/**
 * A new season may bring new rules; within a season they stay as they are. Strict: a body with
 * any other key (`{"__proto__": …}` among them) is junk, not an empty request.
 */
export const NewSeasonSchema = v.strictObject({
  rules: v.optional(RulesObject),
  divisionSize: v.optional(Divisions.divisionSize.wrapped),
  divisionMoves: v.optional(Divisions.divisionMoves.wrapped),
});

export const StartRoundSchema = v.object({ no: v.optional(int(1, 10_000, "no")), duplicate: v.optional(v.boolean("duplicate: true or false.")) });
export const ExtendSchema = v.object({ days: int(1, 60, "days") });
export const DecideSchema = v.object({ outcome: v.picklist(["score", "annul"], "outcome: score or annul.") });
export const ReplaceSchema = v.object({ member: v.nullable(v.pipe(v.string(), v.maxLength(40))) });
