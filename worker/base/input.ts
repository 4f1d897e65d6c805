// Limits and messages of request input, shared by the routes and the table's sockets.
import * as v from "valibot";

/** Largest request body the API reads (a create-table request is the biggest, well under this). */
export const MAX_BODY_BYTES = 8 * 1024;

/** A short sentence from valibot's first issue, with the path where it happened. */
export function issueMessage(issues: readonly v.BaseIssue<unknown>[]): string {
  const first = issues[0];
  const path = v.getDotPath(first);
  return path ? `${path}: ${first.message}` : first.message;
}
