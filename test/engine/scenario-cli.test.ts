import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runScenario, ScenarioFileError } from "../../worker/engine/scenario/run";

const dir = mkdtempSync(join(tmpdir(), "muli-scenario-"));
const file = (name: string, body: string) => {
  const p = join(dir, name);
  writeFileSync(p, body);
  return p;
};
// Spawning a TypeScript CLI is slow on a busy machine: few spawns, generous timeouts.
const SPAWN = { timeout: 60_000 };
const npmScenario = (path: string) => spawnSync("npm", ["run", "-s", "scenario", "--", path], { encoding: "utf8" });

describe("npm run scenario", () => {
  it("prints the result and exits 0, also when an action is rejected", SPAWN, () => {
    const p = file("reject.json", JSON.stringify({ rules: { preset: "standard", players: 3 }, dealer: 0, actions: [{ seat: 0, type: "noMulatschak" }] }));
    const r = npmScenario(p);
    expect(r.status).toBe(0);
    // Forehand is seat 1 (left of dealer 0): seat 0 speaks out of turn.
    expect(JSON.parse(r.stdout)).toMatchObject({ ok: false, rejected: { index: 0, code: "NOT_YOUR_TURN" }, phase: "mulatschak", toAct: [1] });
  });

  it("exits 2 with a message for a file that is not JSON", SPAWN, () => {
    const r = npmScenario(file("bad.json", "{"));
    expect(r.status).toBe(2);
    expect(r.stderr).toContain("not valid JSON");
  });

  it("exits 2 for a malformed scenario", SPAWN, () => {
    const r = npmScenario(file("bad-preset.json", JSON.stringify({ rules: { preset: "nope" } })));
    expect(r.status).toBe(2);
    expect(r.stderr).toContain("nope");
  });
});

describe("runScenario refuses malformed files", () => {
  it.each([
    ["an unknown preset", { rules: { preset: "nope" } }],
    ["a deal that is not a deck", { rules: { players: 2 }, deals: [{ hands: [["EA"], ["EK"]], talon: [] }] }],
    ["an action without a seat", { rules: { players: 2 }, actions: [{ type: "pass" }] }],
    ["a dealer out of range", { rules: { players: 2 }, dealer: 2 }],
    ["points of the wrong length", { rules: { players: 3 }, points: [1, 2] }],
  ])("%s", (_name, body) => {
    expect(() => runScenario(body)).toThrow(ScenarioFileError);
  });

  it("accepts a minimal file and deals from the seed", () => {
    expect(runScenario({ rules: { preset: "bergxi", players: 2 }, dealer: 1 })).toMatchObject({ ok: true, phase: "bidding", toAct: [0], points: [21, 21] });
  });
});
