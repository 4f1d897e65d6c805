// npm run scenario -- FILE: prints the result as one JSON object (SCENARIOS.md).
// Exit 0 when the file was read (rejected actions included), 2 for a malformed file.
import { readFileSync } from "node:fs";
import { runScenario, ScenarioFileError } from "./run";

const path = process.argv[2];
if (!path) {
  console.error("usage: npm run scenario -- FILE");
  process.exit(2);
}
let text: string;
try {
  text = readFileSync(path, "utf8");
} catch (e) {
  console.error(`cannot read ${path}: ${(e as Error).message}`);
  process.exit(2);
}
let file: unknown;
try {
  file = JSON.parse(text);
} catch (e) {
  console.error(`${path} is not valid JSON: ${(e as Error).message}`);
  process.exit(2);
}
try {
  console.log(JSON.stringify(runScenario(file), null, 2));
} catch (e) {
  if (e instanceof ScenarioFileError) {
    console.error(`${path}: ${e.message}`);
    process.exit(2);
  }
  throw e;
}
