// The browser's part of an answer (clientDataJSON): which ceremony, which challenge, which page.
import type { Bytes } from "../../base/secrets";
import type { Expected } from "./answers";
import { bytesOf, refuse } from "./refusal";

/** The clientDataJSON's bytes (the signature covers their hash), once it names this ceremony, challenge and origin. */
export function checkClientData(field: unknown, type: "webauthn.create" | "webauthn.get", expected: Expected): Bytes {
  const bytes = bytesOf("clientDataJSON", field);
  let data: Record<string, unknown>;
  try {
    data = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes)) as Record<string, unknown>;
  } catch {
    return refuse("MALFORMED", "clientDataJSON is not JSON.");
  }
  if (typeof data !== "object" || data === null) refuse("MALFORMED", "clientDataJSON is not an object.");
  if (data.type !== type) refuse("TYPE", `The answer is for "${String(data.type)}", not "${type}".`);
  if (data.challenge !== expected.challenge) refuse("CHALLENGE", "The answer signed another challenge.");
  if (data.origin !== expected.origin) refuse("ORIGIN", `The answer came from ${String(data.origin)}, not ${expected.origin}.`);
  // Muli is never embedded in another site's frame.
  if (data.crossOrigin === true || data.topOrigin !== undefined) refuse("ORIGIN", "The answer came from a frame inside another site.");
  return bytes;
}
