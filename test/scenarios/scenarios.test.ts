// Runs every scenario file under test/scenarios/<topic>/<name>.json through the engine's scenario
// runner and compares the result with <name>.expected.json (a partial object, worked out by hand
// from RULES.md: an oracle independent of the engine). Keys starting with "_" are notes, not checks.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { dealProblems, deckSizeOf, type ScriptedDeal } from "../engine/kit/deck";

const here = dirname(fileURLToPath(import.meta.url));
const runnerPath = join(here, "../../worker/engine/scenario/run.ts");

const scenarioFiles = (readdirSync(here, { recursive: true }) as string[])
  .filter((f) => f.endsWith(".json") && !f.endsWith(".expected.json"))
  .sort();

const readJson = (file: string): any => JSON.parse(readFileSync(join(here, file), "utf8"));
const expectedFile = (file: string) => file.replace(/\.json$/, ".expected.json");

/** Drop note keys ("_why") at any depth. */
function stripNotes(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(stripNotes);
  if (v && typeof v === "object") {
    return Object.fromEntries(Object.entries(v).filter(([k]) => !k.startsWith("_")).map(([k, x]) => [k, stripNotes(x)]));
  }
  return v;
}

/** Hands are sets: compare them in a fixed order, whatever order the runner prints them in. */
function sortHands(out: any): any {
  if (!out || !Array.isArray(out.hands)) return out;
  return { ...out, hands: out.hands.map((h: string[]) => [...h].sort()) };
}

describe("scenario files are well-formed", () => {
  it("there are scenarios", () => expect(scenarioFiles.length).toBeGreaterThan(20));

  // Coverage the issue asks for: every rejection code, every preset with every player count.
  it("every rejection code of SCENARIOS.md is expected somewhere", () => {
    const codes = new Set(scenarioFiles.map((f) => readJson(expectedFile(f)).rejected?.code).filter(Boolean));
    for (const code of ["NOT_YOUR_TURN", "WRONG_PHASE", "NOT_IN_HAND", "BID_TOO_LOW", "BID_TOO_HIGH", "CANNOT_HOLD", "CANNOT_STAY_HOME",
      "EXCHANGE_NOT_ALLOWED", "EXCHANGE_TOO_MANY", "MUST_FOLLOW_SUIT", "MUST_HEAD_TRICK", "MUST_TRUMP", "INVALID_ACTION"]) expect(codes).toContain(code);
  });

  it("every preset is played with every player count it allows", () => {
    const seen = new Set(scenarioFiles.map((f) => readJson(f).rules).map((r) => `${r.preset}/${r.players ?? 4}`));
    for (const preset of ["standard", "geiser", "murln"]) for (const n of [2, 3, 4, 5]) expect(seen).toContain(`${preset}/${n}`);
    for (const n of [2, 3, 4]) expect(seen).toContain(`bergxi/${n}`);
  });

  it.each(scenarioFiles)("%s", (file) => {
    const s = readJson(file);
    expect(existsSync(join(here, expectedFile(file))), "missing .expected.json").toBe(true);
    const exp = readJson(expectedFile(file));
    for (const key of ["ok", "rejected", "phase", "toAct", "_why"]) expect(exp, `expected lacks ${key}`).toHaveProperty(key);
    if (exp.ok === false) expect(exp.rejected).toMatchObject({ index: expect.any(Number), code: expect.any(String) });
    // A scenario that finishes a hand pins its score and what the stake became.
    if (exp.phase === "over" || exp.handsPlayed?.length > 0) {
      for (const key of ["points", "stake", "stakeReasons", "handsPlayed"]) expect(exp, `finished hand: expected lacks ${key}`).toHaveProperty(key);
      for (const h of exp.handsPlayed) expect(h, "handsPlayed entries need delta").toHaveProperty("delta");
    }
    const players = s.rules?.players ?? 4;
    const size = deckSizeOf(s.rules ?? {});
    expect(Array.isArray(s.deals) && s.deals.length > 0, "needs at least one deal").toBe(true);
    s.deals.forEach((d: ScriptedDeal, i: number) => {
      expect(dealProblems(d, size, players), `deal ${i}`).toEqual([]);
      if (d.weliCut) expect(d.hands.some((h) => h.includes("W")), `deal ${i}: weliCut without W in a hand`).toBe(true);
    });
    for (const a of s.actions ?? []) expect(Number.isInteger(a.seat) && typeof a.type === "string", JSON.stringify(a)).toBe(true);
  });
});

describe.skipIf(!existsSync(runnerPath))("scenario outcomes (worker/engine/scenario/run.ts)", () => {
  it.each(scenarioFiles)("%s", async (file) => {
    // Imported by path so that this file type-checks before the runner exists.
    const { runScenario } = await import(/* @vite-ignore */ runnerPath);
    const out = runScenario(readJson(file));
    const exp = stripNotes(readJson(expectedFile(file)));
    expect(sortHands(out)).toMatchObject(sortHands(exp) as object);
  });
});
