import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const dir = mkdtempSync(join(tmpdir(), "muli-scenario-"));
const file = (name: string, body: string) => {
  const p = join(dir, name);
  writeFileSync(p, body);
  return p;
};
const run = (path: string) => spawnSync("npx", ["tsx", "worker/engine/scenario/cli.ts", path], { encoding: "utf8" });

describe("npm run scenario", () => {
  it("prints the result and exits 0, also when an action is rejected", () => {
    const p = file("reject.json", JSON.stringify({ rules: { preset: "standard", players: 3 }, dealer: 0, actions: [{ seat: 0, type: "noMulatschak" }] }));
    const r = run(p);
    expect(r.status).toBe(0);
    const out = JSON.parse(r.stdout);
    // Forehand is seat 1 (left of dealer 0): seat 0 speaks out of turn.
    expect(out).toMatchObject({ ok: false, rejected: { index: 0, code: "NOT_YOUR_TURN" }, phase: "mulatschak", toAct: [1] });
  });

  it.each([
    ["not JSON", "{"],
    ["an unknown preset", JSON.stringify({ rules: { preset: "nope" } })],
    ["a deal that is not a deck", JSON.stringify({ rules: { players: 2 }, deals: [{ hands: [["EA"], ["EK"]], talon: [] }] })],
    ["an action without a seat", JSON.stringify({ rules: { players: 2 }, actions: [{ type: "pass" }] })],
  ])("exits 2 with a message for %s", (_name, body) => {
    const r = run(file(`bad${Math.random()}.json`, body));
    expect(r.status).toBe(2);
    expect(r.stderr.length).toBeGreaterThan(0);
  });

  it("is wired as npm run scenario", () => {
    const p = file("ok.json", JSON.stringify({ rules: { preset: "bergxi", players: 2 }, dealer: 1 }));
    const out = JSON.parse(execFileSync("npm", ["run", "-s", "scenario", "--", p], { encoding: "utf8" }));
    expect(out).toMatchObject({ ok: true, phase: "bidding", toAct: [0], points: [21, 21] });
  });
});
