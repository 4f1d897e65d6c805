// The key that seals seat links at rest in local development (npm start, the browser tests, the
// server benchmark): random, kept beside the local state so that a restart still opens old links,
// and never part of the repository or of a deployment (which must set the LINK_KEY secret).
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/** `--var LINK_KEY_DEV:<key>` for `wrangler dev`, the key kept in `stateDir`. */
export function devLinkKeyArgs(stateDir) {
  mkdirSync(stateDir, { recursive: true });
  const file = join(stateDir, "link-key-dev");
  if (!existsSync(file)) writeFileSync(file, randomBytes(32).toString("base64url"), { mode: 0o600 });
  return ["--var", `LINK_KEY_DEV:${readFileSync(file, "utf8").trim()}`];
}
