// Request bodies as middleware (`@hono/valibot-validator`): the route names its schema, the
// handler reads `c.req.valid("json")`, typed. A body is one JSON object (valibot's object() would
// let an array through); malformed JSON and a wrong shape are a 400 with our error shape and the
// route's code (INVALID_ACTION for actions, INVALID_REQUEST elsewhere). The origin guard has
// already refused a body sent as anything but application/json (415); an empty body reads as {},
// so a schema whose fields are all optional takes an empty request.
import { vValidator } from "@hono/valibot-validator";
import * as v from "valibot";
import { raise } from "../base/failure";
import { issueMessage } from "../base/input";

const isObject = (x: unknown): x is Record<string, unknown> => typeof x === "object" && x !== null && !Array.isArray(x);

export const jsonBody = <S extends v.GenericSchema<Record<string, unknown>>>(schema: S, code = "INVALID_REQUEST") => {
  const validate = vValidator("json", v.pipe(v.custom<Record<string, unknown>>(isObject, "The request body must be a JSON object."), schema), (result) => {
    if (!result.success) raise(400, code, issueMessage(result.issues));
  });
  const middleware = async (...[c, next]: Parameters<typeof validate>) => {
    // The validator's own JSON error would carry neither the route's code nor our wording; the
    // text is cached, so the validator reads it again for free.
    const text = await c.req.text();
    // The cache holds promises (hono's type says otherwise): an empty body is read as {}.
    if (text.trim() === "") (c.req.bodyCache as { text?: Promise<string> }).text = Promise.resolve("{}");
    else if (!parses(text)) raise(400, code, "The request body is not valid JSON.");
    return validate(c, next);
  };
  return middleware as typeof validate;
};

function parses(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}
