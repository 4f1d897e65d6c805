#!/usr/bin/env node
// Migrations are expand-then-contract (README, "Upgrading"): a release only adds (tables,
// columns, indexes), so the Worker before it keeps working on the migrated database while the new
// one deploys, and a rollback to it stays possible. Whatever takes away — a DROP of any kind, a
// RENAME of a column or table — waits for a later release, once no live Worker reads it, and sits
// in a migration marked as that contract step by a line `-- contract: <what goes, and since which
// release nothing reads it>`. This check refuses a taking-away statement in a migration without
// the mark (run by test/db/migrations.test.ts in `npm test`, and by `npm run check:migrations`).
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const MARK = /^--[ \t]*contract:[ \t]*\S/m;
// After comments are taken out, so a comment that mentions a DROP is no DROP.
const TAKES_AWAY = [/\bDROP\s+(TABLE|INDEX|VIEW|TRIGGER|COLUMN)\b/i, /\bALTER\s+TABLE\s+\S+\s+DROP\b/i, /\bRENAME\s+(COLUMN\s+)?\S+\s+TO\b/i, /\bRENAME\s+TO\b/i];

const withoutComments = (sql) => sql.replace(/--[^\n]*/g, "").replace(/\/\*[\s\S]*?\*\//g, "");

/** The statements of one migration's text that take something away, if it is not marked as a contract step. */
export function refused(sql) {
  if (MARK.test(sql)) return [];
  return withoutComments(sql)
    .split(";")
    .map((s) => s.replace(/\s+/g, " ").trim())
    .filter((s) => TAKES_AWAY.some((re) => re.test(s)));
}

/** Every refusal in a migrations folder: `file: statement`. */
export function checkFolder(dir) {
  const out = [];
  for (const file of readdirSync(dir).filter((f) => f.endsWith(".sql")).sort()) {
    for (const s of refused(readFileSync(join(dir, file), "utf8"))) out.push(`${file}: ${s}`);
  }
  return out;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const problems = checkFolder(fileURLToPath(new URL("../migrations", import.meta.url)));
  for (const p of problems) console.error(`takes away without a "-- contract:" mark: ${p}`);
  process.exit(problems.length ? 1 : 0);
}
