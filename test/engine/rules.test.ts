import { describe, expect, it } from "vitest";
import { resolveRules } from "../../worker/engine";

describe("resolveRules", () => {
  it("fills every option from the preset", () => {
    const r = resolveRules({ preset: "murln", players: 4 });
    expect(r.ok && r.rules).toMatchObject({ deck: 33, startPoints: 21, stayHome: 2, maxExchange4: 3, mulatschakWinOthers: 20 });
  });

  it("gives standard start points by player count", () => {
    const points = [2, 3, 4, 5].map((players) => {
      const r = resolveRules({ preset: "standard", players });
      return r.ok ? r.rules.startPoints : null;
    });
    expect(points).toEqual([31, 21, 15, 15]);
  });

  it("applies house rules over the preset", () => {
    const r = resolveRules({ preset: "standard", players: 3, stayHome: "off", mustHead: false, startPoints: 25 });
    expect(r.ok && r.rules).toMatchObject({ stayHome: false, mustHead: false, startPoints: 25 });
  });

  it.each([
    [{ preset: "skat" }, "preset"],
    [{ preset: "bergxi", players: 5 }, "players"],
    [{ players: 6 }, "players"],
    [{ players: 4, trumpOrder: "x" }, "trumpOrder"],
    [{ players: 4, maxExchange: 6 }, "maxExchange"],
    [{ players: 4, faceUp: "sometimes" }, "faceUp"],
    [{ players: 4, mustTrump: "yes" }, "mustTrump"],
    [{ players: 4, stayHome: -1 }, "stayHome"],
  ])("refuses %j naming %s", (input, option) => {
    const r = resolveRules(input);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.option).toBe(option);
      expect(r.error.message).toContain(option === "players" ? "" : option === "preset" ? "skat" : option);
    }
  });

  // Names every plain object answers to: they are neither presets nor options.
  const PROTOTYPE_NAMES = [...Object.getOwnPropertyNames(Object.prototype), "__proto__"];

  it.each(PROTOTYPE_NAMES)("refuses the preset %s", (name) => {
    const r = resolveRules({ preset: name, players: 2 });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.option).toBe("preset");
  });

  it.each(PROTOTYPE_NAMES)("refuses the option %s", (name) => {
    // JSON.parse makes "__proto__" an own key, as a request body would.
    const r = resolveRules(JSON.parse(`{"preset":"standard","players":2,${JSON.stringify(name)}:1}`));
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.option).toBe(name);
  });
});
