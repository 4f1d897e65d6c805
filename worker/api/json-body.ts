// Request bodies as middleware (`@hono/valibot-validator`): the route names its schema, the
// handler reads `c.req.valid("json")`, typed. A body is one JSON object (valibot's object() would
// let an array through); a wrong shape is a 400 with our error shape and code. The origin guard
// has already refused a body sent as anything but application/json (415); no body reads as {},
// so a schema whose fields are all optional takes an empty request.
import { vValidator } from "@hono/valibot-validator";
import * as v from "valibot";
import { raise } from "../base/failure";
import { issueMessage } from "../base/input";
import { isObject } from "./body";

export const jsonBody = <S extends v.GenericSchema<Record<string, unknown>>>(schema: S, code = "INVALID_REQUEST") =>
  vValidator("json", v.pipe(v.custom<Record<string, unknown>>(isObject, "The request body must be a JSON object."), schema), (result) => {
    if (!result.success) raise(400, code, issueMessage(result.issues));
  });
