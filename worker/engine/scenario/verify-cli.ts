// npm run verify -- record.json: re-deals a finished game from its seed and checks every deal of
// its record, its actions and result, and that SHA-256 of the seed is the commitment the table
// showed. Prints one JSON object; exit 0 when the record holds, 1 when it does not, 2 unreadable.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { verifyRecord, type GameRecord } from "../index";

const path = process.argv[2];
if (!path) {
  console.error("usage: npm run verify -- RECORD.json");
  process.exit(2);
}
let record: GameRecord;
try {
  record = JSON.parse(readFileSync(path, "utf8")) as GameRecord;
} catch (e) {
  console.error(`cannot read ${path}: ${(e as Error).message}`);
  process.exit(2);
}
const digest = typeof record?.seed === "string" ? createHash("sha256").update(record.seed, "utf8").digest("hex") : null;
const out = verifyRecord(record, digest);
console.log(JSON.stringify({ ...out, seedSha256: digest, commitment: record?.commitment ?? null }, null, 2));
process.exit(out.ok ? 0 : 1);
