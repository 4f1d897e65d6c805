// Reading a JSON body through a valibot schema: malformed JSON and wrong shapes are a 400 with
// the caller's chosen code (INVALID_ACTION for actions, INVALID_REQUEST elsewhere).
import type { Context } from "hono";
import * as v from "valibot";
import { raise } from "../base/failure";
import { issueMessage } from "../base/input";

export async function readBody<S extends v.GenericSchema>(c: Context, schema: S, code: string): Promise<v.InferOutput<S>> {
  let data: unknown;
  try {
    data = JSON.parse(await c.req.text());
  } catch {
    return raise(400, code, "The request body is not valid JSON.");
  }
  // valibot's object() lets an array through; a body is always one JSON object here.
  if (!isObject(data)) return raise(400, code, "The request body must be a JSON object.");
  const parsed = v.safeParse(schema, data);
  if (!parsed.success) return raise(400, code, issueMessage(parsed.issues));
  return parsed.output;
}

export const isObject = (x: unknown): x is Record<string, unknown> => typeof x === "object" && x !== null && !Array.isArray(x);

/** A body whose fields are all optional: an empty body reads as {}. */
export async function readOptional<S extends v.GenericSchema>(c: Context, schema: S): Promise<v.InferOutput<S>> {
  const raw = await c.req.text();
  let data: unknown = {};
  if (raw.trim() !== "") {
    try {
      data = JSON.parse(raw);
    } catch {
      return raise(400, "INVALID_REQUEST", "The request body is not valid JSON.");
    }
    if (!isObject(data)) return raise(400, "INVALID_REQUEST", "The request body must be a JSON object.");
  }
  const parsed = v.safeParse(schema, data);
  if (!parsed.success) return raise(400, "INVALID_REQUEST", issueMessage(parsed.issues));
  return parsed.output;
}
